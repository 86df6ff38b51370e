import Foundation
import Messages
import Traceability

/// Writes the HTML book a feature at a time. As each feature is added, its section, its
/// lines of what needs attention and its rows of the traceability matrix go to a spill
/// file; what stays in memory is each chapter's figures (`FeatureChapter`). At the end
/// the page is bound: header, contents, what needs attention, filters, the chapters in
/// book order (folders and files by path, whatever order they ran in), developer detail.
final class BookBinder {
    struct Folder {
        let path: String
        var chapters: [FeatureChapter]
    }

    private let labels: ReportLabels
    private let title: String
    private let dryRun: Bool
    /// The past runs' records, for the marks of each scenario; empty without history.
    let past: [RunHistory.Record]
    private let spill = SpillBuffer()
    private var chapters: [FeatureChapter] = []
    private(set) var figures = BookFigures()
    /// The scenarios' tags, for the filter.
    private var tags: Set<String> = []
    /// The tests some scenario links.
    private(set) var linkedTests: Set<TestIdentifier> = []
    /// Each scenario's result as a history record keeps it; gathered only when history is kept.
    private(set) var historyEntries: [String: String] = [:]
    /// Each scenario's time as a history record keeps it; gathered only when history is kept.
    private(set) var historyDurations: [String: Int] = [:]
    private let keepsHistory: Bool

    /// Whether test results were given (`--xunit`).
    let resultsKnown: Bool

    init(labels: ReportLabels, title: String, dryRun: Bool, past: [RunHistory.Record]?, resultsKnown: Bool = true) {
        self.resultsKnown = resultsKnown
        self.labels = labels
        self.title = title
        self.dryRun = dryRun
        self.past = past ?? []
        keepsHistory = past != nil
    }

    /// Writes a feature's parts and keeps its figures.
    func add(_ entry: ReportBook.FeatureEntry) {
        let scenarios = entry.scenarios
        let results = scenarios.flatMap(\.results)
        let rows = scenarios.flatMap(\.rows)
        let entries = keepsHistory ? RunHistory.entries(results) : [:]
        historyEntries.merge(entries) { _, new in new }
        if keepsHistory { historyDurations.merge(RunHistory.durations(results)) { _, new in new } }
        let marks =
            past.isEmpty
            ? RunHistory.Marks()
            : RunHistory.Marks(
                past: past, current: RunHistory.Record(date: "", passRate: 0, coverage: 0, results: entries))
        var page = HTMLPage(labels: labels, title: title, dryRun: dryRun, history: marks)
        page.resultsKnown = resultsKnown
        page.renderFeature(entry)
        let section = write(page.html)
        let attention = write(page.attentionItems(entry))
        let matrix = write(page.matrixRows(rows))

        let chapterFigures = BookFigures(entry)
        figures.add(chapterFigures)
        for result in results { for tag in result.pickle.tags { tags.insert(tag.name) } }
        for row in rows { for link in row.links { if let test = link.test { linkedTests.insert(test) } } }
        // Past this many scenarios the contents list features and rules only.
        let listsScenarios = figures.scenarios <= HTMLPage.contentsScenarioLimit
        if !listsScenarios { for index in chapters.indices { chapters[index].contents = nil } }
        chapters.append(
            FeatureChapter(
                uri: entry.uri, folder: entry.folder, name: entry.feature.name, figures: chapterFigures,
                verifiedScenarios: scenarios.filter(\.covered).count,
                contents: listsScenarios ? page.contentsLines(entry) : nil,
                section: section, attention: attention, matrix: matrix))
    }

    private func write(_ text: String) -> Range<Int> {
        let start = spill.count
        spill.append(text)
        return start..<spill.count
    }

    /// Writes the whole page to `out`; `trend` draws the past runs and this one.
    func bind(
        into out: ReportOutput, run: (started: Timestamp?, finished: Timestamp?), unlinkedTests: [TestIdentifier],
        trend: RunHistory.Marks, runs: [RunMetadata] = []
    ) {
        var byFolder: [String: [FeatureChapter]] = [:]
        for chapter in chapters { byFolder[chapter.folder, default: []].append(chapter) }
        let folders = byFolder.keys.sorted().map {
            Folder(path: $0, chapters: (byFolder[$0] ?? []).sorted { $0.uri < $1.uri })
        }
        let ordered = folders.flatMap(\.chapters)

        var page = HTMLPage(labels: labels, title: title, dryRun: dryRun, history: trend)
        page.resultsKnown = resultsKnown
        page.runs = runs
        page.renderOpening(figures, folders: folders, run: run)
        page.renderAttentionOpening()
        let attention = ordered.filter { !$0.attention.isEmpty }
        page.html += attention.isEmpty ? "<p>\(page.e(labels.nothingNeedsAttention))</p>" : "<ul class=\"attention\">"
        flush(&page, to: out)
        for chapter in attention { spill.copy(chapter.attention, into: out) }
        page.html += (attention.isEmpty ? "" : "</ul>") + "</section>"
        page.renderFilters(tags)
        for folder in folders {
            if folders.count > 1 {
                page.html +=
                    "<p class=\"folder\" id=\"d-\(ReportBook.anchor(folder.path))\">\(page.e(folder.path))/</p>"
            }
            flush(&page, to: out)
            for chapter in folder.chapters { spill.copy(chapter.section, into: out) }
        }
        page.renderDeveloperOpening()
        flush(&page, to: out)
        for chapter in ordered { spill.copy(chapter.matrix, into: out) }
        page.renderDeveloperClosing(unlinkedTests: unlinkedTests)
        page.renderClosing()
        flush(&page, to: out)
    }

    private func flush(_ page: inout HTMLPage, to out: ReportOutput) {
        out.write(page.html)
        page.html = ""
    }
}
