import Gherkin
import Messages

/// What happened to one scenario (its final attempt).
public struct ScenarioResult: Sendable {
    public let testCaseId: String
    public private(set) var pickle: Pickle
    public private(set) var scenario: RunLedger.AstScenario?
    public private(set) var steps: [StepResult]
    public let attempt: Int
    public private(set) var attachments: [Attachment]
    /// False for a planned scenario that never started (fail-fast, a failed before-all hook).
    public let started: Bool
    /// False for one that started and never finished (a stream cut short): it did not pass.
    public var finished = true
    /// The name of the scenario's feature, if its document was seen.
    public let featureName: String?
    /// Where each of the pickle's tags is written, in the pickle's order.
    public let tagLocations: [Location?]
    /// The pickle steps' statuses, counted (a step without a result counts as skipped).
    public let stepStatuses: [TestStepResultStatus: Int]
    /// Whether this result kept only its figures (see `summarised()`).
    public private(set) var isSummary = false
    /// The status its steps give it (`TestStepResultStatus.testCase(of:)`).
    private let stepsStatus: TestStepResultStatus
    /// The steps' and hooks' time, in nanoseconds.
    public let duration: Int
    /// The attempts before the final one, each of which did not pass (a retried scenario's).
    public var earlierFailures: [EarlierFailure] = []

    /// An attempt that did not pass and was retried: how its first failing step ended.
    public struct EarlierFailure: Sendable {
        /// The attempt, 0 for the first run.
        public let attempt: Int
        /// The failing step's status.
        public let status: TestStepResultStatus
        /// The failing step's message (or its status in words).
        public let message: String
        /// The error's type, when the step threw one.
        public let type: String?
    }

    /// Whether it passed only on a retry (`--retry`): flaky.
    public var isFlaky: Bool { status == .passed && attempt > 0 }

    public init(
        testCaseId: String, pickle: Pickle, scenario: RunLedger.AstScenario?, steps: [StepResult], attempt: Int,
        attachments: [Attachment], started: Bool, featureName: String? = nil, tagLocations: [Location?] = []
    ) {
        self.testCaseId = testCaseId
        self.pickle = pickle
        self.scenario = scenario
        self.steps = steps
        self.attempt = attempt
        self.attachments = attachments
        self.started = started
        self.featureName = featureName
        self.tagLocations = tagLocations
        var counts: [TestStepResultStatus: Int] = [:]
        for step in steps { if case .step = step.kind { counts[step.status, default: 0] += 1 } }
        stepStatuses = counts
        stepsStatus = .testCase(of: steps.compactMap { $0.result?.status })
        duration = steps.reduce(0) { $0.saturatingAdd(max(0, $1.result?.duration.totalNanoseconds ?? 0)) }
    }

    /// The worst step status; passed for a scenario without steps; skipped for one that
    /// never started, unknown for one that never finished.
    public var status: TestStepResultStatus {
        guard started else { return .skipped }
        guard finished else { return .unknown }
        return stepsStatus
    }

    /// The first step that did not pass or skip.
    public var failure: StepResult? {
        steps.first { [.failed, .undefined, .ambiguous, .pending].contains($0.result?.status) }
    }

    /// The feature file and line of the scenario (or example row).
    public var location: String { "\(pickle.uri):\(pickle.location.line)" }

    /// This result with its figures (status, duration, step counts, names, tags and place)
    /// and without its steps, attachments, document nodes or pickle steps: what a run that
    /// streams keeps of a scenario once its file is closed.
    public func summarised() -> ScenarioResult {
        var summary = self
        summary.steps = []
        summary.attachments = []
        summary.scenario = nil
        summary.pickle.steps = []
        summary.isSummary = true
        return summary
    }
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
