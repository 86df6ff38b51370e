/// A node of a parsed Cucumber Expression.
public struct ExpressionNode: Sendable, Hashable {
    /// What a node is, by the names the official implementations give.
    public enum Kind: String, Sendable {
        /// Literal text.
        case text = "TEXT_NODE"
        /// `(text)`: text that may be left out.
        case optional = "OPTIONAL_NODE"
        /// `a/b`: alternatives, one of which is written.
        case alternation = "ALTERNATION_NODE"
        /// One of an alternation's alternatives.
        case alternative = "ALTERNATIVE_NODE"
        /// `{name}`: a parameter.
        case parameter = "PARAMETER_NODE"
        /// The whole expression.
        case expression = "EXPRESSION_NODE"
    }

    /// What the node is.
    public var kind: Kind
    /// The nodes inside it, in order.
    public var nodes: [ExpressionNode]
    /// The token's text, for text nodes (and alternation separators while parsing).
    public var token: String?
    /// Where it starts in the expression (Unicode scalars).
    public var start: Int
    /// Where it ends (exclusive).
    public var end: Int

    /// The text a node covers, unescaped: a parameter's name, for instance.
    public var text: String { token ?? nodes.map(\.text).joined() }
}
