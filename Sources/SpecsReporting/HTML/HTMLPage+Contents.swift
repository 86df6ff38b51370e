import Foundation
import Gherkin
import Messages
import Traceability

/// The contents tree, what needs attention, and the filters.
extension HTMLPage {
    /// Past this many scenarios the contents list features and rules only: the book itself
    /// has every scenario, and a contents of thousands of lines helps nobody.
    static let contentsScenarioLimit = 400

    mutating func renderContents(_ book: ReportBook) {
        let listScenarios = book.scenarios.count <= Self.contentsScenarioLimit
        html += "<nav aria-label=\"\(e(labels.contents))\"><details open><summary>\(e(labels.contents))</summary><ul class=\"tree\">"
        for folder in book.folders {
            if book.folders.count > 1 { html += "<li class=\"folder\"><a href=\"#d-\(ReportBook.anchor(folder.path))\">\(e(folder.path))/</a><ul>" }
            for feature in folder.features {
                let verified = feature.scenarios.filter(\.covered).count
                html += "<li><a href=\"#f-\(ReportBook.anchor(feature.uri))\">\(e(feature.feature.name.isEmpty ? feature.uri : feature.feature.name))</a>"
                if !dryRun { html += " <span class=\"muted\" title=\"\(e(labels.coverage))\">\(verified)/\(feature.scenarios.count) ✔</span>" }
                html += bar(counts(feature.scenarios), label: feature.feature.name)
                guard listScenarios else {
                    html += "</li>"
                    continue
                }
                html += "<ul>"
                for item in feature.items {
                    switch item {
                    case .scenario(let entry): html += contentsLine(entry)
                    case .rule(let rule, let entries):
                        html += "<li class=\"rule\"><span>\(e(rule.name))</span><ul>" + entries.map(contentsLine).joined() + "</ul></li>"
                    }
                }
                html += "</ul></li>"
            }
            if book.folders.count > 1 { html += "</ul></li>" }
        }
        html += "</ul></details></nav>"
    }

    func contentsLine(_ entry: ReportBook.ScenarioEntry) -> String {
        "<li><a class=\"st \(entry.status)\" href=\"#\(entry.anchor)\"><span class=\"dot\" aria-hidden=\"true\"></span>\(e(entry.scenario.name))</a></li>"
    }

    mutating func renderAttention(_ book: ReportBook) {
        html += "<section id=\"attention\" aria-labelledby=\"attention-h\"><h2 id=\"attention-h\">\(e(labels.needsAttention))</h2>"
        var items: [String] = []
        for entry in book.scenarios {
            let status = entry.status
            let failing = !dryRun && ReportBook.needsAttention(status)
            let unverified = !entry.covered && !dryRun
            guard failing || unverified else { continue }
            var badges = ""
            if failing { badges += " <span class=\"b \(status)\">\(e(labels.name(status)))</span>" }
            var reason = ""
            if unverified {
                badges += " <span class=\"b unverified\">\(e(labels.notCovered))</span>"
                if let why = entry.rows.first(where: { !$0.covered })?.reasons.first(where: { !$0.hasPrefix("scenario ") }) {
                    reason = " <span class=\"muted\">(\(e(why)))</span>"
                }
            }
            items.append("<li data-attention=\"\(e(entry.uri)):\(entry.scenario.location.line)\"><a href=\"#\(entry.anchor)\">"
                + "\(e(entry.scenario.name))</a>\(badges) <span class=\"muted\">\(e(entry.uri)):\(entry.scenario.location.line)</span>\(reason)</li>")
        }
        html += items.isEmpty ? "<p>\(e(labels.nothingNeedsAttention))</p>" : "<ul class=\"attention\">" + items.joined() + "</ul>"
        html += "</section>"
    }

    mutating func renderFilters(_ book: ReportBook) {
        let tags = Set(book.scenarios.flatMap { $0.results.flatMap { $0.pickle.tags.map(\.name) } })
            .filter { !$0.hasPrefix(TestLink.tagPrefix) }.sorted()
        html += "<form class=\"filters\" role=\"search\" hidden>"
        html += "<label class=\"grow\"><span class=\"sr\">\(e(labels.search))</span><input id=\"q\" type=\"search\" placeholder=\"\(e(labels.search))\"></label>"
        html += "<label><span class=\"sr\">\(e(labels.allTags))</span><select id=\"tag\"><option value=\"\">\(e(labels.allTags))</option>"
        for tag in tags { html += "<option>\(e(tag))</option>" }
        html += "</select></label><fieldset><legend class=\"sr\">\(e(labels.allStatuses))</legend>"
        for status in ReportBook.severity.reversed() {
            html += "<label><input type=\"checkbox\" value=\"\(status)\" checked> \(e(labels.name(status)))</label>"
        }
        html += "</fieldset></form>"
    }
}
