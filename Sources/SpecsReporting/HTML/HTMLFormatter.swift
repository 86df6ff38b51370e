import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// The living documentation: one self-contained HTML page for product owners.
/// A summary with an inline SVG chart, every feature with its scenarios as written
/// (steps in the feature's own keywords, tables, doc strings), results, failures,
/// attachments (log lines grouped by traceId), linked tests, the traceability
/// matrix, and filters that work without any request leaving the file.
public final class HTMLFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let context: TraceabilityContext
    private let language: String?

    /// The languages the report's labels are written in.
    public static let labelLanguages = ["en", "es"]

    /// `language` (`en`, `es`) chooses the labels; by default the features' language.
    public init(output: ReportOutput, context: TraceabilityContext, language: String? = nil, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.context = context
        self.language = language
    }

    public func consume(_ envelope: Envelope) { feed.consume(envelope) }

    public func finish() {
        let report = context.report(ledger)
        let labels = ReportLabels.forLanguage(language ?? dominantLanguage())
        var page = HTMLPage(labels: labels)
        page.render(ledger: ledger, report: report)
        out.write(page.html)
        out.close()
    }

    private func dominantLanguage() -> String {
        var counts: [String: Int] = [:]
        for document in ledger.documents.values {
            if let language = document.feature?.language { counts[language, default: 0] += 1 }
        }
        return counts.max { $0.value != $1.value ? $0.value < $1.value : $0.key > $1.key }?.key ?? "en"
    }
}
