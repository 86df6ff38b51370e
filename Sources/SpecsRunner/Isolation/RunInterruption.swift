import Locking

/// Stops a run from outside, as a signal does: no test case starts after it, and worker
/// processes are ended, their running test cases failed as interrupted. The run still
/// finishes its stream, so every report is written.
public final class RunInterruption: Sendable {
    private let reason = Locked<String?>(nil)
    /// The workers alive, to end on an interruption.
    private let workers = Locked<[ObjectIdentifier: WorkerProcess]>([:])

    public init() {}

    /// Why the run was stopped (`SIGINT`), if it was.
    public var current: String? { reason.withLock { $0 } }

    public func interrupt(_ why: String) {
        reason.withLock { if $0 == nil { $0 = why } }
        for worker in workers.withLock({ $0.values }) { worker.kill(because: "the run was interrupted (\(why))") }
    }

    func track(_ worker: WorkerProcess) { workers.withLock { $0[ObjectIdentifier(worker)] = worker } }

    /// A worker that has ended: nothing to stop any more.
    func forget(_ worker: WorkerProcess) { workers.withLock { $0[ObjectIdentifier(worker)] = nil } }
}
