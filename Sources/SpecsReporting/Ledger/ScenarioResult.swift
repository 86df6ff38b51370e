import Gherkin
import Messages

/// What happened to one scenario (its final attempt).
public struct ScenarioResult: Sendable {
    public let testCaseId: String
    public let pickle: Pickle
    public let scenario: RunLedger.AstScenario?
    public let steps: [StepResult]
    public let attempt: Int
    public let attachments: [Attachment]
    /// False for a planned scenario that never started (fail-fast, a failed before-all hook).
    public let started: Bool
    /// False for one that started and never finished (a stream cut short): it did not pass.
    public var finished = true

    /// The worst step status; passed for a scenario without steps; skipped for one that
    /// never started, unknown for one that never finished.
    public var status: TestStepResultStatus {
        guard started else { return .skipped }
        guard finished else { return .unknown }
        return steps.compactMap { $0.result?.status }.max() ?? .passed
    }

    /// The first step that did not pass or skip.
    public var failure: StepResult? {
        steps.first { [.failed, .undefined, .ambiguous, .pending].contains($0.result?.status) }
    }

    public var duration: Int { steps.reduce(0) { $0 + ($1.result?.duration.totalNanoseconds ?? 0) } }

    /// The feature file and line of the scenario (or example row).
    public var location: String { "\(pickle.uri):\(pickle.location.line)" }
}

/// What happened to one step or hook of a scenario.
public struct StepResult: Sendable {
    public enum Kind: Sendable {
        case step(PickleStep, Step?, [StepDefinitionMessage])
        case hook(HookMessage?)
    }

    public let testStepId: String
    public let kind: Kind
    public let result: TestStepResult?
    public let suggestion: SuggestionMessage?

    public var status: TestStepResultStatus { result?.status ?? .skipped }

    /// The keyword as written in the feature's language (`Given `, `Dado `, ...).
    public var keyword: String {
        if case .step(_, let ast, _) = kind { return ast?.keyword ?? "* " }
        return ""
    }

    public var text: String {
        switch kind {
        case .step(let step, _, _): step.text
        case .hook(let hook): hook?.name ?? "hook"
        }
    }

    public var line: Int? {
        if case .step(_, let ast, _) = kind { return ast?.location.line }
        return nil
    }
}
