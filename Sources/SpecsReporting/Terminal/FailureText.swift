import Messages
import SpecsRunner

/// How a non-passing step is explained: its message, where it is in the feature
/// file, and for undefined steps the nearest definitions and the snippet that defines it.
enum FailureText {
    static func explain(_ step: StepResult, in scenario: ScenarioResult, palette: Palette, indent: String) -> String {
        var lines: [String] = []
        let place = TerminalText.escape("\(scenario.pickle.uri):\(step.line ?? scenario.pickle.location.line)")
        switch step.status {
        case .failed, .ambiguous, .pending:
            let message = step.result?.message ?? step.status.rawValue.lowercased()
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                lines.append(indent + palette.paint(TerminalText.escape(String(line)), for: step.status))
            }
            lines.append(indent + palette.paint("at \(place)" + TerminalText.escape(definedAt(step)), .gray))
        case .undefined:
            // The nearest definitions first ("Did you mean:"), when the run found any.
            if let nearest = step.result?.message, !nearest.isEmpty {
                lines.append(indent + palette.paint("Undefined step at \(place).", .yellow))
                for line in nearest.split(separator: "\n") {
                    lines.append(indent + palette.paint(String(line), .yellow))
                }
                lines.append(indent + palette.paint("Or define it with:", .yellow))
            } else {
                lines.append(indent + palette.paint("Undefined step at \(place). Define it with:", .yellow))
            }
            for line in (step.suggestion?.snippets.first?.code ?? "").split(separator: "\n") {
                lines.append(indent + "  " + palette.paint(TerminalText.escape(String(line)), .yellow))
            }
        default:
            break
        }
        return lines.map { $0 + "\n" }.joined()
    }

    /// Where the step's one definition (or the hook) was written.
    private static func definedAt(_ step: StepResult) -> String {
        let reference: SourceReference?
        switch step.kind {
        case .step(_, _, let definitions): reference = definitions.count == 1 ? definitions[0].sourceReference : nil
        case .hook(let hook): reference = hook?.sourceReference
        }
        guard let reference, let uri = reference.uri else { return "" }
        return ", defined at \(uri):\(reference.location?.line ?? 0)"
    }
}
