/// Splits a Cucumber Expression into tokens. Text and white space run together;
/// `{ } ( ) /` are tokens of their own; `\` escapes one of those or white space.
public enum ExpressionTokenizer {
    /// The tokens of `expression`, from start of line to end of line; throws on a bad escape.
    public static func tokenize(_ expression: String) throws(ExpressionError) -> [ExpressionToken] {
        let scalars = Array(expression.unicodeScalars)
        var tokens = [ExpressionToken(kind: .startOfLine, text: "", start: 0, end: 0)]
        var buffer = String.UnicodeScalarView()
        var bufferKind: ExpressionToken.Kind?
        var bufferStart = 0
        var escapesInBuffer = 0
        var escaping = false

        func flush() {
            guard let kind = bufferKind else { return }
            let escapes = kind == .text ? escapesInBuffer : 0
            if kind == .text { escapesInBuffer = 0 }
            let end = bufferStart + buffer.count + escapes
            tokens.append(ExpressionToken(kind: kind, text: String(buffer), start: bufferStart, end: end))
            buffer = String.UnicodeScalarView()
            bufferStart = end
        }

        for scalar in scalars {
            if !escaping && scalar == "\\" {
                escaping = true
                escapesInBuffer += 1
                continue
            }
            let kind: ExpressionToken.Kind
            if escaping {
                guard ExpressionToken.kind(of: scalar) != .text || scalar == "\\" else {
                    throw ExpressionError.cantEscape(expression, index: bufferStart + buffer.count + escapesInBuffer)
                }
                kind = .text
                escaping = false
            } else {
                kind = ExpressionToken.kind(of: scalar)
            }
            // Escapes stay pending until the text token they belong to is flushed.
            if let current = bufferKind, current != kind || (kind != .text && kind != .whiteSpace) { flush() }
            bufferKind = kind
            buffer.append(scalar)
        }
        flush()
        if escaping { throw ExpressionError.endOfLineEscaped(expression) }
        tokens.append(ExpressionToken(kind: .endOfLine, text: "", start: scalars.count, end: scalars.count))
        return tokens
    }
}
