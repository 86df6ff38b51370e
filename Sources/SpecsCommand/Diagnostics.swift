import FeatureLint
import Messages

/// Errors for people: `path:line:column: error: message`, the offending line and a caret.
enum Diagnostics {
    static func render(_ error: ParseErrorMessage, source: Source?) -> String {
        let uri = error.source.uri ?? "?"
        guard let location = error.source.location else { return "\(uri): error: \(error.message)\n" }
        let column = max(1, location.column ?? 1)
        let line = source.flatMap { Self.line(location.line, of: $0.data) }
        let words = ParseErrorWords.plain(
            ParseErrorWords.stripLocation(error.message), line: line, source: source?.data ?? "")
        var text = "\(uri):\(location.line):\(column): error: \(words)\n"
        if let line {
            text += "  \(line)\n  " + String(repeating: " ", count: column - 1) + "^\n"
        }
        return text
    }

    /// Line `number` of `text` (1-based), without its line end; scans only up to it.
    static func line(_ number: Int, of text: String) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var start = text.startIndex
        while current < number {
            guard let newline = text[start...].firstIndex(of: "\n") else { return nil }
            start = text.index(after: newline)
            current += 1
        }
        let end = text[start...].firstIndex(of: "\n") ?? text.endIndex
        var line = String(text[start..<end])
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}
