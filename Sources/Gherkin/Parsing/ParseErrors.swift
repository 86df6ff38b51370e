/// Every error found in one source, in the order the parser found them.
public struct ParseErrors: Error, Sendable, Hashable {
    public var errors: [ParseError]

    public init(_ errors: [ParseError]) { self.errors = errors }
}
