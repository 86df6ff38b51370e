/// Every error found in one source, in the order the parser found them.
public struct ParseErrors: Error, Sendable, Hashable {
    /// Every error, in order.
    public var errors: [ParseError]

    /// These errors.
    public init(_ errors: [ParseError]) { self.errors = errors }
}
