import Foundation
import Messages
import SpecsRunner
import Traceability

/// The traceability matrix after the run: as a terminal table, Markdown (fits a CI
/// job summary) or JSON.
package final class TraceabilityFormatter: EventConsumer {
    package enum Style: Sendable { case terminal, markdown, json }

    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let style: Style
    private let context: TraceabilityContext
    private let palette: Palette
    private let onlyWithLinks: Bool

    /// `onlyWithLinks`: write nothing when no scenario links a test (for the terminal
    /// table shown after the pretty output).
    package init(
        output: ReportOutput, style: Style, context: TraceabilityContext, palette: Palette = .none,
        onlyWithLinks: Bool = false, ledger shared: RunLedger? = nil
    ) {
        feed = LedgerFeed(shared)
        out = output
        self.style = style
        self.context = context
        self.palette = palette
        self.onlyWithLinks = onlyWithLinks
    }

    package func consume(_ envelope: Envelope) { feed.consume(envelope) }

    package func finish() {
        let report = context.report(ledger)
        if onlyWithLinks && !report.rows.contains(where: { !$0.links.isEmpty }) { return }
        switch style {
        case .terminal: out.write(TraceabilityTable.terminal(report, palette: palette))
        case .markdown: out.write(TraceabilityTable.markdown(report))
        case .json: out.write(TraceabilityJSON.render(report))
        }
        out.close()
    }
}

/// The report as JSON, for machines.
enum TraceabilityJSON {
    struct Document: Encodable {
        struct Link: Encodable {
            let tag: String
            let suite: String
            let test: String
            let module: String?
            let exists: Bool
            let outcome: String?
            let nearest: [String]?
        }

        struct Row: Encodable {
            let scenario: String
            let uri: String
            let line: Int
            let status: String
            let covered: Bool
            let reasons: [String]
            let links: [Link]
        }

        let coverage: Double
        let covered: Int
        let scenarios: Int
        let resultsKnown: Bool
        let rows: [Row]
        let unlinkedTests: [String]
    }

    static func render(_ report: TraceabilityReport) -> String {
        let document = Document(
            coverage: (report.coverage * 10).rounded() / 10, covered: report.coveredCount, scenarios: report.rows.count,
            resultsKnown: report.resultsKnown,
            rows: report.rows.map { row in
                Document.Row(
                    scenario: row.scenario.name, uri: row.scenario.uri, line: row.scenario.line,
                    status: row.scenario.status.rawValue.lowercased(), covered: row.covered, reasons: row.reasons,
                    links: row.links.map {
                        Document.Link(
                            tag: $0.link.tag, suite: $0.link.suite, test: $0.link.test, module: $0.link.module,
                            exists: $0.exists,
                            outcome: $0.outcome?.rawValue, nearest: $0.exists ? nil : $0.nearest)
                    })
            },
            unlinkedTests: report.unlinkedTests.map(\.description))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? String(decoding: encoder.encode(document), as: UTF8.self)).map { $0 + "\n" } ?? "{}\n"
    }
}
