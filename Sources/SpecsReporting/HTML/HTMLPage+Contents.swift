import Foundation
import Gherkin
import Messages
import Traceability

/// The contents tree, what needs attention, and the filters.
extension HTMLPage {
    /// Past this many scenarios the contents list features and rules only: the book itself
    /// has every scenario, and a contents of thousands of lines helps nobody.
    static let contentsScenarioLimit = 400

    /// The contents: folders, features with their figures, and (while the book is small) scenarios.
    mutating func renderContents(_ folders: [BookBinder.Folder]) {
        html +=
            "<nav aria-label=\"\(e(labels.contents))\"><details open><summary>\(e(labels.contents))</summary><ul class=\"tree\">"
        for folder in folders {
            if folders.count > 1 {
                html +=
                    "<li class=\"folder\"><a href=\"#d-\(ReportBook.anchor(folder.path))\">\(e(folder.path))/</a><ul>"
            }
            for chapter in folder.chapters {
                html +=
                    "<li><a href=\"#f-\(ReportBook.anchor(chapter.uri))\">\(e(chapter.name.isEmpty ? chapter.uri : chapter.name))</a>"
                if !dryRun {
                    html +=
                        " <span class=\"muted\" title=\"\(e(labels.coverage))\">\(e(labels.verifiedOf(chapter.verifiedScenarios, chapter.figures.scenarios)))</span>"
                }
                html += bar(chapter.figures.counts, label: chapter.name)
                html += (chapter.contents ?? "") + "</li>"
            }
            if folders.count > 1 { html += "</ul></li>" }
        }
        html += "</ul></details></nav>"
    }

    /// A feature's scenarios as the contents list them.
    func contentsLines(_ entry: ReportBook.FeatureEntry) -> String {
        var text = "<ul>"
        for item in entry.items {
            switch item {
            case .scenario(let scenario): text += contentsLine(scenario)
            case .rule(let rule, let entries):
                text +=
                    "<li class=\"rule\"><span>\(e(rule.name))</span><ul>" + entries.map(contentsLine).joined()
                    + "</ul></li>"
            }
        }
        return text + "</ul>"
    }

    func contentsLine(_ entry: ReportBook.ScenarioEntry) -> String {
        "<li><a class=\"st \(entry.status)\" href=\"#\(entry.anchor)\"><span class=\"dot\" aria-hidden=\"true\"></span>\(e(entry.scenario.name))</a></li>"
    }

    /// A feature's lines of what needs attention: scenarios that do not pass or are not verified.
    func attentionItems(_ entry: ReportBook.FeatureEntry) -> String {
        guard !dryRun else { return "" }
        var items = ""
        for scenario in entry.scenarios {
            let status = scenario.status
            let failing = ReportBook.needsAttention(status)
            let unverified = !scenario.covered
            guard failing || unverified else { continue }
            var badges = ""
            if failing { badges += " <span class=\"b \(status)\">\(e(labels.name(status)))</span>" }
            var reason = ""
            if unverified {
                badges += " <span class=\"b unverified\">\(e(labels.notCovered))</span>"
                if let why = scenario.rows.first(where: { !$0.covered })?.reasons.first(where: {
                    !$0.hasPrefix("scenario ") && (resultsKnown || !$0.hasPrefix("no test results"))
                }) {
                    reason = " <span class=\"muted\">(\(e(why)))</span>"
                }
            }
            items +=
                "<li data-attention=\"\(e(scenario.uri)):\(scenario.scenario.location.line)\"><a href=\"#\(scenario.anchor)\">"
                + "\(e(scenario.scenario.name))</a>\(badges) <span class=\"muted\">\(e(scenario.uri)):\(scenario.scenario.location.line)</span>\(reason)</li>"
        }
        return items
    }

    mutating func renderAttentionOpening() {
        html +=
            "<section id=\"attention\" aria-labelledby=\"attention-h\"><h2 id=\"attention-h\">\(e(labels.needsAttention))</h2>"
    }

    /// The search box, the tag list and the status boxes; `tags` are the scenarios' own.
    mutating func renderFilters(_ tags: Set<String>) {
        let tags = tags.filter { !$0.hasPrefix(TestLink.tagPrefix) }.sorted()
        html += "<form class=\"filters\" role=\"search\" hidden>"
        html +=
            "<label class=\"grow\"><span class=\"sr\">\(e(labels.search))</span><input id=\"q\" type=\"search\" placeholder=\"\(e(labels.search))\"></label>"
        html +=
            "<label><span class=\"sr\">\(e(labels.allTags))</span><select id=\"tag\"><option value=\"\">\(e(labels.allTags))</option>"
        for tag in tags { html += "<option>\(e(tag))</option>" }
        html += "</select></label><fieldset><legend class=\"sr\">\(e(labels.allStatuses))</legend>"
        for status in ReportBook.severity.reversed() {
            html += "<label><input type=\"checkbox\" value=\"\(status)\" checked> \(e(labels.name(status)))</label>"
        }
        html += "</fieldset></form>"
    }
}
