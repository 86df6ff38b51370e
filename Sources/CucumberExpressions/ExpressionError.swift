/// A problem with a Cucumber Expression, worded as the official implementations word
/// it, with the expression and a pointer under the problem.
public struct ExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem, worded as the official implementations word it.
    public let message: String
    /// For an undefined parameter type, its name.
    public let undefinedParameterTypeName: String?

    /// The message.
    public var description: String { message }

    init(_ message: String, undefinedParameterTypeName: String? = nil) {
        self.message = message
        self.undefinedParameterTypeName = undefinedParameterTypeName
    }

    static func located(
        _ index: Int, _ expression: String, _ pointer: String, _ problem: String, _ solution: String,
        undefined: String? = nil
    ) -> ExpressionError {
        ExpressionError(
            """
            This Cucumber Expression has a problem at column \(index + 1):

            \(expression)
            \(pointer)
            \(problem).
            \(solution)
            """, undefinedParameterTypeName: undefined)
    }

    static func pointAt(_ index: Int) -> String { String(repeating: " ", count: index) + "^" }

    static func pointAt(_ start: Int, _ end: Int) -> String {
        var pointer = pointAt(start)
        if start + 1 < end {
            pointer += String(repeating: "-", count: end - start - 2) + "^"
        }
        return pointer
    }

    static func cantEscape(_ expression: String, index: Int) -> ExpressionError {
        located(
            index, expression, pointAt(index),
            "Only the characters '{', '}', '(', ')', '\\', '/' and whitespace can be escaped",
            "If you did mean to use an '\\' you can use '\\\\' to escape it")
    }

    static func endOfLineEscaped(_ expression: String) -> ExpressionError {
        let index = expression.unicodeScalars.count - 1
        return located(
            index, expression, pointAt(index), "The end of line can not be escaped",
            "You can use '\\\\' to escape the '\\'")
    }

    static func missingEnd(_ expression: String, begin: ExpressionToken) -> ExpressionError {
        let (symbol, endSymbol, purpose) =
            begin.kind == .beginParameter ? ("{", "}", "a parameter") : ("(", ")", "optional text")
        return located(
            begin.start, expression, pointAt(begin.start, begin.end),
            "The '\(symbol)' does not have a matching '\(endSymbol)'",
            "If you did not intend to use \(purpose) you can use '\\\(symbol)' to escape the \(purpose)")
    }

    static func alternationInOptional(_ expression: String, _ token: ExpressionToken) -> ExpressionError {
        located(
            token.start, expression, pointAt(token.start, token.end),
            "An alternation can not be used inside an optional",
            "If you did not mean to use an alternation you can use '\\/' to escape the '/'. Otherwise rephrase your expression or consider using a regular expression instead."
        )
    }

    static func invalidParameterName(_ expression: String, _ token: ExpressionToken) -> ExpressionError {
        located(
            token.start, expression, pointAt(token.start, token.end),
            "Parameter names may not contain '{', '}', '(', ')', '\\' or '/'",
            "Did you mean to use a regular expression?")
    }

    static func alternativeEmpty(_ expression: String, _ node: ExpressionNode) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end), "Alternative may not be empty",
            "If you did not mean to use an alternative you can use '\\/' to escape the '/'")
    }

    static func alternativeOnlyOptionals(_ expression: String, _ node: ExpressionNode) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end),
            "An alternative may not exclusively contain optionals",
            "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func optionalEmpty(_ expression: String, _ node: ExpressionNode) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end), "An optional must contain some text",
            "If you did not mean to use an optional you can use '\\(' to escape the '('")
    }

    static func parameterInOptional(_ expression: String, _ node: ExpressionNode) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end), "An optional may not contain a parameter type",
            "If you did not mean to use an parameter type you can use '\\{' to escape the '{'")
    }

    static func optionalInOptional(_ expression: String, _ node: ExpressionNode) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end), "An optional may not contain an other optional",
            "If you did not mean to use an optional type you can use '\\(' to escape the '('. For more complicated expressions consider using a regular expression instead."
        )
    }

    static func undefinedParameterType(_ expression: String, _ node: ExpressionNode, name: String) -> ExpressionError {
        located(
            node.start, expression, pointAt(node.start, node.end), "Undefined parameter type '\(name)'",
            "Please register a ParameterType for '\(name)'", undefined: name)
    }
}
