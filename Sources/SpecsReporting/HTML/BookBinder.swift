import Foundation
import Messages
import SpecsRunner
import Traceability

/// Writes the HTML book a feature at a time. As each feature is added, its heading, its
/// chapter's data and its entries of what needs attention go to a spill file; what stays in
/// memory is each chapter's figures (`FeatureChapter`). At the end the page is bound: header,
/// contents, what needs attention, filters, the script, then each chapter's heading and data
/// in book order (folders and files by path, whatever order they ran in), developer detail.
/// The page reads and shows its top while the chapters are still arriving.
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
    private let spill: SpillBuffer
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

    /// `spill`: where the chapters' parts are kept until the book is bound (made with the
    /// report, so that its descriptor is taken as the run begins, not in its middle).
    init(
        labels: ReportLabels, title: String, dryRun: Bool, past: [RunHistory.Record]?, resultsKnown: Bool = true,
        spill: SpillBuffer = SpillBuffer()
    ) {
        self.spill = spill
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
        let heading = write(page.featureHeading(entry))
        let data = write(page.chapterJSON(entry))
        let attention = page.attentionJSON(entry)

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
                heading: heading, data: data, attention: write(attention.json), attentionCount: attention.count))
    }

    private func write(_ text: String) -> Range<Int> {
        let start = spill.count
        spill.append(text)
        return start..<spill.count
    }

    /// Writes the whole page to `out`; `trend` draws the past runs and this one.
    func bind(
        into out: ReportOutput, run: (started: Timestamp?, finished: Timestamp?), unlinkedTests: [TestIdentifier],
        trend: RunHistory.Marks, runs: [RunMetadata] = [], verdict: RunVerdict, tally: RunLedger.StatusTally? = nil,
        runHooks: [(hook: HookMessage?, attachment: Attachment)] = []
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
        page.verdict = verdict
        page.tally = tally
        page.renderOpening(figures, folders: folders, run: run)
        page.renderAttentionOpening()
        let attentionCount = ordered.reduce(0) { $0 + $1.attentionCount }
        page.html +=
            attentionCount == 0
            ? "<p>\(page.e(labels.nothingNeedsAttention))</p>"
            : "<ul class=\"attention\" id=\"attention-list\"></ul>"
        page.html += "<noscript><p class=\"note\">\(page.e(labels.needsScripts))</p></noscript></section>"
        page.renderFilters(tags)
        // What the script needs at once, small at any size: the words it writes, the book's
        // count of scenarios, and the first entries of what needs attention with their files.
        page.html += "<script type=\"application/json\" id=\"book-data\">{\"dry\":\(dryRun ? 1 : 0),"
        page.html += "\"eager\":\(figures.results <= Self.eagerResults ? 1 : 0),\"labels\":\(labels.scriptJSON),"
        page.html += "\"total\":\(figures.scenarios),\"attentionCount\":\(attentionCount),\"attention\":["
        let withAttention = ordered.filter { $0.attentionCount > 0 }
        var early = 0
        var listed = 0
        while early < withAttention.count && listed < Self.earlyAttention {
            listed += withAttention[early].attentionCount
            early += 1
        }
        writeAttention(withAttention[..<early], into: &page, out: out)
        page.html += "]}</script>"
        page.renderScript()
        // What the run's hooks attached or printed, before the chapters and after them, where it happened.
        page.html += Self.runHooksHTML(runHooks.filter { $0.hook?.type != .afterTestRun }, page, labels.beforeRun)
        var index = 0
        for folder in folders {
            if folders.count > 1 {
                page.html +=
                    "<p class=\"folder\" id=\"d-\(ReportBook.anchor(folder.path))\">\(page.e(folder.path))/</p>"
            }
            for chapter in folder.chapters {
                let anchor = ReportBook.anchor(chapter.uri)
                page.html +=
                    "<section class=\"feature\" id=\"f-\(anchor)\" data-c=\"\(index)\" aria-labelledby=\"h-\(anchor)\">"
                flush(&page, to: out)
                spill.copy(chapter.heading, into: out)
                page.html += "</section><script type=\"application/json\" id=\"c-\(index)\">"
                flush(&page, to: out)
                spill.copy(chapter.data, into: out)
                page.html += "</script>"
                index += 1
            }
        }
        page.html += Self.runHooksHTML(runHooks.filter { $0.hook?.type == .afterTestRun }, page, labels.afterRun)
        // What the script needs once the chapters are read: each chapter's file, anchor and
        // scenarios, the rest of what needs attention, and, in a large book, each folder's
        // lines of the contents and the filter's tags.
        page.html += "<script type=\"application/json\" id=\"book-late\">{\"chapters\":"
        page.html += ChapterJSON.array(
            ordered.map {
                ChapterJSON.array([
                    ChapterJSON.text($0.uri), ChapterJSON.string(html: ReportBook.anchor($0.uri)),
                    String($0.figures.scenarios),
                ])
            })
        page.html += ",\"attention\":["
        writeAttention(withAttention[early...], into: &page, out: out)
        page.html += "]"
        if HTMLPage.listsFoldersOnly(folders) {
            page.html +=
                ",\"folders\":" + ChapterJSON.array(folders.map { ChapterJSON.string(html: page.contentsFeatures($0)) })
        }
        let filterTags = HTMLPage.filterTags(tags)
        if filterTags.count > HTMLPage.inlineTagLimit {
            page.html += ",\"tags\":" + ChapterJSON.array(filterTags.map(ChapterJSON.text))
        }
        page.html += "}</script>"
        page.renderDeveloperOpening()
        page.renderDeveloperClosing(unlinkedTests: unlinkedTests)
        page.renderClosing()
        flush(&page, to: out)
    }

    /// Entries of what needs attention, by chapter: `[file, anchor, [entries]]` each.
    private func writeAttention(
        _ chapters: ArraySlice<FeatureChapter>, into page: inout HTMLPage, out: ReportOutput
    ) {
        var first = true
        for chapter in chapters {
            page.html += (first ? "" : ",") + "[" + ChapterJSON.text(chapter.uri) + ","
            page.html += ChapterJSON.string(html: ReportBook.anchor(chapter.uri)) + ",["
            first = false
            flush(&page, to: out)
            spill.copy(chapter.attention, into: out)
            page.html += "]]"
        }
    }

    /// About this many entries of what needs attention are in the page's first data, shown at once.
    static let earlyAttention = 200

    /// Up to this many scenario results, the page builds every chapter as it opens; past it,
    /// a chapter is built when the reader goes there.
    static let eagerResults = 2_000

    /// A section of what run hooks attached, each under its hook's name; empty without any.
    private static func runHooksHTML(
        _ attached: [(hook: HookMessage?, attachment: Attachment)], _ page: HTMLPage, _ heading: String
    ) -> String {
        guard !attached.isEmpty else { return "" }
        var html = "<section class=\"run-hooks\"><h2>\(page.e(heading))</h2>"
        var index = 0
        while index < attached.count {
            // One hook's attachments in a row share its name.
            let hook = attached[index].hook
            var attachments: [Attachment] = []
            while index < attached.count, attached[index].hook?.id == hook?.id {
                attachments.append(attached[index].attachment)
                index += 1
            }
            html += "<p class=\"muted\">\(page.e(hook?.name ?? "hook"))</p>" + page.attachmentsHTML(attachments)
        }
        return html + "</section>"
    }

    private func flush(_ page: inout HTMLPage, to out: ReportOutput) {
        out.write(page.html)
        page.html = ""
    }
}
