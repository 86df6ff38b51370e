import Messages

/// How a non-passing step is explained: its message, where it is in the feature
/// file, and for undefined steps the snippet that defines it.
enum FailureText {
    static func explain(_ step: StepResult, in scenario: ScenarioResult, palette: Palette, indent: String) -> String {
        var lines: [String] = []
        let place = "\(scenario.pickle.uri):\(step.line ?? scenario.pickle.location.line)"
        switch step.status {
        case .failed, .ambiguous, .pending:
            let message = step.result?.message ?? step.status.rawValue.lowercased()
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(indent + palette.paint(String(line), for: step.status))
            }
            lines.append(indent + palette.paint("at \(place)", .gray))
        case .undefined:
            lines.append(indent + palette.paint("Undefined step at \(place). Define it with:", .yellow))
            for line in (step.suggestion?.snippets.first?.code ?? "").split(separator: "\n") {
                lines.append(indent + "  " + palette.paint(String(line), .yellow))
            }
        default:
            break
        }
        return lines.map { $0 + "\n" }.joined()
    }
}
