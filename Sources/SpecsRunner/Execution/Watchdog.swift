import Dispatch
import Locking

/// Watches running scenarios and tells when one's current step overruns its deadline,
/// read on the run's clock, or runs as the run is interrupted. It polls on a Dispatch
/// timer, not in a task, so that steps that keep the task threads busy do not keep it
/// from noticing.
final class Watchdog: Sendable {
    private struct Watched {
        let journal: ScenarioJournal
        let overdue: @Sendable (Int, StepStop) -> Void
    }

    private let watched = Locked<[ObjectIdentifier: Watched]>([:])
    private let pollNanoseconds: UInt64
    private let clock: any RunClock
    private let timer = Locked<(any DispatchSourceTimer)?>(nil)
    /// The run's interruption: the step running when it comes is stopped.
    private let interruption: RunInterruption?

    init(timeoutNanoseconds: UInt64, clock: any RunClock, interruption: RunInterruption? = nil) {
        pollNanoseconds = max(1_000_000, min(timeoutNanoseconds / 4, 50_000_000))
        self.clock = clock
        self.interruption = interruption
    }

    func start() {
        let source = DispatchSource.makeTimerSource(queue: DispatchQueue.global())
        source.schedule(deadline: .now(), repeating: .nanoseconds(Int(pollNanoseconds)))
        source.setEventHandler { [self] in check() }
        source.resume()
        timer.withLock { $0 = source }
    }

    func stop() { timer.withLock { $0?.cancel() } }

    func watch(_ journal: ScenarioJournal, overdue: @escaping @Sendable (Int, StepStop) -> Void) {
        watched.withLock { $0[ObjectIdentifier(journal)] = Watched(journal: journal, overdue: overdue) }
    }

    func unwatch(_ journal: ScenarioJournal) {
        _ = watched.withLock { $0.removeValue(forKey: ObjectIdentifier(journal)) }
    }

    private func check() {
        let current = watched.withLock { Array($0.values) }
        guard !current.isEmpty else { return }
        let now = clock.monotonicNanosecondsForDeadlines()
        let interrupted = interruption?.current
        for entry in current {
            if let why = interrupted, let step = entry.journal.markInterrupted(why) {
                entry.overdue(step, .interrupted(why))
            } else if let step = entry.journal.markIfOverdue(now: now) {
                entry.overdue(step, .timedOut)
            }
        }
    }
}

/// Resumes a continuation once, whichever of its racers comes first.
final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation = Locked<CheckedContinuation<Value, Never>?>(nil)

    init(_ continuation: CheckedContinuation<Value, Never>) {
        self.continuation.withLock { $0 = continuation }
    }

    func resume(_ value: Value) {
        let pending = continuation.withLock { current -> CheckedContinuation<Value, Never>? in
            defer { current = nil }
            return current
        }
        pending?.resume(returning: value)
    }
}
