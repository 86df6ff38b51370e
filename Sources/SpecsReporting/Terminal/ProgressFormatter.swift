import Messages
import SpecsRunner

/// One character per step (`.` passed, `F` failed, `U` undefined, `P` pending,
/// `-` skipped, `A` ambiguous), then the failures and the summary.
public final class ProgressFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let palette: Palette
    private let showSummaryOnly: Bool

    /// `summaryOnly` makes this the `summary` format: no progress characters.
    public init(output: ReportOutput, palette: Palette, summaryOnly: Bool = false, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.palette = palette
        showSummaryOnly = summaryOnly
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        // A line's worth of progress reaches a terminal or a CI log as each scenario ends.
        if case .testCaseFinished = envelope { out.flush() }
        guard !showSummaryOnly, case .testStepFinished(let finished) = envelope else { return }
        let status = finished.testStepResult.status
        let symbol: String
        switch status {
        case .passed: symbol = "."
        case .failed: symbol = "F"
        case .undefined: symbol = "U"
        case .pending: symbol = "P"
        case .skipped: symbol = "-"
        case .ambiguous: symbol = "A"
        case .unknown: symbol = "?"
        }
        out.write(palette.paint(symbol, for: status))
    }

    public func finish() {
        if !showSummaryOnly { out.write("\n") }
        var index = 0
        let tally = ledger.result.tally
        // Only scenarios that did not pass can have a failure to explain.
        for testCaseId in tally.notPassed {
            guard let scenario = ledger.scenarioResult(testCaseId: testCaseId), let step = scenario.failure else {
                continue
            }
            index += 1
            out.write(TerminalText.escape("\n\(index)) Scenario: \(scenario.pickle.name) # \(scenario.location)\n"))
            out.write(TerminalText.escape("   Step: \(step.keyword)\(step.text)\n"))
            out.write(FailureText.explain(step, in: scenario, palette: palette, indent: "   "))
        }
        out.write("\n" + SummaryText.render(ledger, palette: palette))
        out.flush()
    }
}
