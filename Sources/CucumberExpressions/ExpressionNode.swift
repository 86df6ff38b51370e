/// A node of a parsed Cucumber Expression.
package struct ExpressionNode: Sendable, Hashable {
    /// What a node is, by the names the official implementations give.
    package enum Kind: String, Sendable {
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
    package var kind: Kind
    /// The nodes inside it, in order.
    package var nodes: [ExpressionNode]
    /// The token's text, for text nodes (and alternation separators while parsing).
    package var token: String?
    /// Where it starts in the expression (Unicode scalars).
    package var start: Int
    /// Where it ends (exclusive).
    package var end: Int

    /// The text a node covers, unescaped: a parameter's name, for instance.
    package var text: String { token ?? nodes.map(\.text).joined() }
}
