/// How much a rule's finding matters: an error fails `specs lint` (exit 1).
package enum LintSeverity: String, Sendable, Codable, Comparable {
    case off, warning, error

    private var rank: Int {
        switch self {
        case .off: 0
        case .warning: 1
        case .error: 2
        }
    }

    package static func < (lhs: LintSeverity, rhs: LintSeverity) -> Bool { lhs.rank < rhs.rank }
}

/// One thing a rule found, at a place in a feature file.
package struct LintFinding: Sendable, Hashable {
    package let rule: String
    package let severity: LintSeverity
    package let message: String
    package let line: Int
    package let column: Int

    package init(rule: String, severity: LintSeverity, message: String, line: Int, column: Int) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
    }

    /// `path:line:column: warning: message [rule]`, on one line whatever the message holds.
    package func text(path: String) -> String {
        "\(path):\(line):\(column): \(severity.rawValue): \(message.oneLine) [\(rule)]"
    }

    /// The GitHub Actions workflow command that annotates the file with it.
    package func annotation(path: String) -> String {
        let escaped = message.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
        return "::\(severity.rawValue) file=\(path),line=\(line),col=\(column),title=\(rule)::\(escaped)"
    }
}
