import Messages
import SpecsReporting

/// How a step or hook that did not pass is told in a test's issue: where it is, the
/// step as written, its status and its message, the definition that ran it, and the
/// snippet that would define an undefined step.
enum StepIssue {
    static func issue(
        for step: StepResult, in scenario: ScenarioResult, file: ScenarioTests.FeatureFile
    ) -> ScenarioIssue? {
        let status = step.status
        guard [.failed, .undefined, .ambiguous, .pending].contains(status) else { return nil }
        var line = scenario.pickle.location.line
        var column: Int?
        var what: String
        var definedAt: String?
        switch step.kind {
        case .step(_, let ast, let definitions):
            if let ast {
                line = ast.location.line
                column = ast.location.column
            }
            what = step.keyword + step.text
            if definitions.count == 1, let reference = definitions.first?.sourceReference {
                definedAt = "\(reference.uri ?? "?"):\(reference.location?.line ?? 0)"
            }
        case .hook(let hook):
            what = "hook " + (hook?.name.map { "'\($0)'" } ?? "")
            if let reference = hook?.sourceReference {
                definedAt = "\(reference.uri ?? "?"):\(reference.location?.line ?? 0)"
            }
        }
        var message = "\(file.path):\(line):\(column ?? 1): \(what) — \(word(status))"
        switch status {
        case .undefined:
            let snippet = step.suggestion?.snippets.first?.code ?? ""
            if let nearest = step.result?.message {
                message += ".\n" + nearest + "\nOr define it with:\n" + snippet
            } else {
                message += ". Define it with:\n" + snippet
            }
        case .pending:
            if let reason = step.result?.message { message += ": " + reason }
        default:
            if let text = step.result?.message { message += "\n" + text }
        }
        if let definedAt, status != .undefined { message += "\n(step defined at \(definedAt))" }
        return ScenarioIssue(message: message, place: file.place(line: line, column: column))
    }

    private static func word(_ status: TestStepResultStatus) -> String {
        switch status {
        case .failed: "failed"
        case .undefined: "undefined"
        case .ambiguous: "ambiguous"
        case .pending: "pending"
        default: status.rawValue.lowercased()
        }
    }
}
