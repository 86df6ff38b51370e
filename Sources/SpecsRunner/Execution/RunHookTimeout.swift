import Dispatch
import Messages

/// A run hook in the runner's own process (`beforeAll`, `afterAll`, and the worker hooks of a
/// run in process) is bounded as a step is: at `--timeout`, or when the run is interrupted (a
/// signal), its task is cancelled, and one that has not returned within the grace after is
/// left running, abandoned, so that the run ends and writes its reports instead of waiting for
/// it without end.
enum RunHookTimeout {
    /// How a bounded hook ended.
    enum End: Sendable, Equatable {
        /// It returned within the timeout.
        case returned
        /// It was cancelled at the timeout, or as the run was interrupted (`interrupted`:
        /// why), and it returned within the grace (`stopped`) or not (abandoned).
        case cancelled(interrupted: String?, stopped: Bool)
    }

    /// Runs `body` (a task of its own, cancelled with the caller's) and waits for it at most
    /// `timeout` and then, once it is cancelled, `grace` more (seconds); an interruption of the
    /// run cancels it at once.
    static func run(
        timeout: Double, grace: Double, interruption: RunInterruption?, _ body: @escaping @Sendable () async -> Void
    ) async -> End {
        let task = Task { await body() }
        return await withTaskCancellationHandler {
            if await returns(task, within: timeout, interruption: interruption) { return .returned }
            task.cancel()
            let interrupted = interruption?.current
            return .cancelled(interrupted: interrupted, stopped: await returns(task, within: grace, interruption: nil))
        } onCancel: {
            task.cancel()
        }
    }

    /// Whether `task` returned within `seconds`, and before the run was interrupted.
    private static func returns(
        _ task: Task<Void, Never>, within seconds: Double, interruption: RunInterruption?
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            let once = ResumeOnce(continuation)
            Task {
                await task.value
                once.resume(true)
            }
            let deadline = DispatchTime.now() + .nanoseconds(Int(seconds * 1_000_000_000))
            // Polled, as the watchdog polls steps: the deadline, and the run's interruption.
            let timer = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
            timer.schedule(deadline: .now(), repeating: .milliseconds(50))
            timer.setEventHandler {
                guard DispatchTime.now() >= deadline || interruption?.current != nil else { return }
                timer.cancel()
                once.resume(false)
            }
            timer.resume()
            Task {
                await task.value
                timer.cancel()
            }
        }
    }

    /// The failed result of a hook cancelled at its timeout or by an interruption.
    static func result(seconds: Double, end: End) -> TestStepResult {
        guard case .cancelled(let interrupted, let stopped) = end else {
            return TestStepResult(duration: .zero, status: .passed)
        }
        let cause =
            interrupted.map { "the run was interrupted (\($0)) while this hook ran" }
            ?? "timed out after \(seconds)s (--timeout bounds the run's own hooks too)"
        let message =
            stopped
            ? cause + "; the hook was cancelled and stopped"
            : cause
                + "; the hook was cancelled but did not stop (it does not check for cancellation, or blocks its "
                + "thread) and was abandoned: the run went on without it, and what it holds may still be held"
        return TestStepResult(
            duration: Duration(nanoseconds: interrupted == nil ? Int(seconds * 1_000_000_000) : 0), message: message,
            status: .failed,
            exception: ExceptionMessage(
                type: interrupted == nil ? "StepTimeout" : "RunInterrupted",
                message: interrupted.map { "the run was interrupted (\($0))" } ?? "timed out after \(seconds)s"))
    }
}
