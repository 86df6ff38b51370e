import Dispatch
import Locking
import Messages

/// Runs test cases to their final attempts, one after another in one task, watched for
/// steps that overrun their timeout.
///
/// A task switch costs more than a fast test case (a worker's threads sleep between two
/// test cases, and each switch wakes one), so test cases run in turn in a single task, not
/// in one task an attempt. Cancelling that task is how a step is told its time is up, and a
/// cancelled task stays cancelled: after a step that timed out and returned, what follows
/// goes on in a fresh task. A step that does not return once cancelled is abandoned: its
/// test case ends failed and nothing more runs in that turn.
struct ScenarioRun: Sendable {
    struct Outcome: Sendable {
        var envelopes: [Envelope] = []
        var status: TestStepResultStatus = .passed
        var stepStatuses: [TestStepResultStatus: Int] = [:]
        /// A step timed out and did not stop: it still runs, abandoned, in this process.
        var abandonedStep = false
    }

    let executor: TestCaseExecutor
    let watchdog: Watchdog
    let clock: any RunClock
    let options: RunOptions

    /// Runs every attempt of `plan`; `live` is told each event as it happens.
    func run(
        _ plan: TestCasePlan, workerId: String? = nil, live: (@Sendable (Envelope) -> Void)? = nil
    ) async -> Outcome {
        let handed = Locked<TestCasePlan?>(plan)
        let result = Locked(Outcome())
        var tellLive: (@Sendable (TestCasePlan, Envelope) -> Void)?
        if let live { tellLive = { _, envelope in live(envelope) } }
        _ = await runInTurn(
            workerId: workerId, next: { handed.withLock { $0.take() } }, live: tellLive,
            ended: { _, outcome in result.withLock { $0 = outcome } })
        return result.withLock { $0 }
    }

    /// Runs the test cases `next` hands (nil when there are none left), one after another,
    /// telling `live` each event as it happens and `ended` each test case's outcome once, as
    /// it ends. Returns true when a step was abandoned (it timed out and did not return once
    /// cancelled): its test case ended failed, and nothing more was taken from `next`.
    func runInTurn(
        workerId: String? = nil, next: @escaping @Sendable () -> TestCasePlan?,
        live: (@Sendable (TestCasePlan, Envelope) -> Void)? = nil,
        ended: @escaping @Sendable (TestCasePlan, Outcome) -> Void
    ) async -> Bool {
        var resume: Resumption?
        while true {
            let end: TurnEnd = await withCheckedContinuation { continuation in
                let once = ResumeOnce(continuation)
                let turn = Turn(workerId: workerId, next: next, live: live, ended: ended, once: once)
                let task = Task { [resume] in
                    // Nothing when the watchdog's side ends the turn (a step was abandoned).
                    if let end = await run(turn, from: resume) { once.resume(end) }
                }
                turn.state.withLock { state in
                    state.task = task
                    if state.cancelled { task.cancel() }
                }
            }
            switch end {
            case .drained:
                return false
            case .cancelled(let resumption):
                resume = resumption
            case .abandoned(let plan, let attempt, let step, let stop, let envelopes, var outcome):
                let startedId = plan.startedId(attempt: attempt)
                var attemptEnvelopes = envelopes
                let told = attemptEnvelopes.count
                // The step that was stopped was told started; the others were not.
                attemptEnvelopes += plan.endingEnvelopes(
                    attempt: startedId, failing: step,
                    result: stop.result(
                        timeoutSeconds: options.stepTimeout, stopped: false,
                        processEnds: options.abandonedStepEndsProcess),
                    started: [plan.steps[step].id],
                    afterHookMessage: "not run: the step that "
                        + (stop == .timedOut ? "timed out" : "was interrupted")
                        + " did not stop, and the scenario's world is still in its hands",
                    clock: clock)
                if let live { for envelope in attemptEnvelopes[told...] { live(plan, envelope) } }
                // A step still running abandoned is no ground for another attempt beside it.
                _ = attemptEnded(
                    plan, attempt: attempt, envelopes: attemptEnvelopes, status: .failed, abandoned: true,
                    live: live, outcome: &outcome)
                ended(plan, outcome)
                return true
            }
        }
    }

    /// Where a fresh task goes on: the next attempt of a test case whose last attempt was cancelled.
    private struct Resumption: Sendable {
        let plan: TestCasePlan
        let attempt: Int
        let outcome: Outcome
    }

    private enum TurnEnd: Sendable {
        /// `next` has no more test cases.
        case drained
        /// A step timed out and returned, leaving the task cancelled: a fresh one goes on.
        case cancelled(Resumption?)
        /// A step was stopped (it timed out, or the run was interrupted) and did not return: the
        /// attempt's events so far, and the outcome of the test case's earlier attempts.
        case abandoned(TestCasePlan, attempt: Int, step: Int, stop: StepStop, envelopes: [Envelope], outcome: Outcome)
    }

    /// What one task of `runInTurn` works with.
    private final class Turn: Sendable {
        let workerId: String?
        let next: @Sendable () -> TestCasePlan?
        let live: (@Sendable (TestCasePlan, Envelope) -> Void)?
        let ended: @Sendable (TestCasePlan, Outcome) -> Void
        let once: ResumeOnce<TurnEnd>
        /// The task, and the journal of the attempt it runs: the task is cancelled when that
        /// attempt's step overruns its timeout, and only then (not once it runs another).
        let state = Locked<(task: Task<Void, Never>?, running: ObjectIdentifier?, cancelled: Bool)>((nil, nil, false))

        init(
            workerId: String?, next: @escaping @Sendable () -> TestCasePlan?,
            live: (@Sendable (TestCasePlan, Envelope) -> Void)?,
            ended: @escaping @Sendable (TestCasePlan, Outcome) -> Void,
            once: ResumeOnce<TurnEnd>
        ) {
            self.workerId = workerId
            self.next = next
            self.live = live
            self.ended = ended
            self.once = once
        }
    }

    /// Runs test cases in the current task until `next` has none, the task is cancelled, or a
    /// step is abandoned (nil: the watchdog's side tells how the turn ends).
    private func run(_ turn: Turn, from resumption: Resumption?) async -> TurnEnd? {
        var resumption = resumption
        while true {
            let plan: TestCasePlan
            var attempt = 0
            var outcome = Outcome()
            if let resumed = resumption {
                (plan, attempt, outcome) = (resumed.plan, resumed.attempt, resumed.outcome)
                resumption = nil
            } else if let handed = turn.next() {
                plan = handed
            } else {
                return .drained
            }
            while true {
                let live = turn.live.map { live in { @Sendable envelope in live(plan, envelope) } }
                let journal = ScenarioJournal(live: live)
                journal.append(plan.startedEvent(attempt: attempt, workerId: turn.workerId, at: clock.now()))
                turn.state.withLock { $0.running = ObjectIdentifier(journal) }
                watch(journal, of: plan, attempt: attempt, outcome: outcome, turn: turn)
                let status = await executor.run(plan, startedId: plan.startedId(attempt: attempt), journal: journal)
                watchdog.unwatch(journal)
                turn.state.withLock { $0.running = nil }
                // A journal closed already was abandoned: the watchdog's side ends the test case.
                guard let envelopes = journal.closeIfOpen() else { return nil }
                let retry = attemptEnded(
                    plan, attempt: attempt, envelopes: envelopes, status: status, abandoned: false,
                    live: turn.live, outcome: &outcome)
                if !retry {
                    turn.ended(plan, outcome)
                    if Task.isCancelled { return .cancelled(nil) }
                    break
                }
                attempt += 1
                if Task.isCancelled { return .cancelled(Resumption(plan: plan, attempt: attempt, outcome: outcome)) }
            }
        }
    }

    /// Has the watchdog cancel the turn's task when a step of this attempt overruns its
    /// timeout or runs as the run is interrupted, and abandon the attempt when the step has
    /// not returned within the grace period after (a second at most after an interruption):
    /// whichever of the task and the watchdog closes the journal first ends the attempt.
    private func watch(_ journal: ScenarioJournal, of plan: TestCasePlan, attempt: Int, outcome: Outcome, turn: Turn) {
        let options = options
        watchdog.watch(journal) { step, stop in
            let grace = stop == .timedOut ? options.cancellationGrace : min(options.cancellationGrace, 1)
            // Cancel the step; a step that checks for cancellation returns, its result is
            // the timeout and the after hooks run. One that does not is abandoned.
            turn.state.withLock { state in
                guard state.running == ObjectIdentifier(journal) else { return }
                state.cancelled = true
                state.task?.cancel()
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + grace) {
                guard let envelopes = journal.closeIfOpen() else { return }
                turn.once.resume(
                    .abandoned(plan, attempt: attempt, step: step, stop: stop, envelopes: envelopes, outcome: outcome))
            }
        }
    }

    /// Adds an ended attempt to `outcome`, tells its `testCaseFinished`, and says whether
    /// another attempt follows.
    private func attemptEnded(
        _ plan: TestCasePlan, attempt: Int, envelopes: [Envelope], status: TestStepResultStatus, abandoned: Bool,
        live: (@Sendable (TestCasePlan, Envelope) -> Void)?, outcome: inout Outcome
    ) -> Bool {
        outcome.abandonedStep = outcome.abandonedStep || abandoned
        // A run that was interrupted starts no attempt.
        let retry = status == .failed && attempt < options.retry && !abandoned && options.interruption?.current == nil
        outcome.envelopes += envelopes
        let startedId = plan.startedId(attempt: attempt)
        let finished = plan.finishedEvent(attempt: startedId, willBeRetried: retry, at: clock.now())
        outcome.envelopes.append(finished)
        live?(plan, finished)
        outcome.status = status
        if !retry { outcome.stepStatuses = plan.stepStatuses(in: envelopes, attempt: startedId) }
        return retry
    }
}
