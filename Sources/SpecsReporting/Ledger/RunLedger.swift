import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// The one fold over a run's stream: indexes every message by id so that any
/// format can ask "what happened to this scenario". Formatters that need more than
/// the current envelope own a ledger and feed it first.
///
/// When the run closes a document (`closeDocument`), the ledger lets go of its messages
/// and keeps what its retention says of each of its scenarios: memory then follows the
/// files in flight and what the formats read at the end, not every message of the run.
public final class RunLedger: EventConsumer {
    /// What the ledger keeps of a closed document.
    public enum Retention: Sendable {
        /// Each scenario's whole result, and the documents: for a caller that reads every step
        /// of every scenario at the end. A ledger never told of a closed document (a stream
        /// read from files) keeps every message.
        case results
        /// Each scenario's figures (see `ScenarioResult.summarised()`), whole if it did not pass:
        /// for the traceability report and the coverage gate.
        case summaries
        /// The counts alone, and the whole results of the scenarios that did not pass (or did
        /// not run): for the terminal formats, messages, JUnit, Cucumber JSON, HTML and usage, which
        /// have taken each scenario by the time its document closes. `scenarioResults` then lists those alone.
        case counts
    }

    public let retention: Retention
    public private(set) var sources: [String: Source] = [:]
    public private(set) var documents: [String: GherkinDocument] = [:]
    public private(set) var pickles: [String: Pickle] = [:]
    public private(set) var testCases: [String: TestCaseMessage] = [:]
    /// The planned test cases, in plan order. Keeping counts, those that were closed and only
    /// counted have left it.
    public private(set) var testCaseOrder: [String] = []
    public private(set) var attempts: [String: TestCaseStarted] = [:]
    /// Results by test case started id, then test step id.
    public private(set) var stepResults: [String: [String: TestStepResult]] = [:]
    public private(set) var attachments: [String: [Attachment]] = [:]
    public private(set) var stepDefinitions: [String: StepDefinitionMessage] = [:]
    public private(set) var hooks: [String: HookMessage] = [:]
    public private(set) var suggestions: [String: SuggestionMessage] = [:]
    public private(set) var parseErrors: [ParseErrorMessage] = []
    public private(set) var runStarted: Timestamp?
    public private(set) var runFinished: TestRunFinished?
    /// The attempts (test case started ids) that finished.
    public private(set) var finishedAttempts: Set<String> = []
    /// The final attempt of each test case, by test case id.
    public private(set) var finalAttempt: [String: String] = [:]
    private var pickleSteps: [String: PickleStep] = [:]
    /// The attempts (test case started ids) of each test case.
    private var attemptIds: [String: [String]] = [:]
    private var astSteps: [String: Step] = [:]
    private var astScenarios: [String: AstScenario] = [:]
    private var astTags: [String: Tag] = [:]
    private var cachedResults: [ScenarioResult]?
    /// Each test case's result as last computed; dropped when an envelope of that test case arrives.
    private var resultCache: [String: ScenarioResult] = [:]
    /// The traceability report of the run, by the context it was computed for.
    var cachedReport: (context: UUID, report: TraceabilityReport)?
    /// The results of the test cases of closed documents.
    private var closed: [String: ScenarioResult] = [:]
    /// Keeping counts: the tally of the closed test cases that were only counted (and so
    /// left `testCaseOrder`).
    private var countedTally = StatusTally()
    /// How many test cases were planned, counted or not.
    private var plannedCount = 0
    /// What to let go of when a document closes, by uri.
    private var byUri: [String: Held] = [:]
    private var frozenResult: RunResult?
    /// Whether any pickle links a test (`@tests:`), closed or not.
    public private(set) var hasTestLinks = false

    private struct Held {
        var pickles: [String] = []
        var testCases: [String] = []
        var astNodes: [String] = []
    }

    /// Where a scenario sits in its document. A class: every result of an outline's rows
    /// shares one, and a result holding it stays small.
    public final class AstScenario: Sendable {
        public let scenario: Scenario
        public let rule: Rule?
        public let uri: String

        init(scenario: Scenario, rule: Rule?, uri: String) {
            self.scenario = scenario
            self.rule = rule
            self.uri = uri
        }
    }

    public init(retaining retention: Retention = .results) {
        self.retention = retention
    }

    public func consume(_ envelope: Envelope) {
        cachedResults = nil
        cachedReport = nil
        frozenResult = nil
        switch envelope {
        case .testCaseStarted(let started): resultCache[started.testCaseId] = nil
        case .testCaseFinished(let finished): forget(startedId: finished.testCaseStartedId)
        case .testStepFinished(let finished): forget(startedId: finished.testCaseStartedId)
        case .attachment(let attachment): attachment.testCaseStartedId.map(forget(startedId:))
        case .testStepStarted, .testRunHookStarted, .testRunHookFinished, .testRunFinished: break
        default: resultCache.removeAll()
        }
        switch envelope {
        case .source(let source): sources[source.uri] = source
        case .gherkinDocument(let document): index(document)
        case .pickle(let pickle):
            pickles[pickle.id] = pickle
            for step in pickle.steps { pickleSteps[step.id] = step }
            byUri[pickle.uri, default: Held()].pickles.append(pickle.id)
            if !hasTestLinks { hasTestLinks = pickle.tags.contains { $0.name.hasPrefix(TestLink.tagPrefix) } }
        case .parseError(let error): parseErrors.append(error)
        case .stepDefinition(let definition): stepDefinitions[definition.id] = definition
        case .hook(let hook): hooks[hook.id] = hook
        case .suggestion(let suggestion): suggestions[suggestion.pickleStepId] = suggestion
        case .testRunStarted(let started): runStarted = started.timestamp
        case .testCase(let testCase):
            testCases[testCase.id] = testCase
            testCaseOrder.append(testCase.id)
            plannedCount += 1
            if let uri = pickles[testCase.pickleId]?.uri { byUri[uri, default: Held()].testCases.append(testCase.id) }
        case .testCaseStarted(let started):
            attempts[started.id] = started
            finalAttempt[started.testCaseId] = started.id
            attemptIds[started.testCaseId, default: []].append(started.id)
        case .testStepFinished(let finished):
            stepResults[finished.testCaseStartedId, default: [:]][finished.testStepId] = finished.testStepResult
        case .attachment(let attachment):
            if let started = attachment.testCaseStartedId { attachments[started, default: []].append(attachment) }
        case .testRunFinished(let finished): runFinished = finished
        case .testCaseFinished(let finished): finishedAttempts.insert(finished.testCaseStartedId)
        default: break
        }
    }

    private func forget(startedId: String) {
        if let testCaseId = attempts[startedId]?.testCaseId { resultCache[testCaseId] = nil }
    }

    private func index(_ document: GherkinDocument) {
        let uri = document.uri ?? ""
        documents[uri] = document
        guard let feature = document.feature else { return }
        var held: [String] = []
        defer { byUri[uri, default: Held()].astNodes += held }
        func add(_ steps: [Step]) {
            for step in steps {
                astSteps[step.id] = step
                held.append(step.id)
            }
        }
        func add(_ tags: [Tag]) {
            for tag in tags {
                astTags[tag.id] = tag
                held.append(tag.id)
            }
        }
        func add(_ scenario: Scenario, in rule: Rule?) {
            astScenarios[scenario.id] = AstScenario(scenario: scenario, rule: rule, uri: uri)
            held.append(scenario.id)
            add(scenario.steps)
            add(scenario.tags)
            for examples in scenario.examples { add(examples.tags) }
        }
        add(feature.tags)
        for child in feature.children {
            switch child {
            case .background(let background): add(background.steps)
            case .scenario(let scenario): add(scenario, in: nil)
            case .rule(let rule):
                add(rule.tags)
                for ruleChild in rule.children {
                    switch ruleChild {
                    case .background(let background): add(background.steps)
                    case .scenario(let scenario): add(scenario, in: rule)
                    }
                }
            }
        }
    }

    /// Freezes the results of the document's test cases as the retention says, and lets go
    /// of its source, pickles and their test cases' messages (and of the document itself,
    /// unless whole results are kept).
    public func closeDocument(_ uri: String) {
        guard let held = byUri.removeValue(forKey: uri) else { return }
        var counted: Set<String> = []
        defer { if !counted.isEmpty { testCaseOrder.removeAll { counted.contains($0) } } }
        for id in held.testCases {
            // A result a format already asked for is taken as it was computed, not built again.
            if let result = scenarioResult(testCaseId: id) {
                let passed = result.started && (result.status == .passed || result.status == .skipped)
                if passed && retention == .counts {
                    counted.insert(id)
                    for (status, count) in result.stepStatuses { countedTally.steps[status, default: 0] += count }
                    countedTally.scenarios[result.status, default: 0] += 1
                } else {
                    closed[id] = passed && retention != .results ? result.summarised() : result
                }
            }
            resultCache[id] = nil
            finalAttempt[id] = nil
            guard let testCase = testCases.removeValue(forKey: id) else { continue }
            for attempt in attemptIds.removeValue(forKey: id) ?? [] {
                attempts[attempt] = nil
                stepResults[attempt] = nil
                attachments[attempt] = nil
                finishedAttempts.remove(attempt)
            }
            for step in testCase.testSteps { if let pickleStepId = step.pickleStepId { suggestions[pickleStepId] = nil } }
        }
        for id in held.pickles {
            guard let pickle = pickles.removeValue(forKey: id) else { continue }
            for step in pickle.steps { pickleSteps[step.id] = nil }
        }
        for id in held.astNodes {
            astSteps[id] = nil
            astTags[id] = nil
            astScenarios[id] = nil
        }
        if retention != .results { documents[uri] = nil }
        sources[uri] = nil
        cachedResults = nil
    }

    // MARK: Queries

    /// What the run came to, computed once after its last envelope (and again only if
    /// another arrives): every closing line, verdict and exit code reads this.
    public var result: RunResult {
        if let frozenResult { return frozenResult }
        let duration = runFinished.flatMap { end in runStarted.map { end.timestamp.totalNanoseconds - $0.totalNanoseconds } }
        let result = RunResult(
            tally: tally(), unfinished: unfinishedTestCases,
            unparsable: parseErrors.map { "\($0.source.uri ?? "?"):\($0.source.location?.line ?? 0)" },
            testCases: plannedCount, runFinished: runFinished, duration: duration)
        frozenResult = result
        return result
    }

    /// The scenario results of the run, in the order test cases were planned.
    public var scenarioResults: [ScenarioResult] {
        if let cachedResults { return cachedResults }
        let results = testCaseOrder.compactMap(scenarioResult(testCaseId:))
        cachedResults = results
        return results
    }

    public func scenarioResult(testCaseId: String) -> ScenarioResult? {
        if let frozen = closed[testCaseId] { return frozen }
        if let cached = resultCache[testCaseId] { return cached }
        let result = computeResult(testCaseId: testCaseId)
        resultCache[testCaseId] = result
        return result
    }

    /// Scenarios and steps by status: what summaries print.
    public struct StatusTally: Sendable {
        public var scenarios: [TestStepResultStatus: Int] = [:]
        public var steps: [TestStepResultStatus: Int] = [:]
        /// The test cases whose final attempt did not pass, in plan order.
        public var notPassed: [String] = []
        /// Planned test cases that never started (after --fail-fast, an interruption, a
        /// failed before-all hook, or in a stream cut short).
        public var notRun = 0
    }

    /// Test cases that started and never finished: a run that died or a stream cut short.
    private var unfinishedTestCases: [String] {
        testCaseOrder.filter { id in
            if let frozen = closed[id] { return frozen.started && !frozen.finished }
            return finalAttempt[id].map { !finishedAttempts.contains($0) } ?? false
        }
    }

    /// Scenarios and steps by status, each read from its `ScenarioResult`: the one place a
    /// scenario's status is decided.
    public func tally() -> StatusTally {
        var tally = countedTally
        for testCaseId in testCaseOrder {
            guard let result = scenarioResult(testCaseId: testCaseId) else { continue }
            for (status, count) in result.stepStatuses { tally.steps[status, default: 0] += count }
            guard result.started else {
                tally.notRun += 1
                continue
            }
            tally.scenarios[result.status, default: 0] += 1
            if result.status != .passed { tally.notPassed.append(testCaseId) }
        }
        return tally
    }

    private func computeResult(testCaseId: String) -> ScenarioResult? {
        guard let testCase = testCases[testCaseId], let pickle = pickles[testCase.pickleId] else { return nil }
        let startedId = finalAttempt[testCaseId]
        let results = startedId.flatMap { stepResults[$0] } ?? [:]
        var steps: [StepResult] = []
        for testStep in testCase.testSteps {
            let result = results[testStep.id]
            if let pickleStepId = testStep.pickleStepId, let pickleStep = pickleSteps[pickleStepId] {
                let ast = pickleStep.astNodeIds.first.flatMap { astSteps[$0] }
                let definitions = (testStep.stepDefinitionIds ?? []).compactMap { stepDefinitions[$0] }
                steps.append(StepResult(
                    testStepId: testStep.id, kind: .step(pickleStep, ast, definitions), result: result,
                    suggestion: suggestions[pickleStepId]))
            } else if let hookId = testStep.hookId {
                steps.append(StepResult(testStepId: testStep.id, kind: .hook(hooks[hookId]), result: result, suggestion: nil))
            }
        }
        let scenario = pickle.astNodeIds.first.flatMap { astScenarios[$0] }
        var result = ScenarioResult(
            testCaseId: testCaseId, pickle: pickle, scenario: scenario, steps: steps,
            attempt: startedId.flatMap { attempts[$0]?.attempt } ?? 0,
            attachments: startedId.flatMap { attachments[$0] } ?? [], started: startedId != nil,
            featureName: documents[pickle.uri]?.feature?.name, tagLocations: pickle.tags.map { astTags[$0.astNodeId]?.location })
        result.finished = startedId.map { finishedAttempts.contains($0) } ?? true
        return result
    }
}
