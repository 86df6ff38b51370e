import Locking
import Messages

/// What a worker's reading thread hands the supervisor: an event of the test case it runs
/// (`ResultLine`), an envelope it sent whole (a worker hook's), a control line of the
/// protocol, or a line it could not read and why.
enum WorkerItem: Sendable {
    case result(ResultLine.Event)
    case envelope(Envelope)
    /// A test case's done line, read.
    case done(WorkerProtocol.Done)
    case control(String)
    case unreadable(String)

    /// Whether the item ends what a task waits for: a control line, a done line among them,
    /// or a line that could not be read (the worker is ended at once).
    var isControl: Bool {
        switch self {
        case .control, .done, .unreadable: true
        default: false
        }
    }
}

/// Items read by a thread, awaited by a task in batches (every item that arrived since
/// the last call); an empty batch once the source ended.
final class ItemQueue: Sendable {
    fileprivate struct State {
        /// The items not yet taken, from `start` on: taking a test case's items moves `start`
        /// past them instead of moving the rest, so a read of many test cases costs its length.
        var items: [WorkerItem] = []
        var start = 0
        var waiting: CheckedContinuation<[WorkerItem], Never>?
        var finished = false
    }

    private let state = Locked(State())
    /// Items read and not yet handed over (`stage`, `publish`): the reading thread's alone.
    private let staged = Locked<(items: [WorkerItem], wake: Bool)>(([], false))

    /// Adds an item; `wake` hands the items up to the first control line to a waiting task
    /// now (a control line), else it waits for one, so that a test case's envelopes cost one
    /// task switch, not one each.
    func push(_ item: WorkerItem, wake: Bool) { push(contentsOf: [item], wake: wake) }

    /// Keeps an item until `publish`: the items of one read are handed over together.
    func stage(_ item: WorkerItem, wake: Bool) {
        staged.withLock {
            $0.items.append(item)
            $0.wake = $0.wake || wake
        }
    }

    /// Hands over the items staged since the last call.
    func publish() {
        let (items, wake) = staged.withLock { batch in
            defer { batch = ([], false) }
            return batch
        }
        if !items.isEmpty { push(contentsOf: items, wake: wake) }
    }

    private func push(contentsOf items: [WorkerItem], wake: Bool) {
        let waiter = state.withLock { state -> (CheckedContinuation<[WorkerItem], Never>, [WorkerItem])? in
            state.items += items
            guard wake, let waiting = state.waiting, let ready = state.takeThroughControl() else {
                return nil
            }
            state.waiting = nil
            return (waiting, ready)
        }
        if let (continuation, items) = waiter { continuation.resume(returning: items) }
    }

    func finish() {
        let waiter = state.withLock { state -> (CheckedContinuation<[WorkerItem], Never>, [WorkerItem])? in
            state.finished = true
            guard let waiting = state.waiting else { return nil }
            state.waiting = nil
            return (waiting, state.takeThroughControl() ?? state.takeAll())
        }
        if let (continuation, items) = waiter { continuation.resume(returning: items) }
    }

    /// The items that arrived, up to and including the first control line (the rest wait
    /// for the next call: a worker with several requests streams one test case after the
    /// other); waits for one if none did; empty at the end.
    func next() async -> [WorkerItem] {
        // Items that arrived already are taken without suspending the task: a test case whose
        // events are all in costs no task switch.
        if let ready = state.withLock({ $0.takeThroughControl() }) { return ready }
        return await withCheckedContinuation { continuation in
            let ready = state.withLock { state -> [WorkerItem]? in
                if let ready = state.takeThroughControl() { return ready }
                if state.finished { return state.takeAll() }
                state.waiting = continuation
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    /// Whether a control line has arrived: the next `next()` returns without waiting.
    var holdsControl: Bool { state.withLock { $0.items[$0.start...].contains(where: \.isControl) } }

}

extension ItemQueue.State {
    /// The items up to and including the first control line, taken out; nil without one.
    mutating func takeThroughControl() -> [WorkerItem]? {
        guard let control = items[start...].firstIndex(where: \.isControl) else { return nil }
        let ready = Array(items[start...control])
        start = control + 1
        if start == items.count {
            items.removeAll(keepingCapacity: true)
            start = 0
        }
        return ready
    }

    /// Every item not taken yet, taken out.
    mutating func takeAll() -> [WorkerItem] {
        defer {
            items.removeAll()
            start = 0
        }
        return Array(items[start...])
    }
}
