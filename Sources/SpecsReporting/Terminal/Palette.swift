import Messages

/// How terminal formats colour their text: ANSI escapes, tags (`<green>…</green>`,
/// for golden tests), or not at all.
package enum Palette: Sendable {
    case ansi, tags, none

    package enum Color: String, Sendable {
        case green, red, yellow, cyan, magenta, gray, bold
    }

    package func paint(_ text: String, _ color: Color) -> String {
        switch self {
        case .none: return text
        case .tags: return "<\(color.rawValue)>\(text)</\(color.rawValue)>"
        case .ansi:
            let code: String
            switch color {
            case .green: code = "32"
            case .red: code = "31"
            case .yellow: code = "33"
            case .cyan: code = "36"
            case .magenta: code = "35"
            case .gray: code = "90"
            case .bold: code = "1"
            }
            return "\u{1B}[\(code)m\(text)\u{1B}[0m"
        }
    }

    package static func color(for status: TestStepResultStatus) -> Color {
        switch status {
        case .passed: .green
        case .failed: .red
        case .pending, .undefined: .yellow
        case .ambiguous: .magenta
        case .skipped, .unknown: .cyan
        }
    }

    package func paint(_ text: String, for status: TestStepResultStatus) -> String {
        paint(text, Self.color(for: status))
    }
}
