/// A growable buffer of one parse's working values (lines' items, open rules, their
/// tokens), owned by one matcher or builder and freed with it. Unlike an array it is
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
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
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

    private mutating func grow() {
        let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }
}
