import Foundation
import Gherkin
import Locking
import Messages
import TagExpressions

/// Runs loaded features against a registry and tells a consumer everything that
/// happens, as Cucumber Messages envelopes.
package struct Runner<World: AnyObject>: Sendable {
    /// The step definitions and hooks.
    package let registry: StepRegistry<World>
    /// What to run, in what order, how.
    package let options: RunOptions
    /// Where the run reads the time.
    package let clock: any RunClock

    /// A runner of `registry`'s steps with these options.
    package init(registry: StepRegistry<World>, options: RunOptions = RunOptions(), clock: any RunClock = SystemClock())
    {
        self.registry = registry
        self.options = options
        self.clock = clock
    }

    /// Runs every selected pickle of `features`; the consumer gets the whole stream.
    ///
    /// The run goes batch by batch (`RunBatchMaker`): a batch of files is loaded, its sources,
    /// documents and pickles are told, its selected pickles are planned (their `testCase`s
    /// told) and run, then the consumer is told each of its documents is closed and the batch
    /// is let go.
    package func run(_ features: some FeatureSupply, to consumer: some EventConsumer) async -> RunSummary {
        var summary = RunSummary()
        consumer.consume(.meta(SpecsVersion.meta()))
        emitDefinitions(to: consumer, summary: &summary)
        let runId = "run"
        consumer.consume(.testRunStarted(TestRunStarted(timestamp: clock.now(), id: runId)))
        // Before-all hooks come first; when one fails, no test case is planned or run (as
        // Cucumber does). When definitions are refused, the selected test cases are planned
        // (told) and none is run: every report, the rerun file too, names them as not run.
        let refused = options.refusesBrokenDefinitions && !registry.problems.isEmpty
        // The run's hooks run here, once; the worker hooks run in each process that runs
        // scenarios: this one when it runs them itself, else each worker process.
        let hooksHere = options.runsRunHooks
        let workerHooksHere = hooksHere && options.isolation == .inProcess
        let beforeAllPassed =
            refused
            ? false
            : hooksHere ? await runGlobalHooks(.beforeAll, runId: runId, to: consumer, summary: &summary) : true
        // A worker hook that fails leaves the test cases planned and never run, as a worker
        // process that cannot get ready does: the reports and the rerun file name them alike.
        var ready = beforeAllPassed
        if beforeAllPassed && workerHooksHere {
            ready = await runGlobalHooks(.beforeWorker, runId: runId, to: consumer, summary: &summary)
        }
        let dispatch = ready && !refused ? makeDispatch() : nil
        let maker = RunBatchMaker(
            features: features, options: options, runId: runId, plansTestCases: beforeAllPassed || refused,
            planner: makePlanner())
        // The batches are made on a task of their own, ahead of their turn (`UpcomingBatches`);
        // each is told, run and closed in turn, so the stream reads as if made one batch at a time.
        let batches = UpcomingBatches(ahead: UpcomingBatches.runAhead)
        async let making: Void = UpcomingBatches.make(maker, into: batches)
        while let batch = await batches.take() {
            for envelope in batch.envelopes { consumer.consume(envelope) }
            summary.unparsable += batch.unparsable
            summary.selected += batch.selected
            summary.planned += batch.plans.count
            summary.loaded += batch.loaded
            summary.selectedByLine = summary.selectedByLine || batch.selectedByLine
            summary.suite.add(batch.suite)
            summary.suitePlaces.merge(batch.suitePlaces) { $0 + $1 }
            if let dispatch { await dispatch.run(batch.plans, upcoming: batches, to: consumer, summary: &summary) }
            for uri in batch.uris { consumer.closeDocument(uri) }
        }
        await making
        if let dispatch { await dispatch.finish(to: consumer, summary: &summary) }
        if workerHooksHere && !refused {
            _ = await runGlobalHooks(.afterWorker, runId: runId, to: consumer, summary: &summary)
        }
        if hooksHere && !refused { _ = await runGlobalHooks(.afterAll, runId: runId, to: consumer, summary: &summary) }
        summary.interrupted = options.interruption?.current
        // The run's metadata is told as the run finishes, with the same time.
        let finished = clock.now()
        consumer.consume(metadata(summary, runId: runId, timestamp: finished))
        consumer.consume(
            .testRunFinished(
                TestRunFinished(
                    success: summary.verdict.passed, timestamp: finished,
                    exception: summary.workersLostWords.map { ExceptionMessage(type: "WorkerLost", message: $0) },
                    testRunStartedId: runId)))
        consumer.finish()
        return summary
    }

    /// The run's metadata (`RunMetadata`), as an attachment of the test run.
    private func metadata(_ summary: RunSummary, runId: String, timestamp: Timestamp) -> Envelope {
        let shard = options.shard ?? (index: 1, count: 1)
        var metadata = RunMetadata(
            suite: summary.suite.value(options: options.selectionDescription), shard: shard.index, shards: shard.count,
            selected: summary.suite.count, planned: summary.selected)
        metadata.loaded = summary.loaded
        var filters = RunOptions.selectionWords(
            tags: options.tags, tagsAsWritten: options.tagsAsWritten, names: options.names)
        if summary.selectedByLine { filters.append("path:LINE") }
        metadata.filter = filters.isEmpty ? nil : filters.joined(separator: " ")
        if options.shard != nil {
            metadata.plan = Self.planSource(options.shardDurations)
            metadata.scenarios = summary.suitePlaces
        }
        if options.dryRun { metadata.dryRun = true }
        if options.failOnUnused && options.shard != nil { metadata.failOnUnused = true }
        metadata.interrupted = summary.interrupted
        if summary.definitionProblems > 0 { metadata.definitionErrors = summary.definitionProblems }
        metadata.workersNotStarted = summary.workersNotStarted
        return .attachment(
            Attachment(
                body: metadata.body, contentEncoding: .identity, mediaType: RunMetadata.mediaType,
                testRunStartedId: runId,
                timestamp: timestamp))
    }

    /// What a shard plan comes from, as `RunMetadata.plan` records it: `count`, or the
    /// durations read, as a digest of every `path:line` and time.
    static func planSource(_ durations: [String: Int]) -> String {
        guard !durations.isEmpty else { return "count" }
        let text = durations.keys.sorted().map { "\($0)=\(durations[$0] ?? 0)" }.joined(separator: "\n")
        return "durations " + SuiteFingerprint.hex(SuiteFingerprint.hash(text))
    }

    private func emitDefinitions(to consumer: some EventConsumer, summary: inout RunSummary) {
        for (type, location) in registry.customParameterTypes {
            consumer.consume(
                .parameterType(
                    ParameterTypeMessage(
                        id: "p-\(type.name)", name: type.name, regularExpressions: type.regularExpressions,
                        preferForRegularExpressionMatch: type.preferForRegularExpressionMatch,
                        useForSnippets: type.useForSnippets,
                        sourceReference: Self.reference(location))))
        }
        for problem in registry.problems {
            if let name = problem.undefinedParameterType {
                consumer.consume(
                    .undefinedParameterType(UndefinedParameterTypeMessage(expression: problem.expression, name: name)))
                if options.refusesBrokenDefinitions { summary.definitionProblems += 1 }
            } else {
                summary.definitionProblems += 1
            }
        }
        for step in registry.steps {
            consumer.consume(
                .stepDefinition(
                    StepDefinitionMessage(
                        id: step.id,
                        pattern: .init(
                            source: step.expression.source,
                            type: step.isRegularExpression ? .regularExpression : .cucumberExpression),
                        sourceReference: Self.reference(step.location))))
        }
        for hook in registry.hooks { consumer.consume(.hook(Self.message(of: hook))) }
    }

    /// The `hook` message that defines `hook` in the stream.
    static func message(of hook: Hook) -> HookMessage {
        HookMessage(
            id: hook.id, name: hook.name, sourceReference: reference(hook.location),
            tagExpression: hook.tagExpressionSource, type: hook.kind.messageType)
    }

    private static func reference(_ location: CodeLocation) -> SourceReference {
        SourceReference(uri: location.file, location: Location(line: location.line))
    }

    // MARK: Run-level hooks

    /// The run-level hooks of a phase.
    package enum RunHookPhase: Sendable {
        /// Before the first scenario, or after the last.
        case beforeAll, afterAll
    }

    /// Runs the before-all (or after-all) hooks alone, for a host that runs the
    /// scenarios one at a time between them, with the worker hooks of its process (after
    /// the before-all hooks, before the after-all ones). Returns a worded failure per failed hook.
    package func runHooks(_ phase: RunHookPhase) async -> [String] {
        let recorder = EventRecorder()
        var summary = RunSummary()
        let kinds: [Hook.Kind] = phase == .beforeAll ? [.beforeAll, .beforeWorker] : [.afterWorker, .afterAll]
        for kind in kinds where await runGlobalHooks(kind, runId: "run", to: recorder, summary: &summary) == false {
            if phase == .beforeAll { break }
        }
        let hooks = Dictionary(registry.hooks.map { ("\($0.id)-run", $0) }, uniquingKeysWith: { first, _ in first })
        return recorder.envelopes.compactMap { envelope in
            guard case .testRunHookFinished(let finished) = envelope, finished.result.status == .failed else {
                return nil
            }
            let hook = hooks[finished.testRunHookStartedId]
            let name = hook?.name.map { "'\($0)'" } ?? "hook"
            return
                "\(hook.map { $0.kind.words } ?? "run") \(name) (\(hook?.location.description ?? "?")) failed: "
                + (finished.result.message ?? "")
        }
    }

    /// Runs the hooks of `kind` (run or worker hooks) in turn; `output` is what they wrote to
    /// standard output where a worker captures it, attached to the hook that wrote it.
    /// `workerId`: the worker process they run in, named by their starts (none in process).
    func runGlobalHooks(
        _ kind: Hook.Kind, runId: String, to consumer: some EventConsumer, summary: inout RunSummary,
        idSuffix: String = "", workerId: String? = nil, output: (@Sendable () -> String)? = nil
    ) async -> Bool {
        // A copy of the runner forked by a hook ends where the hook returns.
        _ = ForkGuard.installed
        var hooks = registry.hooks.filter { $0.kind == kind }
        if kind == .afterAll || kind == .afterWorker { hooks.reverse() }
        var allPassed = true
        for hook in hooks {
            let startedId = "\(hook.id)-run\(idSuffix)"
            consumer.consume(
                .testRunHookStarted(
                    TestRunHookStarted(
                        id: startedId, testRunStartedId: runId, hookId: hook.id, workerId: workerId,
                        timestamp: clock.now()))
            )
            let sink = AttachmentSink()
            let start = clock.monotonicNanoseconds()
            let failure = Locked<(any Error)?>(nil)
            var end = RunHookTimeout.End.returned
            var printed = ""
            if !options.dryRun {
                let body: @Sendable () async -> Void = {
                    do {
                        defer { ForkGuard.endIfForked() }
                        try await Attach.$sink.withValue(sink) { try await hook.body(nil, nil) }
                    } catch {
                        failure.withLock { $0 = error }
                    }
                }
                // In the runner's own process a hook is bounded as a step is; a worker process's
                // hooks are bounded by its supervisor, which ends the process.
                let timeout = options.stepTimeout
                let grace = options.cancellationGrace
                let interruption = options.interruption
                // What the hook prints is attached to it: a worker captures it (`output`), the
                // runner taps its own standard output while the hook runs.
                let run = {
                    guard workerId == nil else { return await body() }
                    end = await RunHookTimeout.run(
                        timeout: timeout, grace: grace, interruption: interruption, body)
                }
                if output == nil {
                    printed = await StandardOutputTap.capturing(
                        run, writingTo: options.runHookOutputToStandardError ? STDERR_FILENO : STDOUT_FILENO)
                } else {
                    await run()
                }
            }
            if let written = output?() { printed += written }
            if !printed.isEmpty {
                let written = printed
                Attach.$sink.withValue(sink) {
                    Attach.log(written.hasSuffix("\n") ? String(written.dropLast()) : written)
                }
            }
            for attachment in sink.drain() {
                consumer.consume(attachment.envelope(testRunHookStartedId: startedId, timestamp: clock.now()))
            }
            let duration = Duration(nanoseconds: Int(clamping: clock.monotonicNanoseconds() &- start))
            let result =
                end == .returned
                ? StepOutcome.result(for: failure.withLock { $0 }, duration: duration)
                : RunHookTimeout.result(seconds: options.stepTimeout, end: end)
            if result.status == .failed {
                allPassed = false
                RunHookFailure.add(
                    RunHookFailure.words(Self.message(of: hook), message: result.message, inWorker: workerId != nil),
                    to: &summary.failedHooks)
            }
            consumer.consume(
                .testRunHookFinished(
                    TestRunHookFinished(testRunHookStartedId: startedId, result: result, timestamp: clock.now())))
        }
        return allPassed
    }

    // MARK: Test cases

    /// What runs a test case's attempts in this process, with its watchdog (started).
    func makeScenarioRun(stepOutput: (@Sendable () -> String)? = nil) -> (ScenarioRun, Watchdog) {
        // A copy of the runner forked by a step ends where the step returns.
        _ = ForkGuard.installed
        var executor = TestCaseExecutor(
            makeWorld: registry.makeAnyWorld,
            beforeStepHooks: registry.hooks.filter { $0.kind == .beforeStep },
            afterStepHooks: registry.hooks.filter { $0.kind == .afterStep }.reversed(),
            clock: clock, stepTimeoutNanoseconds: options.stepTimeoutNanoseconds,
            stepTimeoutSeconds: options.stepTimeout, dryRun: options.dryRun,
            snippetTypes: registry.customParameterTypes.map(\.type).filter(\.useForSnippets))
        executor.stepOutput = stepOutput
        executor.nearest = NearestSteps(
            definitions: registry.steps, types: registry.customParameterTypes.map(\.type).filter(\.useForSnippets))
        let watchdog = Watchdog(
            timeoutNanoseconds: options.stepTimeoutNanoseconds, clock: clock, interruption: options.interruption)
        watchdog.start()
        return (ScenarioRun(executor: executor, watchdog: watchdog, clock: clock, options: options), watchdog)
    }

    func makePlanner() -> TestCasePlanner {
        TestCasePlanner(
            matcher: StepMatcher(definitions: registry.steps),
            hooks: registry.hooks, idPrefix: options.shard.map { "s\($0.index)-" } ?? "")
    }

    /// Workers when the options ask for them (each is sent the plans it runs), else this process.
    private func makeDispatch() -> any TestCaseDispatch {
        if case .workers(let executable, let arguments) = options.isolation {
            return WorkerPool(
                executable: executable, arguments: arguments, options: options, clock: clock,
                hooks: Dictionary(
                    registry.hooks.map { ($0.id, Self.message(of: $0)) }, uniquingKeysWith: { first, _ in first }))
        }
        let (scenario, watchdog) = makeScenarioRun()
        return InProcessDispatch(scenario, watchdog: watchdog, options: options)
    }
}

extension Hook.Kind {
    var messageType: HookMessage.HookType {
        switch self {
        case .beforeScenario: .beforeTestCase
        case .afterScenario: .afterTestCase
        case .beforeStep: .beforeTestStep
        case .afterStep: .afterTestStep
        case .beforeAll, .beforeWorker: .beforeTestRun
        case .afterAll, .afterWorker: .afterTestRun
        }
    }

    /// The hook's kind as a failure names it.
    var words: String {
        switch self {
        case .beforeAll: "before-all"
        case .afterAll: "after-all"
        case .beforeWorker: "before-worker"
        case .afterWorker: "after-worker"
        default: "hook"
        }
    }
}
