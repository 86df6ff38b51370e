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
        return String(next)
    }
}
