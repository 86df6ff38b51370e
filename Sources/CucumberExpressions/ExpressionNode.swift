/// A node of a parsed Cucumber Expression.
public struct ExpressionNode: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case text = "TEXT_NODE"
        case optional = "OPTIONAL_NODE"
        case alternation = "ALTERNATION_NODE"
        case alternative = "ALTERNATIVE_NODE"
        case parameter = "PARAMETER_NODE"
        case expression = "EXPRESSION_NODE"
    }

    public var kind: Kind
    public var nodes: [ExpressionNode]
    /// The token's text, for text nodes (and alternation separators while parsing).
    public var token: String?
    public var start: Int
    public var end: Int

    /// The text a node covers, unescaped: a parameter's name, for instance.
    public var text: String { token ?? nodes.map(\.text).joined() }
}
