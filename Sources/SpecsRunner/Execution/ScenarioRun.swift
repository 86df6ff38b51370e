import Dispatch
import Messages

/// Runs a test case to its final attempt, each attempt in its own task watched for
/// steps that overrun their timeout.
struct ScenarioRun: Sendable {
    struct Outcome: Sendable {
        var envelopes: [Envelope] = []
        var status: TestStepResultStatus = .passed
        var stepStatuses: [TestStepResultStatus: Int] = [:]
        /// A step timed out and did not stop: it still runs, abandoned, in this process.
        var abandonedStep = false
    }

    private enum AttemptEnd: Sendable {
        case finished(TestStepResultStatus)
        /// A step timed out and did not return within the grace period once cancelled.
        case abandoned(step: Int)
    }

    let executor: TestCaseExecutor
    let watchdog: Watchdog
    let clock: any RunClock
    let options: RunOptions

    /// Runs every attempt of `plan`; `live` is told each event as it happens.
    func run(
        _ plan: TestCasePlan, workerId: String? = nil, live: (@Sendable (Envelope) -> Void)? = nil
    ) async -> Outcome {
        var outcome = Outcome()
        var attempt = 0
        while true {
            let (envelopes, status, abandoned) = await runAttempt(
                plan, attempt: attempt, workerId: workerId, live: live)
            outcome.abandonedStep = outcome.abandonedStep || abandoned
            // A step still running abandoned is no ground for another attempt beside it.
            let retry = status == .failed && attempt < options.retry && !abandoned
            outcome.envelopes += envelopes
            let startedId = plan.startedId(attempt: attempt)
            let finished = plan.finishedEvent(attempt: startedId, willBeRetried: retry, at: clock.now())
            outcome.envelopes.append(finished)
            live?(finished)
            outcome.status = status
            if !retry {
                outcome.stepStatuses = plan.stepStatuses(in: envelopes, attempt: startedId)
                return outcome
            }
            attempt += 1
        }
    }

    private func runAttempt(
        _ plan: TestCasePlan, attempt: Int, workerId: String?, live: (@Sendable (Envelope) -> Void)?
    ) async -> ([Envelope], TestStepResultStatus, Bool) {
        let startedId = plan.startedId(attempt: attempt)
        let journal = ScenarioJournal(live: live)
        journal.append(plan.startedEvent(attempt: attempt, workerId: workerId, at: clock.now()))
        let executor = executor
        let grace = options.cancellationGrace
        let end: AttemptEnd = await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            let task = Task { once.resume(.finished(await executor.run(plan, startedId: startedId, journal: journal))) }
            watchdog.watch(journal) { step in
                // Cancel the step; a step that checks for cancellation returns, its result is
                // the timeout and the after hooks run. One that does not is abandoned.
                task.cancel()
                DispatchQueue.global().asyncAfter(deadline: .now() + grace) { once.resume(.abandoned(step: step)) }
            }
        }
        watchdog.unwatch(journal)
        var envelopes = journal.close()
        switch end {
        case .finished(let status):
            return (envelopes, status, false)
        case .abandoned(let step):
            let closedAt = envelopes.count
            defer { if let live { for envelope in envelopes[closedAt...] { live(envelope) } } }
            // The step that timed out was told started; the others were not.
            envelopes += plan.endingEnvelopes(
                attempt: startedId, failing: step,
                result: StepTimeout.result(
                    seconds: options.stepTimeout, stopped: false, processEnds: options.abandonedStepEndsProcess),
                started: [plan.steps[step].id],
                afterHookMessage:
                    "not run: the step that timed out did not stop, and the scenario's world is still in its hands",
                clock: clock)
            return (envelopes, .failed, true)
        }
    }
}
