import Foundation
import Gherkin
import Messages

/// Runs loaded features against a registry and tells a consumer everything that
/// happens, as Cucumber Messages envelopes.
public struct Runner<World: AnyObject>: Sendable {
    public let registry: StepRegistry<World>
    public let options: RunOptions
    public let clock: any RunClock

    public init(registry: StepRegistry<World>, options: RunOptions = RunOptions(), clock: any RunClock = SystemClock()) {
        self.registry = registry
        self.options = options
        self.clock = clock
    }

    /// Runs every selected pickle of `features`; the consumer gets the whole stream.
    /// The features are let go once their messages are out: from then on the run holds
    /// the selected pickles alone, each until it has run.
    public func run(_ features: consuming [LoadedFeature], to consumer: some EventConsumer) async -> RunSummary {
        var summary = RunSummary()
        consumer.consume(.meta(SpecsVersion.meta()))
        var candidates: [Pickle] = []
        for feature in features {
            consumer.consume(.source(feature.source))
            if let document = feature.document { consumer.consume(.gherkinDocument(document)) }
            for error in feature.errors {
                summary.parseErrors += 1
                consumer.consume(.parseError(ParseErrorMessage(
                    source: SourceReference(uri: feature.source.uri, location: error.location), message: error.description)))
            }
            for pickle in feature.pickles { consumer.consume(.pickle(pickle)) }
            candidates += feature.selectedPickles
        }
        features = []
        emitDefinitions(to: consumer, summary: &summary)
        var selected = select(candidates)
        candidates = []
        summary.selected = selected.count
        let runId = "run"
        consumer.consume(.testRunStarted(TestRunStarted(timestamp: clock.now(), id: runId)))
        var planner = makePlanner()
        // Before-all hooks come first; when one fails, no test case is planned or run.
        let refused = options.refusesBrokenDefinitions && !registry.problems.isEmpty
        // Worker processes run the before-all and after-all hooks themselves.
        let hooksHere = options.runsRunHooks && options.isolation == .inProcess
        let beforeAllPassed = refused ? false
            : hooksHere ? await runGlobalHooks(.beforeAll, runId: runId, to: consumer, summary: &summary) : true
        if beforeAllPassed {
            var plans: [TestCasePlan<World>] = []
            plans.reserveCapacity(selected.count)
            for (number, pickle) in selected.enumerated() { plans.append(planner.plan(pickle, number: number)) }
            selected = []
            for plan in plans {
                var message = plan.message
                message.testRunStartedId = runId
                consumer.consume(.testCase(message))
            }
            await runTestCases(consume plans, to: consumer, summary: &summary)
        }
        if hooksHere && !refused { _ = await runGlobalHooks(.afterAll, runId: runId, to: consumer, summary: &summary) }
        summary.interrupted = options.interruption?.current
        consumer.consume(.testRunFinished(TestRunFinished(
            success: summary.exitCode == 0, timestamp: clock.now(), testRunStartedId: runId)))
        consumer.finish()
        return summary
    }

    private func emitDefinitions(to consumer: some EventConsumer, summary: inout RunSummary) {
        for (type, location) in registry.customParameterTypes {
            consumer.consume(.parameterType(ParameterTypeMessage(
                id: "p-\(type.name)", name: type.name, regularExpressions: type.regularExpressions,
                preferForRegularExpressionMatch: type.preferForRegularExpressionMatch, useForSnippets: type.useForSnippets,
                sourceReference: reference(location))))
        }
        for problem in registry.problems {
            if let name = problem.undefinedParameterType {
                consumer.consume(.undefinedParameterType(UndefinedParameterTypeMessage(expression: problem.expression, name: name)))
                if options.refusesBrokenDefinitions { summary.definitionProblems += 1 }
            } else {
                summary.definitionProblems += 1
            }
        }
        for step in registry.steps {
            consumer.consume(.stepDefinition(StepDefinitionMessage(
                id: step.id,
                pattern: .init(source: step.expression.source, type: step.isRegularExpression ? .regularExpression : .cucumberExpression),
                sourceReference: reference(step.location))))
        }
        for hook in registry.hooks {
            consumer.consume(.hook(HookMessage(
                id: hook.id, name: hook.name, sourceReference: reference(hook.location),
                tagExpression: hook.tagExpressionSource, type: hook.kind.messageType)))
        }
    }

    private func reference(_ location: CodeLocation) -> SourceReference {
        SourceReference(uri: location.file, location: Location(line: location.line))
    }

    private func select(_ pickles: [Pickle]) -> [Pickle] {
        let patterns = options.names.compactMap { try? NSRegularExpression(pattern: $0) }
        var selected = pickles.filter { pickle in
            guard options.tags.evaluate(pickle.tags.map { $0.name }) else { return false }
            guard !patterns.isEmpty else { return true }
            let range = NSRange(location: 0, length: pickle.name.utf16.count)
            return patterns.contains { $0.firstMatch(in: pickle.name, range: range) != nil }
        }
        if let shard = options.shard { selected = ScenarioOrder.shard(selected, index: shard.index, count: shard.count) }
        return ScenarioOrder.apply(options.order, to: selected)
    }

    // MARK: Run-level hooks

    /// The run-level hooks of a phase.
    public enum RunHookPhase: Sendable {
        case beforeAll, afterAll
    }

    /// Runs the before-all (or after-all) hooks alone, for a host that runs the
    /// scenarios one at a time between them. Returns a worded failure per failed hook.
    public func runHooks(_ phase: RunHookPhase) async -> [String] {
        let recorder = EventRecorder()
        var summary = RunSummary()
        let kind: Hook<World>.Kind = phase == .beforeAll ? .beforeAll : .afterAll
        _ = await runGlobalHooks(kind, runId: "run", to: recorder, summary: &summary)
        let hooks = Dictionary(registry.hooks.map { ("\($0.id)-run", $0) }, uniquingKeysWith: { first, _ in first })
        return recorder.envelopes.compactMap { envelope in
            guard case .testRunHookFinished(let finished) = envelope, finished.result.status == .failed else { return nil }
            let hook = hooks[finished.testRunHookStartedId]
            let name = hook?.name.map { "'\($0)'" } ?? "hook"
            return "\(phase == .beforeAll ? "before-all" : "after-all") \(name) (\(hook?.location.description ?? "?")) failed: "
                + (finished.result.message ?? "")
        }
    }

    func runGlobalHooks(
        _ kind: Hook<World>.Kind, runId: String, to consumer: some EventConsumer, summary: inout RunSummary, idSuffix: String = ""
    ) async -> Bool {
        var hooks = registry.hooks.filter { $0.kind == kind }
        if kind == .afterAll { hooks.reverse() }
        var allPassed = true
        for hook in hooks {
            let startedId = "\(hook.id)-run\(idSuffix)"
            consumer.consume(.testRunHookStarted(TestRunHookStarted(id: startedId, testRunStartedId: runId, hookId: hook.id, timestamp: clock.now())))
            let sink = AttachmentSink()
            let start = clock.monotonicNanoseconds()
            var failure: (any Error)?
            if !options.dryRun {
                do { try await Attach.$sink.withValue(sink) { try await hook.body(nil, nil) } } catch { failure = error }
            }
            for attachment in sink.drain() {
                consumer.consume(.attachment(Attachment(
                    body: attachment.body, contentEncoding: attachment.base64 ? .base64 : .identity, fileName: attachment.fileName,
                    mediaType: attachment.mediaType, testRunHookStartedId: startedId, timestamp: clock.now())))
            }
            let duration = Duration(nanoseconds: Int(clamping: clock.monotonicNanoseconds() &- start))
            let result = StepOutcome.result(for: failure, duration: duration)
            if result.status == .failed {
                allPassed = false
                summary.hookFailed = true
            }
            consumer.consume(.testRunHookFinished(TestRunHookFinished(testRunHookStartedId: startedId, result: result, timestamp: clock.now())))
        }
        return allPassed
    }

    // MARK: Test cases

    /// What runs a test case's attempts in this process, with its watchdog (started).
    func makeScenarioRun(stepOutput: (@Sendable () -> String)? = nil) -> (ScenarioRun<World>, Watchdog) {
        var executor = TestCaseExecutor(
            makeWorld: registry.makeWorld,
            beforeStepHooks: registry.hooks.filter { $0.kind == .beforeStep },
            afterStepHooks: registry.hooks.filter { $0.kind == .afterStep }.reversed(),
            clock: clock, stepTimeoutNanoseconds: UInt64(max(0.001, options.stepTimeout) * 1_000_000_000),
            stepTimeoutSeconds: options.stepTimeout, dryRun: options.dryRun,
            snippetTypes: registry.customParameterTypes.map(\.type).filter(\.useForSnippets))
        executor.stepOutput = stepOutput
        let watchdog = Watchdog(timeoutNanoseconds: UInt64(max(0.001, options.stepTimeout) * 1_000_000_000), clock: clock)
        watchdog.start()
        return (ScenarioRun(executor: executor, watchdog: watchdog, clock: clock, options: options), watchdog)
    }

    func makePlanner() -> TestCasePlanner<World> {
        TestCasePlanner(
            matcher: StepMatcher(definitions: registry.steps),
            hooks: registry.hooks, idPrefix: options.shard.map { "s\($0.index)-" } ?? "")
    }

    private func runTestCases(_ plans: consuming [TestCasePlan<World>], to consumer: some EventConsumer, summary: inout RunSummary) async {
        if case .workers(let executable, let arguments) = options.isolation {
            await runSupervised(plans, executable: executable, arguments: arguments, to: consumer, summary: &summary)
            return
        }
        let (scenario, watchdog) = makeScenarioRun()
        defer { watchdog.stop() }

        func record(_ outcome: ScenarioRun<World>.Outcome) {
            for envelope in outcome.envelopes { consumer.consume(envelope) }
            summary.record(outcome.status, steps: outcome.stepStatuses)
        }

        let width = max(1, options.parallel)
        if width == 1 {
            // Each plan is let go once it has run.
            var remaining = Array(plans.reversed())
            plans = []
            while let plan = remaining.popLast() {
                if options.interruption?.current != nil { break }
                let outcome = await scenario.run(plan)
                record(outcome)
                if options.failFast && outcome.status.failsRun { break }
            }
            return
        }
        let queue = plans
        await withTaskGroup(of: (Int, ScenarioRun<World>.Outcome).self) { group in
            var next = 0
            var stopped = false
            var finished: [Int: ScenarioRun<World>.Outcome] = [:]
            var emitted = 0
            func launch() {
                guard next < queue.count, !stopped else { return }
                let index = next
                let plan = queue[index]
                group.addTask { (index, await scenario.run(plan)) }
                next += 1
            }
            for _ in 0..<width { launch() }
            for await (index, outcome) in group {
                finished[index] = outcome
                // Emit in plan order, so the stream reads as a serial run's.
                while let ready = finished.removeValue(forKey: emitted) {
                    record(ready)
                    emitted += 1
                    if options.failFast && ready.status.failsRun { stopped = true }
                }
                launch()
            }
        }
    }
}

extension Hook.Kind {
    var messageType: HookMessage.HookType {
        switch self {
        case .beforeScenario: .beforeTestCase
        case .afterScenario: .afterTestCase
        case .beforeStep: .beforeTestStep
        case .afterStep: .afterTestStep
        case .beforeAll: .beforeTestRun
        case .afterAll: .afterTestRun
        }
    }
}
