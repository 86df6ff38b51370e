import Messages
import SpecsRunner

/// On GitHub Actions, each step that fails the run (failed, undefined, ambiguous, pending) also becomes an
/// `::error file=…,line=…::…` line pointing at the feature file, and at the end each of the
/// run's verdict's other problems (a file that does not parse, scenarios never run, a shard
/// missing...) an `::error::` line of its own.
package final class GitHubAnnotations: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let board: VerdictBoard?

    package init(output: ReportOutput, ledger shared: RunLedger? = nil, verdict board: VerdictBoard? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.board = board
    }

    /// The verdict's problems that no step's annotation shows.
    package func finish() {
        let verdict = board?.verdict(or: ledger) ?? RunVerdict(ledger.result)
        for problem in verdict.problems {
            if case .scenarios = problem { continue }
            out.write("::error title=specs::\(Self.escapeData("FAILED: " + VerdictText.sentence(problem)))\n")
        }
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        guard case .testCaseFinished(let finished) = envelope, !finished.willBeRetried,
            let started = ledger.attempt(finished.testCaseStartedId),
            let scenario = ledger.scenarioResult(testCaseId: started.testCaseId)
        else { return }
        for step in scenario.steps where step.status.failsRun {
            let line = step.line ?? scenario.pickle.location.line
            let what =
                switch step.status {
                case .undefined: "Undefined step"
                case .ambiguous: "Ambiguous step" + (step.result?.message.map { ": " + $0 } ?? "")
                case .pending: "Pending" + (step.result?.message.map { ": " + $0 } ?? "")
                default: step.result?.message ?? step.status.rawValue.lowercased()
                }
            let message = "\(scenario.pickle.name): \(step.keyword)\(step.text): \(what)"
            out.write(
                "::error file=\(Self.escapeProperty(scenario.pickle.uri)),line=\(line)::\(Self.escapeData(message))\n")
        }
    }

    static func escapeData(_ text: String) -> String {
        TerminalText.escape(text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A"))
    }

    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
