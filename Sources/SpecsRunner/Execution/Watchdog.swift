import Foundation

/// Watches running scenarios and tells when one's current step overruns its deadline.
final class Watchdog: Sendable {
    private struct Watched {
        let journal: ScenarioJournal
        let overdue: @Sendable (Int) -> Void
    }

    private let watched = Locked<[ObjectIdentifier: Watched]>([:])
    private let pollNanoseconds: UInt64
    private let task = Locked<Task<Void, Never>?>(nil)

    init(timeoutNanoseconds: UInt64) {
        pollNanoseconds = max(1_000_000, min(timeoutNanoseconds / 4, 50_000_000))
    }

    func start() {
        let loop = Task.detached { [self] in
            while !Task.isCancelled {
                try? await Task.sleep(nanoseconds: pollNanoseconds)
                check()
            }
        }
        task.withLock { $0 = loop }
    }

    func stop() { task.withLock { $0?.cancel() } }

    func watch(_ journal: ScenarioJournal, overdue: @escaping @Sendable (Int) -> Void) {
        watched.withLock { $0[ObjectIdentifier(journal)] = Watched(journal: journal, overdue: overdue) }
    }

    func unwatch(_ journal: ScenarioJournal) {
        _ = watched.withLock { $0.removeValue(forKey: ObjectIdentifier(journal)) }
    }

    private func check() {
        let now = DispatchTime.now().uptimeNanoseconds
        let current = watched.withLock { Array($0.values) }
        for entry in current {
            if let step = entry.journal.closeIfOverdue(now: now) { entry.overdue(step) }
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
