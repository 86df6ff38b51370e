import Messages

/// What a worker's reading thread hands the supervisor: an envelope it decoded, or a
/// control line of the protocol.
enum WorkerItem: Sendable {
    case envelope(Envelope)
    case control(String)
}

/// Items read by a thread, awaited by a task in batches (every item that arrived since
/// the last call); an empty batch once the source ended.
final class ItemQueue: Sendable {
    private struct State {
        var items: [WorkerItem] = []
        var waiting: CheckedContinuation<[WorkerItem], Never>?
        var finished = false
    }

    private let state = Locked(State())

    /// Adds an item; `wake` hands the batch to a waiting task now (a control line), else
    /// it waits for one, so that a test case's envelopes cost one task switch, not one each.
    func push(_ item: WorkerItem, wake: Bool) {
        let waiter = state.withLock { state -> (CheckedContinuation<[WorkerItem], Never>, [WorkerItem])? in
            state.items.append(item)
            guard wake, let waiting = state.waiting else { return nil }
            state.waiting = nil
            defer { state.items.removeAll(keepingCapacity: true) }
            return (waiting, state.items)
        }
        if let (continuation, items) = waiter { continuation.resume(returning: items) }
    }

    func finish() {
        let waiter = state.withLock { state -> (CheckedContinuation<[WorkerItem], Never>, [WorkerItem])? in
            state.finished = true
            guard let waiting = state.waiting else { return nil }
            state.waiting = nil
            defer { state.items.removeAll() }
            return (waiting, state.items)
        }
        if let (continuation, items) = waiter { continuation.resume(returning: items) }
    }

    /// The items that arrived, waiting for one if none did; empty at the end.
    func next() async -> [WorkerItem] {
        await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [WorkerItem]? in
                let hasControl = state.items.contains { if case .control = $0 { true } else { false } }
                if !state.items.isEmpty && (hasControl || state.finished) {
                    defer { state.items.removeAll(keepingCapacity: true) }
                    return state.items
                }
                if state.finished { return [] }
                state.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
