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
///
/// Each feature's part of the book is written when the run closes its document, from the
/// results taken as each scenario ended (`BookBinder`); the report holds the features in
/// flight and a few figures of each feature, not the run. Features never closed (a stream
/// read from files) are written at the end.
package final class HTMLFormatter: EventConsumer {
    private let feed: LedgerFeed
    /// What each run (each shard, in a merged stream) says of its selection.
    private var runs: [RunMetadata] = []
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let context: TraceabilityContext
    private let language: String?
    private let title: String
    private let dryRun: Bool
    private let historyDirectory: String?
    /// That folder from the directory the run started in (a step may change the directory).
    private let historyFolder: String?
    private let board: VerdictBoard?
    /// Why the run's history record could not be written, if it could not.
    package private(set) var historyProblem: String?
    /// The past records the history skipped, and why, by path.
    package private(set) var historyWarnings: [String] = []

    private var features = FeatureResults()
    /// The language of each feature file seen, while no language was given.
    private var languages: [String: String] = [:]
    /// The book, once the labels' language is known.
    private var binder: BookBinder?
    /// The book's spill file, opened with the report: a run's descriptors are all taken as it
    /// begins, so that none it counted on for a worker process is taken in its middle.
    private let spill = SpillBuffer()
    /// Features closed before the labels' language was known (no language given): written at the end.
    private var waiting: [ReportBook.FeatureEntry] = []

    /// The languages the report's labels are written in.
    package static let labelLanguages = ["en", "es"]

    /// `language` (`en`, `es`) chooses the labels (by default the language most features
    /// are written in, known at the end: give it, as `specs` does from the files it reads
    /// first, and the book is written as the run goes); `title` names the project; `dryRun`
    /// makes it the specification with no results; `historyDirectory` keeps a record of
    /// each run and shows the trend of the last ones.
    package init(
        output: ReportOutput, context: TraceabilityContext, language: String? = nil, title: String = "Specifications",
        dryRun: Bool = false, historyDirectory: String? = nil, ledger shared: RunLedger? = nil,
        verdict board: VerdictBoard? = nil
    ) {
        feed = LedgerFeed(shared)
        self.board = board
        out = output
        self.context = context
        self.language = language
        self.title = title
        self.dryRun = dryRun
        self.historyDirectory = historyDirectory
        historyFolder = historyDirectory.map(WorkingDirectory.absolute)
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        if case .attachment(let attachment) = envelope, attachment.mediaType == RunMetadata.mediaType,
            let metadata = RunMetadata.decode(attachment.body)
        {
            runs.append(metadata)
        }
        if self.language == nil, case .gherkinDocument(let document) = envelope,
            let language = document.feature?.language
        {
            languages[document.uri ?? ""] = language
        }
        features.take(envelope, from: ledger)
    }

    package func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        guard let entry = features.close(uri, from: ledger).flatMap(chapter) else { return }
        if let binder = binder ?? language.map(makeBinder) {
            binder.add(entry)
        } else {
            waiting.append(entry)
        }
    }

    package func finish() {
        let remaining = features.closeAll(from: ledger).compactMap(chapter)
        var counts: [String: Int] = [:]
        for language in languages.values { counts[language, default: 0] += 1 }
        let binder = binder ?? makeBinder(language ?? Self.dominantLanguage(counts))
        for entry in waiting + remaining { binder.add(entry) }
        waiting = []

        var trend = RunHistory.Marks()
        if let historyDirectory, !dryRun {
            let date = ledger.runStarted.map { Date(timeIntervalSince1970: Double($0.seconds)) } ?? Date()
            let current = RunHistory.record(
                binder.historyEntries, durations: binder.historyDurations, coverage: binder.figures.coverage, date: date
            )
            trend = RunHistory.Marks(past: binder.past, current: current)
            historyProblem = RunHistory.save(current, in: historyFolder ?? historyDirectory, shownAs: historyDirectory)
        }
        binder.bind(
            into: out, run: (ledger.runStarted, ledger.runFinished?.timestamp),
            unlinkedTests: TraceabilityReport.unlinked(context.inventory(), linked: binder.linkedTests), trend: trend,
            runs: runs, verdict: board?.verdict(or: ledger) ?? RunVerdict(ledger.result), tally: ledger.result.tally,
            runHooks: ledger.runHookAttachments)
        out.close()
    }

    /// A closed document's part of the book, with its scenarios' traceability rows.
    private func chapter(_ closed: FeatureResults.Closed) -> ReportBook.FeatureEntry? {
        ReportBook.feature(
            uri: closed.uri, feature: closed.feature, results: closed.results, rows: context.rows(closed.results))
    }

    private func makeBinder(_ language: String) -> BookBinder {
        let loaded = historyFolder.flatMap { dryRun ? nil : RunHistory.load($0, shownAs: historyDirectory) }
        historyWarnings = loaded?.skipped ?? []
        let past = loaded?.records
        let binder = BookBinder(
            labels: ReportLabels.forLanguage(language), title: title, dryRun: dryRun, past: past,
            resultsKnown: context.results != nil, spill: spill)
        self.binder = binder
        return binder
    }

    /// The language most of these features are written in (by count, then by name).
    package static func dominantLanguage(_ counts: [String: Int]) -> String {
        counts.max { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }?.key ?? "en"
    }
}
