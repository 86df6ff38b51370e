import Messages

/// A format's access to the run's ledger: the shared one, fed once by whoever composes
/// the formats, or a ledger of its own that it feeds itself.
struct LedgerFeed {
    let ledger: RunLedger
    private let feeds: Bool

    init(_ shared: RunLedger?) {
        ledger = shared ?? RunLedger()
        feeds = shared == nil
    }

    func consume(_ envelope: Envelope) {
        if feeds { ledger.consume(envelope) }
    }

    func closeDocument(_ uri: String) {
        if feeds { ledger.closeDocument(uri) }
    }
}
