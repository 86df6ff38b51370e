#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// The records of one kind in a document or its pickles (steps, cells, ...): a
/// growable run of plain values in memory of its own, without the reference count and
/// copy-on-write check an array pays on every append and every copy of the set.
///
/// A column does not own its memory: it is a pointer, a count and a capacity. Its
/// owner (`AstNodes`, `PickleNodes`, both non-copyable) hands it on or frees it exactly
/// once; a copy of a column is a second name for the same records, used only while
/// the owner is alive. Reads are bounds-checked.
///
/// `@unchecked Sendable`: records are written only by the parse or compilation that
/// fills its owner, before the owner is shared; after that they are only read.
struct RecordColumn<Element: BitwiseCopyable>: @unchecked Sendable {
    private var base: UnsafeMutablePointer<Element>?
    private(set) var count = 0
    private(set) var capacity = 0

    init() {}

    var isEmpty: Bool { count == 0 }
    var indices: Range<Int> { 0..<count }

    @inline(__always) subscript(index: Int) -> Element {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "record index out of range")
        return base.unsafelyUnwrapped[index]
    }

    /// The records in `range`.
    subscript(range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "record range out of range")
        return UnsafeBufferPointer(start: base.map { $0 + range.lowerBound }, count: range.count)
    }

    /// Every record, in place.
    var buffer: UnsafeBufferPointer<Element> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base.unsafelyUnwrapped + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: some Collection<Element>) {
        // Grown as by appending one at a time (doubling), so that many small appends
        // stay linear.
        if count + elements.count > capacity { grow(toHold: count + elements.count) }
        for element in elements { append(element) }
    }

    mutating func reserveCapacity(_ minimumCapacity: Int) {
        if minimumCapacity > capacity { resize(to: minimumCapacity) }
    }

    /// Forgets every record, keeping the memory.
    mutating func removeAll() { count = 0 }

    /// Frees the memory; the column is empty afterwards.
    mutating func deallocate() {
        free(base)
        self = RecordColumn()
    }

    /// Doubles the capacity (from 8) until it holds `needed` records.
    @inline(never) private mutating func grow(toHold needed: Int) {
        var larger = Swift.max(capacity * 2, 8)
        while larger < needed { larger *= 2 }
        resize(to: larger)
    }

    private mutating func resize(to newCapacity: Int) {
        precondition(MemoryLayout<Element>.alignment <= 16, "records must fit malloc's alignment")
        let (bytes, overflow) = newCapacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let memory = realloc(base, Swift.max(bytes, 1)) else { preconditionFailure("records: out of memory") }
        base = memory.bindMemory(to: Element.self, capacity: newCapacity)
        capacity = newCapacity
    }
}
