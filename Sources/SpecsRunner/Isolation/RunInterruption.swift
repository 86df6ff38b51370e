import Locking

/// Stops a run from outside, as a signal does: no test case starts after it, and worker
/// processes are ended, their running test cases failed as interrupted. The run still
/// finishes its stream, so every report is written.
package final class RunInterruption: Sendable {
    private let reason = Locked<String?>(nil)
    /// The workers of the run, to end on an interruption: held weakly, so that the workers
    /// that ended and were let go of (thousands, when scenarios crash) are not kept.
    private let workers = Locked<[WeakWorker]>([])

    private struct WeakWorker: Sendable {
        weak var worker: WorkerProcess?
    }

    /// An interruption not yet given.
    package init() {}

    /// Why the run was stopped (`SIGINT`), if it was.
    package var current: String? { reason.withLock { $0 } }

    /// Stops the run, saying `why` (`SIGINT`): no test case starts after it, and the workers are ended.
    package func interrupt(_ why: String) {
        reason.withLock { if $0 == nil { $0 = why } }
        for worker in workers.withLock({ $0.compactMap(\.worker) }) {
            worker.kill(because: "the run was interrupted (\(why))")
        }
    }

    func track(_ worker: WorkerProcess) {
        workers.withLock { workers in
            workers.removeAll { $0.worker == nil }
            workers.append(WeakWorker(worker: worker))
        }
    }
}
