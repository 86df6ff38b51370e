/// References and workspace symbols asked while the startup scan reads the project: they wait
/// for its end off the thread that answers, so that nothing else waits behind them.
extension LanguageServer {
    /// Keeps a request that reads every file while the scan reads the project, or while
    /// others kept before it wait, and has a second thread read the project beside the scan's:
    /// whether it was kept.
    func park(_ request: ClientRequest, id: RequestID) -> Bool {
        guard request.readsEveryFile, scan.reading || !parked.isEmpty else { return false }
        parked.park(request, id: id)
        scan.hurry()
        return true
    }

    /// Answers the requests kept, in the order they came, once the scan has read every file:
    /// from every file, open documents as edited.
    func answerParked() {
        guard !parked.isEmpty, !scan.reading else { return }
        for (id, request) in parked.takeAll() {
            do {
                connection.respond(to: id.json, result: try answer(request))
            } catch {
                connection.respond(to: id.json, error: error.code, error.message)
            }
        }
    }

    /// `$/cancelRequest`: a kept request is answered at once as cancelled, and never again;
    /// another id (unknown, or answered already) is left alone.
    func cancelParked(_ id: RequestID) {
        guard parked.cancel(id) else { return }
        connection.respond(to: id.json, error: ProtocolError.cancelled.code, ProtocolError.cancelled.message)
    }

    /// `shutdown`: the requests kept are answered as cancelled, before its own answer, rather
    /// than after the scan.
    func cancelAllParked() {
        for (id, _) in parked.takeAll() {
            connection.respond(
                to: id.json, error: ProtocolError.cancelled.code,
                ProtocolError.cancelled.message + ": the server is shutting down")
        }
    }
}
