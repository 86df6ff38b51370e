/// Hands out the ids of AST nodes and pickles.
public protocol IdGenerator {
    mutating func newId() -> String
}

/// Ids `"0"`, `"1"`, ... in the order nodes are finished: the predictable ids of the
/// official test data.
public struct IncrementingIdGenerator: IdGenerator, Sendable {
    /// The number the next id will have.
    public private(set) var next: Int

    public init(startingAt next: Int = 0) { self.next = next }

    public mutating func newId() -> String {
        defer { next += 1 }
        return Self.decimal(next)
    }

    /// `String(value)`, written digit by digit into a buffer: ids are made for every
    /// node and pickle, and the general integer formatting costs several times more.
    static func decimal(_ value: Int) -> String {
        guard value >= 0 else { return String(value) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var rest = value
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(truncatingIfNeeded: 0x30 + rest % 10)
                rest /= 10
            } while rest > 0
            return String(decoding: UnsafeBufferPointer(rebasing: digits[start...]), as: UTF8.self)
        }
    }
}
