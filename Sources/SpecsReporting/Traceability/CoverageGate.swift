import Foundation
import Messages
import SpecsRunner
import Traceability

/// `--min-coverage`: after the run, fails when fewer scenarios than the figure are
/// covered, listing each uncovered scenario with its location and reason. Links to
/// tests that do not exist are reported as errors whatever the figure.
package final class CoverageGate: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let minimum: Double?
    private let context: TraceabilityContext
    private let err: ReportOutput
    package private(set) var report: TraceabilityReport?

    package init(
        minimum: Double?, context: TraceabilityContext, diagnostics: ReportOutput, ledger shared: RunLedger? = nil
    ) {
        feed = LedgerFeed(shared)
        self.minimum = minimum
        self.context = context
        err = diagnostics
    }

    package func consume(_ envelope: Envelope) { feed.consume(envelope) }

    package func finish() {
        guard minimum != nil || ledger.hasTestLinks else { return }
        let report = context.report(ledger)
        self.report = report
        for (row, check) in report.missingLinks {
            // `file:line:column`, the tag's own place when the stream gives it.
            let place =
                check.link.location.map { "\($0.line):\($0.column ?? 1)" } ?? "\(row.scenario.line):1"
            let nearest =
                check.nearest.isEmpty ? "" : " Nearest existing tests: \(check.nearest.joined(separator: ", "))."
            err.write(
                "\(row.scenario.uri):\(place): error: scenario '\(row.scenario.name)' links \(check.link.tag), but no such test exists.\(nearest)\n"
            )
        }
        if let minimum, report.coverage < minimum {
            err.write(
                "error: scenario coverage \(String(format: "%.1f", report.coverage))% is below the minimum \(String(format: "%g", minimum))%:\n"
            )
            for row in report.rows where !row.covered {
                err.write(
                    "  \(row.scenario.uri):\(row.scenario.line): '\(row.scenario.name)': \(row.reasons.joined(separator: "; "))\n"
                )
            }
        }
        err.flush()
    }

    /// Why the run fails the gate, for the run's verdict; nil when it passes.
    package var problem: String? {
        guard let report else { return nil }
        var reasons: [String] = []
        let missing = report.missingLinks.count
        if missing > 0 {
            reasons.append(
                "\(missing) @xctest link\(missing == 1 ? " names a test that does" : "s name tests that do") not exist")
        }
        if let minimum, report.coverage < minimum {
            let uncovered = report.rows.count - report.coveredCount
            reasons.append(
                "scenario coverage \(String(format: "%.1f", report.coverage))% is below the minimum \(String(format: "%g", minimum))% "
                    + "(\(uncovered) scenario\(uncovered == 1 ? "" : "s") without a passing linked test)")
        }
        return reasons.isEmpty ? nil : reasons.joined(separator: "; ")
    }

    /// Whether the run meets the minimum (true when none was asked for).
    package var passed: Bool {
        guard let report else { return true }
        return report.missingLinks.isEmpty && (minimum.map { report.coverage >= $0 } ?? true)
    }
}
