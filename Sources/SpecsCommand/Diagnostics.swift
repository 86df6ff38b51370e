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

    /// Line `number` of `text` (1-based), without its line end (`\n` or `\r\n`, as the parser
    /// counts lines); scans only up to it. Bytes are scanned: `"\r\n"` is one Character, which
    /// a search for `"\n"` does not find.
    static func line(_ number: Int, of text: String) -> String? {
        guard number >= 1 else { return nil }
        let bytes = text.utf8
        var current = 1
        var start = bytes.startIndex
        while current < number {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else { return nil }
            start = bytes.index(after: newline)
            current += 1
        }
        let end = bytes[start...].firstIndex(of: 0x0A) ?? bytes.endIndex
        var line = String(decoding: bytes[start..<end], as: UTF8.self)
        if line.utf8.last == 0x0D { line = String(decoding: line.utf8.dropLast(), as: UTF8.self) }
        return line
    }
}
