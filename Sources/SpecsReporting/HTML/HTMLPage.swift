import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// Builds the report's HTML text: the verdict first, then what needs attention, then the
/// requirements book (folders, features, rules, scenarios as written, outlines with their
/// examples and a result per row), and the developer detail folded away at the end.
struct HTMLPage {
    let labels: ReportLabels
    let title: String
    let dryRun: Bool
    let history: RunHistory.Marks
    /// Whether test results were given (`--xunit`): without them no scenario is shown verified,
    /// which the page says once instead of on every scenario.
    var resultsKnown = true
    /// What the run (or each merged shard) says of its selection: a filtered or sharded run says so.
    var runs: [RunMetadata] = []
    /// The run's verdict, as the command decided it: the header shows it, and judges nothing.
    var verdict = RunVerdict(scenarios: [:], problems: [])
    /// The run's scenarios by status, as the ledger counts them for every output; nil for a
    /// page that counts its own chapters.
    var tally: RunLedger.StatusTally?
    /// The page as it is written; the `HTMLPage+...` files each write a part of it.
    var html = ""

    init(labels: ReportLabels, title: String, dryRun: Bool, history: RunHistory.Marks = RunHistory.Marks()) {
        self.labels = labels
        self.title = title
        self.dryRun = dryRun
        self.history = history
    }

    static func e(_ text: String) -> String { HTMLEscape.text(text) }
    func e(_ text: String) -> String { HTMLEscape.text(text) }

    /// A word this long (an identifier, a path, a UUID) may break anywhere to fit a narrow
    /// table; shorter words wrap only between words.
    static let longWord = 12

    /// Text for a table cell: escaped, each long word marked so that it alone may break.
    func cell(_ text: String) -> String {
        text.split(separator: " ", omittingEmptySubsequences: false).map { word in
            word.count > Self.longWord ? "<span class=\"long\">\(e(String(word)))</span>" : e(String(word))
        }.joined(separator: " ")
    }

    /// The page up to the start of the book: head, header with the verdict, contents.
    /// `BookBinder` writes the rest around the chapters it kept.
    mutating func renderOpening(
        _ figures: BookFigures, folders: [BookBinder.Folder], run: (started: Timestamp?, finished: Timestamp?)
    ) {
        html += "<!DOCTYPE html><html lang=\"\(labels.language)\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
        html += "<title>\(e(title)) · \(e(labels.title))</title><style>\(ReportStyle.css)</style></head><body>"
        renderHeader(figures, run: run)
        html += "<div class=\"layout\">"
        renderContents(folders)
        html += "<main id=\"book\">"
    }

    /// The page's script: before the chapters, so that the verdict, the contents, what needs
    /// attention and the filters answer while the chapters' data is still being read.
    mutating func renderScript() {
        html += "<script>\(ReportStyle.script)</script>"
    }

    mutating func renderClosing() {
        html += "</main></div></body></html>\n"
    }

    /// A bar of results by status, with its numbers as text for readers that do not see it.
    func bar(_ counts: [String: Int], label: String) -> String {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return "" }
        let words = ReportBook.severity.reversed().compactMap { status in
            counts[status].map { "\(labels.name(status)) \($0)" }
        }
        var text = "<div class=\"bar\" role=\"img\" aria-label=\"\(e(label)): \(e(words.joined(separator: ", ")))\">"
        for status in ReportBook.severity.reversed() {
            guard let count = counts[status], count > 0 else { continue }
            text +=
                "<span class=\"\(status)\" style=\"width:\(String(format: "%.3f", 100 * Double(count) / Double(total)))%\"></span>"
        }
        return text + "</div>"
    }

    func counts(_ entries: [ReportBook.ScenarioEntry]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries { for result in entry.results { counts[ReportBook.status(result), default: 0] += 1 } }
        return counts
    }

    /// A description without the indentation it has in the file.
    static func dedent(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indent =
            lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }
            .min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
