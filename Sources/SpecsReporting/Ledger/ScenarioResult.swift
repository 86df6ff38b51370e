import Gherkin
import Messages

/// What happened to one scenario (its final attempt).
package struct ScenarioResult: Sendable {
    package let testCaseId: String
    package private(set) var pickle: Pickle
    package private(set) var scenario: RunLedger.AstScenario?
    package private(set) var steps: [StepResult]
    package let attempt: Int
    package private(set) var attachments: [Attachment]
    /// False for a planned scenario that never started (fail-fast, a failed before-all hook).
    package let started: Bool
    /// False for one that started and never finished (a stream cut short): it did not pass.
    package var finished = true
    /// Why its attempts do not make one run of it to its end (it ran again after its final
    /// attempt, a retry never came, a step has no result): it did not pass.
    package var unsound: String?
    /// The name of the scenario's feature, if its document was seen.
    package let featureName: String?
    /// Where each of the pickle's tags is written, in the pickle's order.
    package let tagLocations: [Location?]
    /// The pickle steps' statuses, counted (a step without a result counts as skipped).
    package let stepStatuses: [TestStepResultStatus: Int]
    /// Whether this result kept only its figures (see `summarised()`).
    package private(set) var isSummary = false
    /// The status its steps give it (`TestStepResultStatus.testCase(of:)`).
    private let stepsStatus: TestStepResultStatus
    /// The steps' and hooks' time, in nanoseconds.
    package let duration: Int
    /// The attempts before the final one, each of which did not pass (a retried scenario's).
    package var earlierFailures: [EarlierFailure] = []

    /// An attempt that did not pass and was retried: how its first failing step ended.
    package struct EarlierFailure: Sendable {
        /// The attempt, 0 for the first run.
        package let attempt: Int
        /// The failing step's status.
        package let status: TestStepResultStatus
        /// The failing step's message (or its status in words).
        package let message: String
        /// The error's type, when the step threw one.
        package let type: String?
    }

    /// Why it shows no result of its own, for a planned scenario that never started: the
    /// reports of scenarios (JUnit, Cucumber JSON) fail it with these words, as the summary
    /// counts it "not run", never as one that skipped itself.
    package var notRunMessage: String? {
        started ? nil : "not run: the run ended before this scenario started (the run's verdict says why)"
    }

    /// Whether it passed only on a retry (`--retry`): flaky.
    package var isFlaky: Bool { status == .passed && attempt > 0 }

    package init(
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
    package var status: TestStepResultStatus {
        guard started else { return .skipped }
        guard finished else { return .unknown }
        return stepsStatus
    }

    /// The first step that did not pass or skip.
    package var failure: StepResult? {
        steps.first { $0.result?.status.failsRun ?? false }
    }

    /// The feature file and line of the scenario (or example row).
    package var location: String { "\(pickle.uri):\(pickle.location.line)" }

    /// This result with its figures (status, duration, step counts, names, tags and place)
    /// and without its steps, attachments, document nodes or pickle steps: what a run that
    /// streams keeps of a scenario once its file is closed.
    package func summarised() -> ScenarioResult {
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
package struct StepResult: Sendable {
    package enum Kind: Sendable {
        case step(PickleStep, Step?, [StepDefinitionMessage])
        case hook(HookMessage?)
    }

    package let testStepId: String
    package let kind: Kind
    package let result: TestStepResult?
    package let suggestion: SuggestionMessage?

    package var status: TestStepResultStatus { result?.status ?? .skipped }

    /// The keyword as written in the feature's language (`Given `, `Dado `, ...).
    package var keyword: String {
        if case .step(_, let ast, _) = kind { return ast?.keyword ?? "* " }
        return ""
    }

    package var text: String {
        switch kind {
        case .step(let step, _, _): step.text
        case .hook(let hook): hook?.name ?? "hook"
        }
    }

    package var line: Int? {
        if case .step(_, let ast, _) = kind { return ast?.location.line }
        return nil
    }
}
