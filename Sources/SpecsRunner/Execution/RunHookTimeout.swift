import Dispatch
import Messages

/// A run hook in the runner's own process (`beforeAll`, `afterAll`, and the worker hooks of a
/// run in process) is bounded as a step is: at `--timeout` its task is cancelled, and one that
/// has not returned within the grace after is left running, abandoned, so that the run ends
/// and writes its reports instead of waiting for it without end.
enum RunHookTimeout {
    /// How a bounded hook ended.
    enum End: Sendable, Equatable {
        /// It returned within the timeout.
        case returned
        /// It returned once cancelled, within the grace.
        case stopped
        /// It had not returned at the end of the grace: it still runs, abandoned.
        case abandoned
    }

    /// Runs `body` (a task of its own) and waits for it at most `timeout` and then, once it is
    /// cancelled, `grace` more (seconds).
    static func run(
        timeout: Double, grace: Double, _ body: @escaping @Sendable () async -> Void
    ) async -> End {
        let task = Task { await body() }
        if await returns(task, within: timeout) { return .returned }
        task.cancel()
        return await returns(task, within: grace) ? .stopped : .abandoned
    }

    private static func returns(_ task: Task<Void, Never>, within seconds: Double) async -> Bool {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            Task {
                await task.value
                once.resume(true)
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(seconds * 1_000_000_000))) {
                once.resume(false)
            }
        }
    }

    /// The failed result of a hook that outlived its timeout.
    static func result(seconds: Double, end: End) -> TestStepResult {
        let cause = "timed out after \(seconds)s (--timeout bounds the run's own hooks too)"
        let message =
            end == .stopped
            ? cause + "; the hook was cancelled and stopped"
            : cause
                + "; the hook was cancelled but did not stop (it does not check for cancellation, or blocks its "
                + "thread) and was abandoned: the run went on without it, and what it holds may still be held"
        return TestStepResult(
            duration: Duration(nanoseconds: Int(seconds * 1_000_000_000)), message: message, status: .failed,
            exception: ExceptionMessage(type: "StepTimeout", message: "timed out after \(seconds)s"))
    }
}
