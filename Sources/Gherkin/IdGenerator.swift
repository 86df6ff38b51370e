/// Hands out the ids of AST nodes and pickles.
public protocol IdGenerator {
    /// The next id: never one given before.
    mutating func newId() -> String
}

/// Ids `"0"`, `"1"`, ... in the order nodes are finished: the predictable ids of the
/// official test data.
public struct IncrementingIdGenerator: IdGenerator, Sendable {
    /// The number the next id will have.
    public private(set) var next: Int

    /// Ids from `next` up: `"0"`, `"1"`, ... as the official parser's tests number them.
    public init(startingAt next: Int = 0) { self.next = next }

    /// The next number, as text.
    public mutating func newId() -> String {
        defer { next += 1 }
        return String(next)
    }
}
