#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(Musl)
import Musl
#endif

/// A growable buffer of one parse's working values (lines' items, open rules, their
/// tokens, text), owned by one matcher, builder, parser run or compilation and freed
/// with it. Unlike an array it is never shared, so appending and writing pay no
/// copy-on-write check; reads are bounds-checked.
struct ScratchBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = Self.allocate(self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        free(base)
    }

    /// Memory for `capacity` elements from `malloc`, whose alignment suffices for the
    /// values kept here: `UnsafeMutablePointer.allocate` takes the runtime's aligned
    /// path (`posix_memalign`), which costs more on every parse.
    private static func allocate(_ capacity: Int) -> UnsafeMutablePointer<Element> {
        precondition(MemoryLayout<Element>.alignment <= 16, "scratch elements must fit malloc's alignment")
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let memory = malloc(max(bytes, 1)) else { preconditionFailure("scratch buffer: out of memory") }
        return memory.bindMemory(to: Element.self, capacity: capacity)
    }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "scratch index out of range")
            return base[index]
        }
        // Writes in place (as swift-collections' buffers do): a frame's field is changed
        // without copying the frame out and back.
        _modify {
            precondition(index >= 0 && index < count, "scratch index out of range")
            yield &base[index]
        }
    }

    mutating func append(_ element: Element) {
        if count == capacity { grow(toHold: count + 1) }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Appends copies of `elements` (for plain values, one `memcpy`).
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if capacity - count < elements.count { grow(toHold: count + elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Removes the last element and returns it.
    mutating func removeLast() -> Element {
        precondition(count > 0, "scratch buffer is empty")
        count -= 1
        return (base + count).move()
    }

    /// Drops the elements from `newCount` on.
    mutating func removeAll(from newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "scratch count out of range")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// The elements in `range`, for reading while nothing is appended.
    func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "scratch range out of range")
        return UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    /// Doubles the capacity until it holds `needed` elements.
    private mutating func grow(toHold needed: Int) {
        var larger = capacity * 2
        while larger < needed { larger *= 2 }
        let moved = Self.allocate(larger)
        moved.moveInitialize(from: base, count: count)
        free(base)
        base = moved
        capacity = larger
    }
}
