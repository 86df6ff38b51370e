/// A lookup table built once from values checked when it is built (the grammar's
/// transitions, a dialect's keywords) and never changed: its elements are read without
/// a bounds check. Whoever builds one checks every index it will be read at, so a
/// read can only go wrong through a bug in that check, which the table's tests cover.
///
/// `@unchecked Sendable`: the memory is written once, in `init`, before the table can
/// be shared, and only read afterwards; it is freed with the last copy.
struct FrozenTable<Element: Sendable>: @unchecked Sendable, RandomAccessCollection {
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let count: Int

        init(_ elements: [Element]) {
            count = elements.count
            base = .allocate(capacity: Swift.max(count, 1))
            base.initialize(from: elements, count: count)
        }

        deinit {
            base.deinitialize(count: count)
            base.deallocate()
        }
    }

    private let storage: Storage
    /// The elements, read unchecked; `storage` keeps them alive.
    private let base: UnsafePointer<Element>
    let endIndex: Int

    init(_ elements: [Element]) {
        storage = Storage(elements)
        base = UnsafePointer(storage.base)
        endIndex = elements.count
    }

    var startIndex: Int { 0 }

    @inline(__always) subscript(index: Int) -> Element { base[index] }

    /// Calls `body` with the elements in place.
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: endIndex)) }
    }
}
