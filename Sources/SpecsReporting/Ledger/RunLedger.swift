import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// The one fold over a run's stream: keeps each test case as one record (its message,
/// pickle and attempts, each attempt's step results in step order) and each document's
/// nodes by id, so that any format can ask "what happened to this scenario".
/// Formatters that need more than the current envelope own a ledger and feed it first.
///
/// When the run closes a document (`closeDocument`), the ledger lets go of its records and
/// nodes and keeps what its retention says of each of its scenarios: memory then follows the
/// files in flight and what the formats read at the end, not every message of the run.
package final class RunLedger: EventConsumer {
    /// What the ledger keeps of a closed document.
    package enum Retention: Sendable {
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

    package let retention: Retention
    package private(set) var sources: [String: Source] = [:]
    package private(set) var documents: [String: GherkinDocument] = [:]
    package private(set) var pickles: [String: Pickle] = [:]
    /// The planned test cases, in plan order. Keeping counts, those that were closed and only
    /// counted have left it.
    package private(set) var testCaseOrder: [String] = []
    package private(set) var stepDefinitions: [String: StepDefinitionMessage] = [:]
    package private(set) var hooks: [String: HookMessage] = [:]
    package private(set) var suggestions: [String: SuggestionMessage] = [:]
    /// What run and worker hooks attached or printed, with the hook, in the order they came.
    package private(set) var runHookAttachments: [(hook: HookMessage?, attachment: Attachment)] = []
    /// The hook each run hook's start names, by the start's id.
    private var runHookStarts: [String: String] = [:]
    /// The starts of run hooks that name a worker: worker hooks, run once a worker process.
    private var runHooksInWorkers: Set<String> = []
    package private(set) var parseErrors: [ParseErrorMessage] = []
    package private(set) var runStarted: Timestamp?
    package private(set) var runFinished: TestRunFinished?
    /// A shard of a merge and the time its own run took.
    package struct ShardTime: Sendable {
        package let shard: Int
        package let of: Int
        package let nanoseconds: Int
    }
    /// The shards' own times, shown beside a merge's span. Set by whoever merged the streams.
    package var shardTimes: [ShardTime] = [] {
        didSet { frozenResult = nil }
    }
    /// Scenarios the suite selected that are in no stream of a merge (a shard missing, shards
    /// planned from different durations), by `path:line` where the streams name them: they
    /// count as not run, never as passed. Set by whoever checked the streams (`ShardCheck`).
    package var scenariosInNoStream: [String] = [] {
        didSet { frozenResult = nil }
    }
    /// Scenarios a stream of a merge holds from a dry run (`--dry-run`), by `path:line`: they
    /// were matched and never run. Set by whoever checked the streams (`ShardCheck`).
    package var scenariosOnlyMatched: [String] = [] {
        didSet { frozenResult = nil }
    }
    /// How many before-all and after-all hooks failed.
    /// The run and worker hooks that failed, each worded once (`RunHookFailure`).
    package private(set) var failedRunHooks: [String] = []
    /// Whether any pickle links a test (`@xctest:`), closed or not.
    package private(set) var hasTestLinks = false
    /// The test cases of open documents, by test case id.
    var records: [String: Record] = [:]
    /// The test case of each attempt (test case started id) of an open document.
    var attemptOwners: [String: String] = [:]
    /// Events of attempts not started when they came (a stream edited or joined), by attempt id.
    var earlyEvents: [String: Int] = [:]
    /// What each open document holds, by uri.
    var held: [String: Held] = [:]
    /// Counts the envelopes that may change any result (a document, a definition, a
    /// suggestion...): a record's cached result is good while this has not moved.
    var generation = 0
    var cachedResults: [ScenarioResult]?
    /// The traceability report of the run, by the context it was computed for.
    var cachedReport: (context: UUID, report: TraceabilityReport)?
    /// The results of the test cases of closed documents.
    var closed: [String: ScenarioResult] = [:]
    /// Keeping counts: the tally of the closed test cases that were only counted (and so
    /// left `testCaseOrder`).
    var countedTally = StatusTally()
    /// How many test cases were planned, counted or not.
    var plannedCount = 0
    var frozenResult: RunResult?

    /// A test case of an open document.
    struct Record {
        let testCase: TestCaseMessage
        var attempts: [Attempt] = []
        /// The result as last computed, and the generation it was computed at.
        var cached: (result: ScenarioResult, generation: Int)?
    }

    /// One attempt of a test case.
    struct Attempt {
        let started: TestCaseStarted
        /// By the position of the test step in the test case.
        var results: [TestStepResult?]
        var attachments: [Attachment] = []
        var finished = false
        /// What its `testCaseFinished` said: another attempt follows.
        var willBeRetried = false
        /// Steps (and hooks) started and finished: one started and never finished (an edited
        /// or cut stream) leaves the attempt unfinished, never passed.
        var stepsStarted = 0
        var stepsFinished = 0
        /// Where the next step result is looked for first: results come in step order.
        var nextPosition = 0
        /// What of the attempt no run tells in that order (a step result before its start, the
        /// attempt finished twice, its events before its start): a stream edited or joined.
        var disorder: String?

        /// Whether the attempt ended, and every step it started ended too.
        var ended: Bool { finished && stepsStarted <= stepsFinished }
    }

    /// An open document's nodes by id, and the pickles and test cases to let go of with it.
    struct Held {
        var steps: [String: Step] = [:]
        var scenarios: [String: AstScenario] = [:]
        var tags: [String: Tag] = [:]
        var pickles: [String] = []
        var testCases: [String] = []
    }

    /// Where a scenario sits in its document. A class: every result of an outline's rows
    /// shares one, and a result holding it stays small.
    package final class AstScenario: Sendable {
        package let scenario: Scenario
        package let rule: Rule?
        package let uri: String
        /// Where each example row is, by its id: its examples' and its own place in them, so
        /// that a row's result finds it without a walk over the rows.
        package let exampleRows: [String: (examples: Int, row: Int)]

        init(scenario: Scenario, rule: Rule?, uri: String) {
            self.scenario = scenario
            self.rule = rule
            self.uri = uri
            var rows: [String: (examples: Int, row: Int)] = [:]
            for (examples, table) in scenario.examples.enumerated() {
                for (row, line) in table.tableBody.enumerated() where rows[line.id] == nil {
                    rows[line.id] = (examples, row)
                }
            }
            exampleRows = rows
        }
    }

    package init(retaining retention: Retention = .results) {
        self.retention = retention
    }

    /// The test cases of open documents (planned, and not yet let go of), by id.
    package var testCases: [String: TestCaseMessage] { records.mapValues(\.testCase) }

    /// The attempt (`testCaseStarted`) of an open document with this id.
    package func attempt(_ startedId: String) -> TestCaseStarted? {
        guard let owner = attemptOwners[startedId] else { return nil }
        return records[owner]?.attempts.last { $0.started.id == startedId }?.started
    }

    package func consume(_ envelope: Envelope) {
        cachedResults = nil
        cachedReport = nil
        frozenResult = nil
        switch envelope {
        case .testCaseStarted(let started):
            attemptOwners[started.id] = started.testCaseId
            let early = earlyEvents.removeValue(forKey: started.id)
            update(started.testCaseId) { record in
                var attempt = Attempt(
                    started: started, results: Array(repeating: nil, count: record.testCase.testSteps.count))
                if let early { attempt.disorder = "\(early) of its events came before it started" }
                record.attempts.append(attempt)
            }
        case .testStepStarted(let started):
            updateAttempt(started.testCaseStartedId) { attempt, _ in attempt.stepsStarted += 1 }
        case .testStepFinished(let finished):
            updateAttempt(finished.testCaseStartedId) { attempt, testCase in
                if attempt.stepsFinished >= attempt.stepsStarted, attempt.disorder == nil {
                    attempt.disorder = "a step result came before its step started"
                }
                attempt.stepsFinished += 1
                guard
                    let position = testCase.testSteps.index(
                        from: attempt.nextPosition, where: { $0.id == finished.testStepId })
                else { return }
                // A step told finished twice (a stream edited or written wrong) keeps its worse result.
                if let earlier = attempt.results[position], earlier.status > finished.testStepResult.status {
                    return
                }
                attempt.results[position] = finished.testStepResult
                attempt.nextPosition = position + 1
            }
        case .attachment(let attachment):
            if let hookStarted = attachment.testRunHookStartedId {
                runHookAttachments.append((runHookStarts[hookStarted].flatMap { hooks[$0] }, attachment))
            }
            guard let startedId = attachment.testCaseStartedId else { break }
            updateAttempt(startedId) { attempt, _ in attempt.attachments.append(attachment) }
        case .testCaseFinished(let finished):
            updateAttempt(finished.testCaseStartedId) { attempt, _ in
                if attempt.finished, attempt.disorder == nil { attempt.disorder = "it finished twice" }
                attempt.finished = true
                attempt.willBeRetried = finished.willBeRetried
            }
        case .testRunHookFinished(let finished):
            if finished.result.status == .failed {
                let hook = runHookStarts[finished.testRunHookStartedId].flatMap { hooks[$0] }
                let inWorker = runHooksInWorkers.contains(finished.testRunHookStartedId)
                RunHookFailure.add(
                    RunHookFailure.words(hook, message: finished.result.message, inWorker: inWorker),
                    to: &failedRunHooks)
            }
        case .testRunHookStarted(let started):
            runHookStarts[started.id] = started.hookId
            if started.workerId != nil { runHooksInWorkers.insert(started.id) }
        case .testRunFinished(let finished):
            runFinished = finished
            // A retry announced and never made is only known once the run has ended.
            generation += 1
        default:
            generation += 1
            consumeDefinition(envelope)
        }
    }

    /// The envelopes that are not of one test case's attempt.
    private func consumeDefinition(_ envelope: Envelope) {
        switch envelope {
        case .source(let source): sources[source.uri] = source
        case .gherkinDocument(let document): index(document)
        case .pickle(let pickle):
            pickles[pickle.id] = pickle
            held[pickle.uri, default: Held()].pickles.append(pickle.id)
            if !hasTestLinks { hasTestLinks = pickle.tags.contains { $0.name.hasPrefix(TestLink.tagPrefix) } }
        case .parseError(let error): parseErrors.append(error)
        case .stepDefinition(let definition): stepDefinitions[definition.id] = definition
        case .hook(let hook): hooks[hook.id] = hook
        case .suggestion(let suggestion): suggestions[suggestion.pickleStepId] = suggestion
        case .testRunStarted(let started): runStarted = started.timestamp
        case .testCase(let testCase):
            if records.updateValue(Record(testCase: testCase), forKey: testCase.id) == nil {
                testCaseOrder.append(testCase.id)
                plannedCount += 1
            }
            if let uri = pickles[testCase.pickleId]?.uri { held[uri, default: Held()].testCases.append(testCase.id) }
        default: break
        }
    }

    /// Changes a record in place; its cached result is dropped.
    private func update(_ testCaseId: String, _ change: (inout Record) -> Void) {
        guard let index = records.index(forKey: testCaseId) else { return }
        records.values[index].cached = nil
        change(&records.values[index])
    }

    private func updateAttempt(_ startedId: String, _ change: (inout Attempt, TestCaseMessage) -> Void) {
        guard let owner = attemptOwners[startedId] else {
            // An event of an attempt not started (yet): counted, and told with the attempt, or
            // without it when none starts.
            earlyEvents[startedId, default: 0] += 1
            return
        }
        update(owner) { record in
            guard let index = record.attempts.lastIndex(where: { $0.started.id == startedId }) else { return }
            change(&record.attempts[index], record.testCase)
        }
    }

    private func index(_ document: GherkinDocument) {
        let uri = document.uri ?? ""
        documents[uri] = document
        guard let feature = document.feature else { return }
        var nodes = held.removeValue(forKey: uri) ?? Held()
        defer { held[uri] = nodes }
        func add(_ steps: [Step]) { for step in steps { nodes.steps[step.id] = step } }
        func add(_ tags: [Tag]) { for tag in tags { nodes.tags[tag.id] = tag } }
        func add(_ scenario: Scenario, in rule: Rule?) {
            nodes.scenarios[scenario.id] = AstScenario(scenario: scenario, rule: rule, uri: uri)
            add(scenario.steps)
            add(scenario.tags)
            for examples in scenario.examples { add(examples.tags) }
        }
        add(feature.tags)
        feature.walk { block in
            switch block {
            case .rule(let rule): add(rule.tags)
            case .background(let background, _): add(background.steps)
            case .scenario(let scenario, let rule): add(scenario, in: rule)
            }
        }
    }

    /// Freezes the results of the document's test cases as the retention says, and lets go
    /// of its source, pickles and test cases (and of the document itself, unless whole
    /// results are kept).
    package func closeDocument(_ uri: String) {
        guard let document = held.removeValue(forKey: uri) else { return }
        var counted: Set<String> = []
        defer { if !counted.isEmpty { testCaseOrder.removeAll { counted.contains($0) } } }
        for id in document.testCases {
            // A result a format already asked for is taken as it was computed, not built again.
            if let result = result(of: id, in: document) {
                let passed = result.started && (result.status == .passed || result.status == .skipped)
                if passed && retention == .counts {
                    counted.insert(id)
                    countedTally.counts.record(result.status, steps: result.stepStatuses)
                    if result.isFlaky {
                        countedTally.flaky.append((result.location, result.pickle.name, result.attempt))
                    }
                } else {
                    closed[id] = passed && retention != .results ? result.summarised() : result
                }
            }
            guard let record = records.removeValue(forKey: id) else { continue }
            for attempt in record.attempts { attemptOwners[attempt.started.id] = nil }
            for step in record.testCase.testSteps {
                if let pickleStepId = step.pickleStepId { suggestions[pickleStepId] = nil }
            }
        }
        for id in document.pickles { pickles[id] = nil }
        if retention != .results { documents[uri] = nil }
        sources[uri] = nil
        cachedResults = nil
    }
}
