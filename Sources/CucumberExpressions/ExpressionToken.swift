/// A token of a Cucumber Expression; `start` and `end` count Unicode scalars.
public struct ExpressionToken: Sendable, Hashable {
    /// What a token is, by the names the official implementations give.
    public enum Kind: String, Sendable {
        /// Before the first character.
        case startOfLine = "START_OF_LINE"
        /// After the last character.
        case endOfLine = "END_OF_LINE"
        /// A run of white space.
        case whiteSpace = "WHITE_SPACE"
        /// Text, escapes resolved.
        case text = "TEXT"
        /// `{`
        case beginParameter = "BEGIN_PARAMETER"
        /// `}`
        case endParameter = "END_PARAMETER"
        /// `(`
        case beginOptional = "BEGIN_OPTIONAL"
        /// `)`
        case endOptional = "END_OPTIONAL"
        /// `/`
        case alternation = "ALTERNATION"
    }

    /// What the token is.
    public var kind: Kind
    /// Its text, escapes resolved.
    public var text: String
    /// Where it starts in the expression (Unicode scalars).
    public var start: Int
    /// Where it ends (exclusive).
    public var end: Int

    static func kind(of scalar: Unicode.Scalar) -> Kind {
        switch scalar {
        case "{": .beginParameter
        case "}": .endParameter
        case "(": .beginOptional
        case ")": .endOptional
        case "/": .alternation
        default: scalar.properties.isWhitespace ? .whiteSpace : .text
        }
    }
}
