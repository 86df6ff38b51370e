import Messages

/// The events of one test case attempt as it runs, and the deadline of its current
/// step. Shared by the task running the scenario and the watchdog: when a step
/// overruns, the watchdog closes the journal and later events are dropped.
final class ScenarioJournal: Sendable {
    private struct State {
        var envelopes: [Envelope] = []
        var closed = false
        var currentStep: Int?
        var deadline: UInt64 = .max
    }

    private let state = Locked(State())

    func append(_ envelope: Envelope) {
        state.withLock { if !$0.closed { $0.envelopes.append(envelope) } }
    }

    /// Marks step `index` as running until `deadline` (monotonic nanoseconds).
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

    /// The step that overran its deadline at `now`, closing the journal; nil otherwise.
    func closeIfOverdue(now: UInt64) -> Int? {
        state.withLock {
            guard !$0.closed, let step = $0.currentStep, now >= $0.deadline else { return nil }
            $0.closed = true
            return step
        }
    }

    /// Closes the journal and returns what it gathered.
    func close() -> [Envelope] {
        state.withLock {
            $0.closed = true
            return $0.envelopes
        }
    }
}
