import Foundation
import Gherkin
import Messages
import Traceability

/// The folded developer detail: the traceability matrix and the tests no scenario links.
extension HTMLPage {
    mutating func renderDeveloperOpening() {
        html += "<details class=\"developer\"><summary>\(e(labels.developerDetail))</summary>"
        html +=
            "<h2>\(e(labels.traceability))</h2><div class=\"scroll\"><table class=\"matrix\"><tr><th>\(e(labels.scenario))</th>"
        html += "<th>\(e(labels.test))</th><th>\(e(labels.component))</th><th>\(e(labels.testStatus))</th>"
        html += "<th>\(e(labels.scenarioStatus))</th><th></th></tr>"
    }

    /// The matrix rows of some scenarios.
    func matrixRows(_ rows: [TraceabilityRow]) -> String {
        var html = ""
        for row in rows {
            let status = row.scenario.status.rawValue.lowercased()
            html +=
                "<tr><td>\(cell(row.scenario.name))<div class=\"muted\">\(cell("\(row.scenario.uri):\(row.scenario.line)"))</div></td>"
            html +=
                "<td>"
                + (row.links.isEmpty
                    ? "—" : row.links.map { "<code>\(e($0.link.tag))</code>" }.joined(separator: "<br>")) + "</td>"
            html += "<td>\(cell(row.components.joined(separator: ", ").ifEmpty("—")))</td><td>"
            html += row.links.map {
                let s = TraceabilityTable.testStatus($0)
                return "<span class=\"b \(s)\">\(e(labels.name(s)))</span>"
            }.joined(separator: " ")
            html += "</td><td><span class=\"b \(status)\">\(e(labels.name(status)))</span></td><td>"
            html +=
                row.covered
                ? "✔ \(e(labels.covered))"
                : "✘ \(e(labels.notCovered))" + shownReasons(row.reasons).map { ": " + cell($0) }.joined()
            html += "</td></tr>"
        }
        return html
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
