/// A growable buffer of one parse's working values (lines' items, open rules, their
/// tokens, substituted text), owned by one matcher, builder or compilation and freed
/// with it. Unlike an array it is
/// never shared, so appending and writing pay no copy-on-write check; reads are
/// bounds-checked.
struct ScratchBuffer<Element>: ~Copyable {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
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
        let moved = UnsafeMutablePointer<Element>.allocate(capacity: larger)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = larger
    }
}
