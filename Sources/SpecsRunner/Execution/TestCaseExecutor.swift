import CucumberExpressions
import Gherkin
import Messages

/// Runs one attempt of a test case with a fresh world, step by step, writing every
/// event to the attempt's journal. A step that does not pass makes the later steps
/// skipped (undefined and ambiguous steps are still reported as such); after-step
/// hooks run after every step that ran and after-scenario hooks after every scenario,
/// whatever happened before them, a timed-out step included. Hooks are told the
/// scenario, and after hooks how it (or the step) ended.
struct TestCaseExecutor: Sendable {
    let makeWorld: @Sendable () async throws -> AnyObject
    let beforeStepHooks: [Hook]
    let afterStepHooks: [Hook]
    let clock: any RunClock
    let stepTimeoutNanoseconds: UInt64
    let stepTimeoutSeconds: Double
    let dryRun: Bool
    /// Custom parameter types that undefined steps' snippets may use.
    var snippetTypes: [ParameterType] = []
    /// The definitions an undefined step's result names as what it may have meant.
    var nearest: NearestSteps?
    /// What the step just ended wrote to standard output, in a worker that captures it.
    var stepOutput: (@Sendable () -> String)?

    func run(_ plan: TestCasePlan, startedId: String, journal: ScenarioJournal) async -> TestStepResultStatus {
        let sink = AttachmentSink()
        return await Attach.$sink.withValue(sink) {
            await execute(plan, startedId: startedId, journal: journal, sink: sink)
        }
    }

    private func execute(
        _ plan: TestCasePlan, startedId: String, journal: ScenarioJournal, sink: AttachmentSink
    ) async -> TestStepResultStatus {
        let scenario = ScenarioInfo(
            name: plan.pickle.name, tags: plan.pickle.tags.map(\.name), uri: plan.pickle.uri,
            line: plan.pickle.location.line)
        var world: AnyObject?
        var worldFailure: (any Error)?
        let tags = scenario.tags
        var remaining = RemainingSteps.run
        var worst = TestStepResultStatus.passed
        for (index, planned) in plan.steps.enumerated() {
            journal.append(plan.stepStartedEvent(index, attempt: startedId, at: clock.now()))
            let start = clock.monotonicNanoseconds()
            journal.stepStarted(index, deadline: start &+ stepTimeoutNanoseconds)
            // The world is made once the first step has started: a world whose making crashes
            // its worker, or blocks past the timeout, is that step's failure, told with its cause.
            if index == 0 && !dryRun {
                do { world = try await makeWorld() } catch { worldFailure = error }
                ForkGuard.endIfForked()
            }
            var result: TestStepResult
            if let failure = worldFailure, index == 0 {
                result = TestStepResult(
                    duration: .zero,
                    message: "the scenario's world could not be made: \(StepOutcome.describe(failure))",
                    status: .failed,
                    exception: ExceptionMessage(type: String(reflecting: type(of: failure)), message: "\(failure)"))
            } else {
                switch planned.item {
                case .hook(let hook):
                    if dryRun || world == nil || (remaining != .run && hook.kind == .beforeScenario) {
                        result = TestStepResult(duration: .zero, status: .skipped)
                    } else {
                        let context = HookContext(
                            scenario: scenario, step: nil, status: hook.kind == .afterScenario ? worst : nil)
                        result = await invoke(start) { [world] in
                            defer { ForkGuard.endIfForked() }
                            try await Self.evenIfCancelled(hook.kind == .afterScenario, world) {
                                try await hook.body($0, context)
                            }
                        }
                    }
                case .step(let step, let matches):
                    if remaining == .skipAll {
                        result = TestStepResult(duration: .zero, status: .skipped)
                        break
                    }
                    if matches.isEmpty,
                        let suggestion = plan.suggestionEvent(
                            index, code: Snippet.swift(for: step, types: snippetTypes))
                    {
                        journal.append(suggestion)
                    }
                    result = await runStep(
                        step, matches, world: world, scenario: scenario, tags: tags, skipping: remaining != .run,
                        start: start)
                }
            }
            journal.stepFinished()
            if let stop = journal.stop(of: index) {
                result = stop.result(timeoutSeconds: stepTimeoutSeconds, stopped: true, duration: result.duration)
            }
            if let output = stepOutput?(), !output.isEmpty {
                Attach.log(output.hasSuffix("\n") ? String(output.dropLast()) : output)
            }
            for attachment in sink.drain() {
                journal.append(plan.attachmentEvent(attachment, step: index, attempt: startedId, at: clock.now()))
            }
            journal.append(plan.stepFinishedEvent(index, attempt: startedId, result: result, at: clock.now()))
            remaining.advance(
                after: result.status, of: planned.item, stopped: journal.stop(of: index) != nil, dryRun: dryRun)
            worst = worst.combined(with: result.status)
        }
        return worst
    }

    private func runStep(
        _ step: PickleStep, _ matches: [StepMatch], world: AnyObject?, scenario: ScenarioInfo, tags: [String],
        skipping: Bool, start: UInt64
    ) async -> TestStepResult {
        guard let match = matches.first else {
            return TestStepResult(duration: .zero, message: nearest?.didYouMean(step.text), status: .undefined)
        }
        guard matches.count == 1 else {
            let listing = matches.map { "  '\($0.definition.expression.source)' at \($0.definition.location)" }.joined(
                separator: "\n")
            return TestStepResult(
                duration: .zero, message: "Multiple step definitions match:\n\(listing)", status: .ambiguous)
        }
        guard let world, !skipping, !dryRun else { return TestStepResult(duration: .zero, status: .skipped) }
        let values: [any Sendable]
        do {
            values = try arguments(of: match, for: step)
        } catch {
            return StepOutcome.result(for: error, duration: .zero)
        }
        let before = beforeStepHooks.filter { $0.tagExpression?.matches(tags) ?? true }
        let after = afterStepHooks.filter { $0.tagExpression?.matches(tags) ?? true }
        return await invoke(start) {
            let told = HookContext(scenario: scenario, step: step.text, status: nil)
            for hook in before {
                defer { ForkGuard.endIfForked() }
                try await hook.body(world, told)
            }
            var failure: (any Error)?
            do { try await match.definition.body(world, values) } catch { failure = error }
            ForkGuard.endIfForked()
            // After-step hooks run whatever the step did, and are told how it ended.
            let status = failure.map { StepOutcome.result(for: $0, duration: .zero).status } ?? .passed
            var hookFailure: (any Error)?
            for hook in after {
                do {
                    let context = HookContext(scenario: scenario, step: step.text, status: status)
                    try await Self.evenIfCancelled(true, world) { try await hook.body($0, context) }
                } catch {
                    hookFailure = hookFailure ?? error
                }
                ForkGuard.endIfForked()
            }
            if let failure = failure ?? hookFailure { throw failure }
        }
    }

    private func arguments(of match: StepMatch, for step: PickleStep) throws -> [any Sendable] {
        try StepArguments.values(
            of: match, dataTable: step.argument?.dataTable.map(DataTable.init),
            docString: step.argument?.docString.map { DocString(content: $0.content, mediaType: $0.mediaType) })
    }

    /// Runs an after hook (`after`) of a step that was cancelled at its timeout in a task
    /// that is not cancelled, so that its clean-up can still await; the world is the hook's
    /// alone meanwhile (this task waits for it). Anything else runs here.
    private static func evenIfCancelled(
        _ after: Bool, _ world: AnyObject?, _ body: @escaping @Sendable (AnyObject?) async throws -> Void
    ) async throws {
        guard after, Task.isCancelled else { return try await body(world) }
        // The world is no Sendable type: it crosses to the hook's task while this one only
        // awaits that task, so one task at a time touches it, as when the hook runs here.
        nonisolated(unsafe) let handed = world
        try await Task { try await body(handed) }.value
    }

    private func invoke(_ start: UInt64, _ body: () async throws -> Void) async -> TestStepResult {
        var failure: (any Error)?
        do { try await body() } catch { failure = error }
        let elapsed = clock.monotonicNanoseconds() &- start
        return StepOutcome.result(for: failure, duration: Duration(nanoseconds: Int(clamping: elapsed)))
    }
}

/// Why the runner stopped a step before it returned, decided by the watchdog: its
/// `--timeout` ran out, or the run was interrupted (SIGINT, SIGTERM) while it ran.
enum StepStop: Sendable, Equatable {
    case timedOut
    case interrupted(String)

    /// The step's result. `stopped`: the step returned once cancelled (after `duration`);
    /// otherwise it still runs, abandoned, or (`processEnds`) its worker process is ended.
    func result(
        timeoutSeconds: Double, stopped: Bool, duration: Duration = .zero, processEnds: Bool = false
    ) -> TestStepResult {
        switch self {
        case .timedOut:
            return StepTimeout.result(seconds: timeoutSeconds, stopped: stopped, processEnds: processEnds)
        case .interrupted(let why):
            let cause = "the run was interrupted (\(why)) while this step ran"
            let message =
                stopped
                ? cause + "; the step was cancelled and stopped"
                : cause
                    + "; the step was cancelled but did not stop (it does not check for cancellation) and was abandoned"
            return TestStepResult(
                duration: duration, message: message, status: .failed,
                exception: ExceptionMessage(type: "RunInterrupted", message: cause))
        }
    }
}

/// The result of a step that outlived its timeout.
enum StepTimeout {
    /// `stopped`: the step returned once cancelled; otherwise it still runs, abandoned, or
    /// (`processEnds`) its worker process is ended to stop it.
    static func result(seconds: Double, stopped: Bool, processEnds: Bool = false) -> TestStepResult {
        let message =
            stopped
            ? "timed out after \(seconds)s; the step was cancelled and stopped"
            : processEnds
                ? "timed out after \(seconds)s; the step did not stop when cancelled (it blocks its thread), so its worker process was ended"
                : "timed out after \(seconds)s; the step was cancelled but did not stop (it does not check for cancellation) and was abandoned"
        return TestStepResult(
            duration: Duration(nanoseconds: Int(seconds * 1_000_000_000)), message: message, status: .failed,
            exception: ExceptionMessage(type: "StepTimeout", message: "timed out after \(seconds)s"))
    }
}

/// What the steps still to come of an attempt do, after the steps before them.
enum RemainingSteps: Sendable, Equatable {
    /// Every step so far passed: the next one runs.
    case run
    /// A step did not pass: the next ones are skipped, an undefined or ambiguous one still
    /// reported as such.
    case skip
    /// A step skipped itself (`Skipped`, a before-scenario hook) or was stopped (`StepStop`):
    /// every next one is skipped, whatever it is.
    case skipAll

    mutating func advance(after status: TestStepResultStatus, of item: TestCasePlan.Item, stopped: Bool, dryRun: Bool) {
        if stopped {
            self = .skipAll
            return
        }
        guard self == .run, status != .passed else { return }
        var skippedItself = false
        if status == .skipped && !dryRun {
            switch item {
            case .step: skippedItself = true
            case .hook(let hook): skippedItself = hook.kind == .beforeScenario
            }
        }
        self = skippedItself ? .skipAll : .skip
    }
}
