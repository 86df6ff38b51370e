import Foundation
import Gherkin
import Messages
import Traceability

/// The folded developer detail: the traceability matrix and the tests no scenario links.
extension HTMLPage {
    mutating func renderDeveloperOpening() {
        html += "<details class=\"developer\" id=\"developer\"><summary>\(e(labels.developerDetail))</summary>"
        html +=
            "<h2>\(e(labels.traceability))</h2><div class=\"scroll\"><table class=\"matrix\"><thead><tr><th>\(e(labels.scenario))</th>"
        html += "<th>\(e(labels.test))</th><th>\(e(labels.component))</th><th>\(e(labels.testStatus))</th>"
        // The rows are each chapter's (`mx`), put in by the page's script when the detail is opened or printed.
        html += "<th>\(e(labels.scenarioStatus))</th><th></th></tr></thead><tbody id=\"matrix\"></tbody>"
    }

    /// The matrix rows of a feature's scenarios as data, each `[scenario name, line, [[link
    /// tag, test status]], components, scenario status, 1 verified or 0, why not]`; nil when
    /// there are none. Names, components and reasons are cell text (`cell`).
    func matrixJSON(_ rows: [TraceabilityRow]) -> String? {
        guard !rows.isEmpty else { return nil }
        return ChapterJSON.array(
            rows.map { row in
                let links = row.links.map {
                    ChapterJSON.array([
                        ChapterJSON.text($0.link.tag), "\"\(TraceabilityTable.testStatus($0))\"",
                    ])
                }
                return ChapterJSON.array([
                    ChapterJSON.string(html: cell(row.scenario.name)), String(row.scenario.line),
                    ChapterJSON.array(links), ChapterJSON.string(html: cell(row.components.joined(separator: ", "))),
                    "\"\(row.scenario.status.rawValue.lowercased())\"", row.covered ? "1" : "0",
                    ChapterJSON.string(html: row.covered ? "" : shownReasons(row.reasons).map(cell).joined()),
                ])
            })
    }

    mutating func renderDeveloperClosing(unlinkedTests: [TestIdentifier]) {
        html += "</table></div>"
        if !unlinkedTests.isEmpty {
            html +=
                "<h3>\(e(labels.unlinkedTests))</h3><ul class=\"unlinked\">"
                + unlinkedTests.map { "<li><code>\(e($0.description))</code></li>" }.joined() + "</ul>"
        }
        html += "</details>"
    }

    /// A row's reasons as the page shows them: without test results that is said once, at the
    /// top, so no row repeats it.
    func shownReasons(_ reasons: [String]) -> [String] {
        let shown = resultsKnown ? reasons : reasons.filter { !$0.hasPrefix("no test results") }
        return shown.isEmpty ? [] : [shown.joined(separator: "; ")]
    }
}
