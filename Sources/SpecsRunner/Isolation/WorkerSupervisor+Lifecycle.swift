import Dispatch
import Messages

/// A worker's life as the supervisor sees it: started, ready (its before-worker hooks done),
/// finished (its after-worker hooks done), none of them waited for without end.
extension WorkerSupervisor {
    func start(_ slot: Int, generation: Int) throws -> WorkerProcess {
        // A worker that replaces a lost one prints no backtrace if it crashes: the first
        // worker of each slot already showed where a crash happens, and the runtime's
        // backtracer costs about a second a crash.
        if let changed = executable.changed { throw ChildProcess.StartFailure(changed) }
        let worker = try WorkerProcess(
            id: "w\(slot + 1)" + (generation > 0 ? ".\(generation)" : ""), executable: executable.path,
            image: executable.file, arguments: arguments,
            backtraces: generation == 0, clock: clock)
        interruption.track(worker)
        worker.send(WorkerProtocol.settings(options))
        worker.watchSteps(
            limitNanoseconds: options.workerStepLimitNanoseconds,
            reason: "its step did not finish within the \(options.stepTimeout)s timeout and did not stop when cancelled"
        )
        return worker
    }

    /// How a new worker's start ended.
    enum Readiness {
        /// Its before-all hooks passed: it takes test cases.
        case ready
        /// A before-all hook failed.
        case hookFailed
        /// It ended before saying either (ended by an interruption, or it crashed).
        case gone
    }

    /// Waits for a new worker's before-all hooks; their events are returned with how it ended.
    func awaitReady(_ worker: WorkerProcess) async -> (readiness: Readiness, envelopes: [Envelope]) {
        // A before-worker hook that never returns: the run then fails naming it.
        let deadline = endIfStuck(worker) { "it was not ready within \($0)s (a before-worker hook did not return)" }
        defer { deadline.cancel() }
        var envelopes: [Envelope] = []
        while case let batch = await worker.items.next(), !batch.isEmpty {
            for item in batch {
                switch item {
                case .envelope(let envelope): envelopes.append(envelope)
                case .control(WorkerProtocol.ready): return (.ready, envelopes)
                case .control(WorkerProtocol.readyFailed): return (.hookFailed, envelopes)
                case .control, .done, .result, .unreadable: continue
                }
            }
        }
        return (.gone, envelopes)
    }

    /// Closes the worker's input, so that it runs its after-worker hooks and ends, and arms the
    /// deadline it must end by: every worker's is armed at once, so that workers whose
    /// after-worker hook does not return are ended together, not one bound after another.
    func endInput(_ worker: WorkerProcess) -> Deadline {
        worker.finishInput()
        // An after-worker hook or code run at exit that does not return, a stopped worker.
        return endIfStuck(worker) {
            "it did not end within \($0)s after its last scenario (an after-worker hook or code run as it "
                + "exits did not return, or the process was stopped)"
        }
    }

    /// The events of the after-worker hooks of one worker told to end now (see `finish(_:by:)`).
    func finish(_ worker: WorkerProcess) async -> (envelopes: [Envelope], ended: Bool, stuck: String?) {
        await finish(worker, by: endInput(worker))
    }

    /// The events of the after-worker hooks of a worker whose input was closed (`endInput`), and
    /// whether it ended as a worker ends (its last line said so; see `WorkerProtocol.end`).
    func finish(
        _ worker: WorkerProcess, by deadline: Deadline
    ) async -> (
        envelopes: [Envelope], ended: Bool, stuck: String?
    ) {
        defer { deadline.cancel() }
        var envelopes: [Envelope] = []
        var ended = false
        while case let batch = await worker.items.next(), !batch.isEmpty {
            for item in batch {
                switch item {
                case .envelope(let envelope): envelopes.append(envelope)
                case .control(WorkerProtocol.end): ended = true
                default: continue
                }
            }
        }
        let stuck = worker.waitForExit().killedBecause.flatMap { $0.hasPrefix(deadline.reason) ? $0 : nil }
        return (envelopes, ended, stuck)
    }

    /// A worker that waits past what a step may take (`--timeout` and its grace), ended: a run
    /// never waits on it without end. `why` words it from the seconds waited; cancel the
    /// deadline once the wait is over.
    private func endIfStuck(_ worker: WorkerProcess, why: (Int) -> String) -> Deadline {
        let limit = options.workerStepLimitNanoseconds
        let reason = why(Int((Double(limit) / 1e9).rounded())) + ", so it was ended"
        let item = DispatchWorkItem { worker.kill(because: reason) }
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(clamping: limit)), execute: item)
        return Deadline(item: item, reason: reason)
    }

    /// A worker's deadline under way, and the reason it is ended with when it passes.
    struct Deadline {
        let item: DispatchWorkItem
        let reason: String
        func cancel() { item.cancel() }
    }
}
