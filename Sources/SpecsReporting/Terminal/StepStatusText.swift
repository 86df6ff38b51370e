import Messages

/// The word that says how a step ended, for output read without colour: nothing for a
/// passed step, `(skipped: why)`, `(pending)`, `(failed)` and so on for the others.
enum StepStatusText {
    static func suffix(_ step: StepResult) -> String {
        switch step.status {
        case .passed: return ""
        case .skipped:
            guard let reason = step.result?.message, !reason.isEmpty else { return " (skipped)" }
            return " (skipped: \(reason))"
        default: return " (\(step.status.rawValue.lowercased()))"
        }
    }
}
