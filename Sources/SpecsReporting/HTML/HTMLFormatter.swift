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
    private let title: String
    private let dryRun: Bool
    private let historyDirectory: String?
    /// Why the run's history record could not be written, if it could not.
    public private(set) var historyProblem: String?

    /// The languages the report's labels are written in.
    public static let labelLanguages = ["en", "es"]

    /// `language` (`en`, `es`) chooses the labels (by default the features' language);
    /// `title` names the project; `dryRun` makes it the specification with no results;
    /// `historyDirectory` keeps a record of each run and shows the trend of the last ones.
    public init(
        output: ReportOutput, context: TraceabilityContext, language: String? = nil, title: String = "Specifications",
        dryRun: Bool = false, historyDirectory: String? = nil, ledger shared: RunLedger? = nil
    ) {
        feed = LedgerFeed(shared)
        out = output
        self.context = context
        self.language = language
        self.title = title
        self.dryRun = dryRun
        self.historyDirectory = historyDirectory
    }

    public func consume(_ envelope: Envelope) { feed.consume(envelope) }

    public func finish() {
        let report = context.report(ledger)
        let labels = ReportLabels.forLanguage(language ?? dominantLanguage())
        var marks = RunHistory.Marks()
        if let historyDirectory, !dryRun {
            let past = RunHistory.load(historyDirectory)
            let date = ledger.runStarted.map { Date(timeIntervalSince1970: Double($0.seconds)) } ?? Date()
            let current = RunHistory.record(ledger.scenarioResults, coverage: report.coverage, date: date)
            marks = RunHistory.Marks(past: past, current: current)
            historyProblem = RunHistory.save(current, in: historyDirectory)
        }
        var page = HTMLPage(labels: labels, title: title, dryRun: dryRun, history: marks)
        page.render(ledger: ledger, report: report)
        out.write(page.html)
        out.close()
    }

    /// The language most features are written in.
    private func dominantLanguage() -> String {
        var counts: [String: Int] = [:]
        for document in ledger.documents.values {
            if let language = document.feature?.language { counts[language, default: 0] += 1 }
        }
        return counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "en"
    }
}
