import Locking
import Messages

/// The events of one test case attempt as it runs, and the deadline of its current
/// step. Shared by the task running the scenario and the watchdog: when a step
/// overruns, or runs as the run is interrupted, the watchdog marks it stopped; when the
/// step does not return once cancelled, the journal is closed and later events are dropped.
final class ScenarioJournal: Sendable {
    private struct State {
        var envelopes: [Envelope] = []
        var closed = false
        var currentStep: Int?
        var deadline: UInt64 = .max
        /// The step the watchdog stopped, and why: one at most an attempt.
        var stopped: (step: Int, why: StepStop)?
    }

    private let state = Locked(State())
    /// Where each event also goes as it happens (a worker's stream to its supervisor).
    private let live: (@Sendable (Envelope) -> Void)?

    init(live: (@Sendable (Envelope) -> Void)? = nil) {
        self.live = live
    }

    func append(_ envelope: Envelope) {
        let open = state.withLock { state -> Bool in
            if !state.closed { state.envelopes.append(envelope) }
            return !state.closed
        }
        if open { live?(envelope) }
    }

    /// Marks step `index` as running until `deadline` (the run clock's monotonic nanoseconds).
    func stepStarted(_ index: Int, deadline: UInt64) {
        state.withLock {
            $0.currentStep = index
            $0.deadline = deadline
        }
    }

    func stepFinished() {
        state.withLock {
            $0.currentStep = nil
            $0.deadline = .max
        }
    }

    /// The step that overran its deadline at `now`, marking it timed out; nil otherwise.
    func markIfOverdue(now: UInt64) -> Int? {
        state.withLock {
            guard $0.stopped == nil, !$0.closed, let step = $0.currentStep, now >= $0.deadline else { return nil }
            $0.stopped = (step, .timedOut)
            return step
        }
    }

    /// The step running as the run is interrupted (`why`), marking it stopped by that; nil
    /// when none runs (or one was stopped already).
    func markInterrupted(_ why: String) -> Int? {
        state.withLock {
            guard $0.stopped == nil, !$0.closed, let step = $0.currentStep else { return nil }
            $0.stopped = (step, .interrupted(why))
            return step
        }
    }

    /// Why step `index` was stopped, if it was.
    func stop(of index: Int) -> StepStop? {
        state.withLock { $0.stopped.flatMap { $0.step == index ? $0.why : nil } }
    }

    /// Closes the journal and returns what it gathered; nil when it was closed already (the
    /// first to close it ends the attempt: the task that ran it, or the watchdog's side when
    /// its step was abandoned).
    func closeIfOpen() -> [Envelope]? {
        state.withLock {
            guard !$0.closed else { return nil }
            $0.closed = true
            return $0.envelopes
        }
    }
}
