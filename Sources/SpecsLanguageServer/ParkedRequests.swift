/// The requests that read every file of the project (references, workspace symbols) that came
/// while the startup scan was still reading it: each waits for the scan's end, in the order it
/// came, while every other message is served, and is answered once, or cancelled.
struct ParkedRequests {
    private var waiting: [(id: RequestID, request: ClientRequest)] = []

    var isEmpty: Bool { waiting.isEmpty }

    /// Keeps `request` to answer after those kept before it.
    mutating func park(_ request: ClientRequest, id: RequestID) {
        waiting.append((id, request))
    }

    /// Lets go of the request with `id`; whether it was waiting.
    mutating func cancel(_ id: RequestID) -> Bool {
        guard let index = waiting.firstIndex(where: { $0.id == id }) else { return false }
        waiting.remove(at: index)
        return true
    }

    /// Every request waiting, the first that came first; none is kept.
    mutating func takeAll() -> [(id: RequestID, request: ClientRequest)] {
        defer { waiting.removeAll() }
        return waiting
    }
}
