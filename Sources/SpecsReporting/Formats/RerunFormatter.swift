import Messages

/// `--format rerun[:FILE]`: where each scenario and example row that did not pass stands,
/// as Cucumber's rerun formatter writes it: a line per file, `path:line:line...`, files and
/// lines sorted, so that merged shards write what the whole run would. `specs @FILE` runs exactly those again; a run where all passed writes an
/// empty file, and `specs @FILE` of it runs nothing.
public final class RerunFormatter: EventConsumer {
    private let feed: LedgerFeed
    private let out: ReportOutput

    public init(output: ReportOutput, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
    }

    public func consume(_ envelope: Envelope) { feed.consume(envelope) }

    public func closeDocument(_ uri: String) { feed.closeDocument(uri) }

    public func finish() {
        var lines: [String: Set<Int>] = [:]
        for testCaseId in feed.ledger.result.tally.notPassed {
            guard let result = feed.ledger.scenarioResult(testCaseId: testCaseId), result.status.failsRun else {
                continue
            }
            lines[result.pickle.uri, default: []].insert(result.pickle.location.line)
        }
        for uri in lines.keys.sorted() {
            out.write(uri + lines[uri, default: []].sorted().map { ":\($0)" }.joined() + "\n")
        }
        out.close()
    }
}
