/// A token of a Cucumber Expression; `start` and `end` count Unicode scalars.
public struct ExpressionToken: Sendable, Hashable {
    public enum Kind: String, Sendable {
        case startOfLine = "START_OF_LINE"
        case endOfLine = "END_OF_LINE"
        case whiteSpace = "WHITE_SPACE"
        case text = "TEXT"
        case beginParameter = "BEGIN_PARAMETER"
        case endParameter = "END_PARAMETER"
        case beginOptional = "BEGIN_OPTIONAL"
        case endOptional = "END_OPTIONAL"
        case alternation = "ALTERNATION"
    }

    public var kind: Kind
    public var text: String
    public var start: Int
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
