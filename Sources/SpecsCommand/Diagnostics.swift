import Messages

/// Errors for people: `path:line:column: error: message`, the offending line and a caret.
enum Diagnostics {
    static func render(_ error: ParseErrorMessage, source: Source?) -> String {
        let uri = error.source.uri ?? "?"
        guard let location = error.source.location else { return "\(uri): error: \(error.message)\n" }
        let column = location.column ?? 1
        var text = "\(uri):\(location.line):\(column): error: \(stripLocation(error.message))\n"
        if let data = source?.data {
            let lines = data.split(separator: "\n", omittingEmptySubsequences: false)
            if location.line >= 1 && location.line <= lines.count {
                let line = String(lines[location.line - 1]).replacing("\r", with: "")
                text += "  \(line)\n  " + String(repeating: " ", count: max(0, column - 1)) + "^\n"
            }
        }
        return text
    }

    /// The message without the official `(line:column): ` prefix, already in front.
    private static func stripLocation(_ message: String) -> String {
        guard message.hasPrefix("("), let close = message.firstIndex(of: ")") else { return message }
        let rest = message[message.index(after: close)...]
        return rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : message
    }
}
