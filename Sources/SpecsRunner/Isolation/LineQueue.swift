/// Lines read by a thread, awaited one at a time by a task; nil once the source ended.
final class LineQueue: Sendable {
    private struct State {
        var lines: [String] = []
        var head = 0
        var waiting: CheckedContinuation<String?, Never>?
        var finished = false
    }

    private let state = Locked(State())

    func push(_ line: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            if let waiting = state.waiting {
                state.waiting = nil
                return waiting
            }
            state.lines.append(line)
            return nil
        }
        waiter?.resume(returning: line)
    }

    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<String?, Never>? in
            state.finished = true
            defer { state.waiting = nil }
            return state.waiting
        }
        waiter?.resume(returning: nil)
    }

    func next() async -> String? {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> String?? in
                if state.head < state.lines.count {
                    defer {
                        state.head += 1
                        if state.head > 1024 { state.lines.removeFirst(state.head); state.head = 0 }
                    }
                    return .some(state.lines[state.head])
                }
                if state.finished { return .some(nil) }
                state.waiting = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
