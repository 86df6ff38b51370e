import Foundation
import Gherkin
import Messages
import Traceability

/// The contents tree, what needs attention, and the filters.
extension HTMLPage {
    /// Past this many scenarios the contents list features and rules only: the book itself
    /// has every scenario, and a contents of thousands of lines helps nobody.
    static let contentsScenarioLimit = 400

    /// Past this many features (in more than one folder) the contents list folders with their
    /// figures, and a folder's features are put in when the reader opens it.
    static let contentsFeatureLimit = 500

    /// Whether the contents of these folders list folders only, their features put in on demand.
    static func listsFoldersOnly(_ folders: [BookBinder.Folder]) -> Bool {
        folders.count > 1 && folders.reduce(0) { $0 + $1.chapters.count } > contentsFeatureLimit
    }

    /// The contents: folders, features with their figures, and (while the book is small) scenarios.
    mutating func renderContents(_ folders: [BookBinder.Folder]) {
        html +=
            "<nav aria-label=\"\(e(labels.contents))\"><details open><summary>\(e(labels.contents))</summary><ul class=\"tree\">"
        let foldersOnly = Self.listsFoldersOnly(folders)
        for (index, folder) in folders.enumerated() {
            if foldersOnly {
                var figures = BookFigures()
                for chapter in folder.chapters { figures.add(chapter.figures) }
                let verified = folder.chapters.reduce(0) { $0 + $1.verifiedScenarios }
                html +=
                    "<li class=\"folder\"><details data-folder=\"\(index)\"><summary><a href=\"#d-\(ReportBook.anchor(folder.path))\">\(e(folder.path))/</a>"
                html += " <span class=\"muted\">\(e(labels.features(folder.chapters.count)))"
                if !dryRun { html += " · \(e(labels.verifiedOf(verified, figures.scenarios)))" }
                html += "</span>" + bar(figures.counts, label: folder.path) + "</summary><ul></ul></details></li>"
                continue
            }
            if folders.count > 1 {
                html +=
                    "<li class=\"folder\"><a href=\"#d-\(ReportBook.anchor(folder.path))\">\(e(folder.path))/</a><ul>"
            }
            html += contentsFeatures(folder)
            if folders.count > 1 { html += "</ul></li>" }
        }
        html += "</ul></details></nav>"
    }

    /// A folder's features as the contents list them, each with its figures.
    func contentsFeatures(_ folder: BookBinder.Folder) -> String {
        var html = ""
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
        return html
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

    /// A feature's entries of what needs attention (scenarios that do not pass or are not
    /// verified), each `[line, name, status when it does not pass or "", 1 when not verified
    /// or 0, why not verified or "", why it does not pass or ""]`, joined by commas; and how
    /// many there are. Why it does not pass (the step and its message) is what the page leads
    /// with; the evidence comes second.
    func attentionJSON(_ entry: ReportBook.FeatureEntry) -> (json: String, count: Int) {
        guard !dryRun else { return ("", 0) }
        var entries: [String] = []
        for scenario in entry.scenarios {
            let status = scenario.status
            let failing = ReportBook.needsAttention(status)
            let unverified = !scenario.covered
            guard failing || unverified else { continue }
            var reason = ""
            if unverified,
                let why = scenario.rows.first(where: { !$0.covered })?.reasons.first(where: {
                    !$0.hasPrefix("scenario ") && (resultsKnown || !$0.hasPrefix("no test results"))
                })
            {
                reason = why
            }
            entries.append(
                ChapterJSON.array([
                    String(scenario.scenario.location.line), ChapterJSON.text(scenario.scenario.name),
                    failing ? "\"\(status)\"" : "\"\"", unverified ? "1" : "0", ChapterJSON.text(reason),
                    ChapterJSON.text(failing ? whyItFails(scenario) : ""),
                ]))
        }
        return (entries.joined(separator: ","), entries.count)
    }

    /// The first step that did not pass and its message's first lines (`Then the total is 8
    /// EUR: total: expected 8, got 7.5`), of the first result (row) that did not pass.
    func whyItFails(_ scenario: ReportBook.ScenarioEntry) -> String {
        guard let result = scenario.results.first(where: { ReportBook.needsAttention(ReportBook.status($0)) }),
            let step = result.failure
        else { return "" }
        let message =
            step.status == .undefined
            ? labels.notAutomated
            : (step.result?.message ?? labels.name(step.status.rawValue.lowercased()))
        let lines = message.split(separator: "\n", omittingEmptySubsequences: true).prefix(2).joined(separator: " ")
        let what = (step.keyword + step.text).trimmingCharacters(in: .whitespaces)
        return String((what + ": " + lines).prefix(Self.whyLength))
    }

    /// How much of why a scenario fails its attention entry shows.
    static let whyLength = 300

    mutating func renderAttentionOpening() {
        html +=
            "<section id=\"attention\" aria-labelledby=\"attention-h\"><h2 id=\"attention-h\">\(e(labels.needsAttention))</h2>"
    }

    /// Past this many tags the tag list is put in by the script once the page is read.
    static let inlineTagLimit = 100

    /// The tags the filter lists: the scenarios' own, without the `@xctest:` links.
    static func filterTags(_ tags: Set<String>) -> [String] {
        shownTags(tags).sorted()
    }

    /// The search box, the tag list and the status boxes; `tags` are the scenarios' own.
    mutating func renderFilters(_ tags: Set<String>) {
        let all = Self.filterTags(tags)
        let tags = all.count > Self.inlineTagLimit ? [] : all
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
        html += "</fieldset><output id=\"shown\" class=\"muted\" aria-live=\"polite\"></output></form>"
    }
}
