import Foundation
import Gherkin
import Messages
import Traceability

/// A feature's chapter: its heading, written into the page (read without scripts, and the
/// target of the contents' links), and the rest as compact data (`ChapterJSON`) the page's
/// script builds the chapter from when the reader goes there. The bulk (scenarios and their
/// steps) is data; what is rare (tables, doc strings, problems, attachments, examples, links)
/// is markup written here.
extension HTMLPage {
    /// What the page shows of a feature before its chapter is built: heading, file and tags,
    /// results bar, verified count, description.
    func featureHeading(_ entry: ReportBook.FeatureEntry) -> String {
        let feature = entry.feature
        var html =
            "<h2 id=\"h-\(ReportBook.anchor(entry.uri))\"><span class=\"kw\">\(e(feature.keyword)):</span> \(e(feature.name))</h2>"
        html += "<p class=\"muted\">\(e(entry.uri))" + tagList(feature.tags.map(\.name)) + "</p>"
        html += bar(counts(entry.scenarios), label: feature.name) + coverageLine(entry.scenarios)
        if !feature.description.isEmpty { html += "<p class=\"desc\">\(e(Self.dedent(feature.description)))</p>" }
        return html
    }

    /// The chapter's data: `t` the feature's tags, `bg` its backgrounds (markup), `i` its items
    /// (a scenario, or a rule `{r: heading, t: tags, c: scenarios}`), `mx` its rows of the
    /// traceability matrix (`matrixJSON`).
    func chapterJSON(_ entry: ReportBook.FeatureEntry) -> String {
        let feature = entry.feature
        var backgrounds = ""
        for child in feature.children {
            if case .background(let background) = child {
                backgrounds +=
                    "<div class=\"background\"><h3><span class=\"kw\">\(e(background.keyword)):</span> \(e(background.name))</h3>"
                    + "<ol class=\"steps\">" + background.steps.map { writtenStep($0) }.joined() + "</ol></div>"
            }
        }
        let items = entry.items.map { item -> String in
            switch item {
            case .scenario(let scenario): return scenarioJSON(scenario)
            case .rule(let rule, let scenarios):
                var heading = "<h3><span class=\"kw\">\(e(rule.keyword)):</span> \(e(rule.name))</h3>"
                heading += bar(counts(scenarios), label: rule.name) + coverageLine(scenarios)
                if !rule.description.isEmpty { heading += "<p class=\"desc\">\(e(Self.dedent(rule.description)))</p>" }
                return ChapterJSON.object([
                    ("r", ChapterJSON.string(html: heading)), ("t", tagsJSON(rule.tags.map(\.name))),
                    ("c", ChapterJSON.array(scenarios.map(scenarioJSON))),
                ])
            }
        }
        let matrix = matrixJSON(entry.scenarios.flatMap(\.rows))
        return ChapterJSON.object([
            ("t", tagsJSON(feature.tags.map(\.name))),
            ("bg", backgrounds.isEmpty ? nil : ChapterJSON.string(html: backgrounds)),
            ("i", ChapterJSON.array(items)),
            ("mx", matrix),
        ])
    }

    /// Tags as the page shows them (not the `@xctest:` links); nil when there are none.
    func tagsJSON(_ tags: [String]) -> String? {
        let shown = Self.shownTags(tags)
        return shown.isEmpty ? nil : ChapterJSON.array(shown.map(ChapterJSON.text))
    }

    /// How many of a node's scenarios are verified by a passing test.
    func coverageLine(_ entries: [ReportBook.ScenarioEntry]) -> String {
        guard !dryRun, !entries.isEmpty else { return "" }
        let verified = entries.filter(\.covered).count
        return "<p class=\"muted cov\">\(e(labels.coverage)): \(verified)/\(entries.count)</p>"
    }

    /// Tags as the page shows and filters them: not the `@xctest:` links.
    static func shownTags(_ tags: some Sequence<String>) -> [String] {
        tags.filter { !$0.hasPrefix(TestLink.tagPrefix) }
    }

    func tagList(_ tags: [String]) -> String {
        Self.shownTags(tags).map { " <span class=\"tag\">\(e($0))</span>" }.joined()
    }

    /// A scenario: `k` keyword, `n` name, `l` line, `s` status (left out when passed), `v` 1
    /// verified or 0 not (left out: no badge), `m` history marks, `t` its own tags, `et` its
    /// examples' tags, `d` description, `st` steps, `p` problems of background steps, `a`
    /// what happened after it (hooks), `x` its examples, `ln` its linked tests.
    func scenarioJSON(_ entry: ReportBook.ScenarioEntry) -> String {
        let scenario = entry.scenario
        let status = dryRun ? "not-run" : entry.status
        var verified: String?
        if !entry.rows.isEmpty {
            // Before a run (--dry-run) a scenario is verified when its linked tests passed.
            let isVerified =
                dryRun
                ? entry.rows.allSatisfy { !$0.links.isEmpty && $0.links.allSatisfy { $0.outcome == .passed } }
                : entry.covered
            if isVerified || !dryRun || entry.rows.contains(where: { !$0.links.isEmpty }) {
                verified = isVerified ? "1" : "0"
            }
        }
        var marks = history.marks(for: entry.results.map { RunHistory.key($0) }).map { ChapterJSON.text($0(labels)) }
        // Passed only on a retry in this run: flaky, with or without a history, saying on which retry.
        if let retry = entry.results.filter(\.isFlaky).map(\.attempt).max() {
            marks.removeAll { $0 == ChapterJSON.text(labels.flaky) }
            marks.append(ChapterJSON.text("\(labels.flaky): \(labels.passedOnRetry) \(retry)"))
        }
        var steps: String
        var before: String?
        var after: String?
        var examples: String?
        if entry.isOutline {
            steps = ChapterJSON.array(scenario.steps.map { stepJSON($0, status: nil, extra: "") })
            examples = ChapterJSON.string(html: examplesHTML(entry))
        } else if let result = entry.results.first {
            let run = stepsJSON(scenario, result: result)
            steps = run.steps
            before = run.before.isEmpty ? nil : ChapterJSON.string(html: run.before)
            after = run.after.isEmpty ? nil : ChapterJSON.string(html: run.after)
        } else {
            steps = "[]"
        }
        let links = linksHTML(entry.rows)
        let examplesTags = scenario.examples.flatMap { $0.tags.map(\.name) }
        return ChapterJSON.object([
            ("k", ChapterJSON.text(scenario.keyword)), ("n", ChapterJSON.text(scenario.name)),
            ("l", String(scenario.location.line)), ("s", status == "passed" ? nil : "\"\(status)\""),
            ("v", verified), ("m", marks.isEmpty ? nil : ChapterJSON.array(marks)),
            ("t", tagsJSON(scenario.tags.map(\.name))), ("et", tagsJSON(examplesTags)),
            ("d", scenario.description.isEmpty ? nil : ChapterJSON.text(Self.dedent(scenario.description))),
            ("st", steps), ("p", before), ("a", after), ("x", examples),
            ("ln", links.isEmpty ? nil : ChapterJSON.string(html: links)),
        ])
    }

    /// A step as data: `[keyword, text]`, then its status when it did not pass (or has
    /// something under it), then the markup under it (table, doc string, problem, attachments).
    func stepJSON(_ step: Step, status: String?, extra: String) -> String {
        let under = argumentHTML(step) + extra
        var values = [ChapterJSON.text(step.keyword), ChapterJSON.text(step.text)]
        let shownStatus = status == "passed" ? nil : status
        if shownStatus != nil || !under.isEmpty { values.append(shownStatus.map { "\"\($0)\"" } ?? "0") }
        if !under.isEmpty { values.append(ChapterJSON.string(html: under)) }
        return ChapterJSON.array(values)
    }

    /// A step as markup, for a background: its keyword in the feature's language, its text,
    /// table or doc string.
    func writtenStep(_ step: Step) -> String {
        "<li><b>\(e(step.keyword))</b>\(e(step.text))" + argumentHTML(step) + "</li>"
    }

    /// A step's table or doc string as markup; empty when it has neither.
    func argumentHTML(_ step: Step) -> String {
        if let table = step.dataTable { return tableHTML(table.rows.map { $0.cells.map(\.value) }, header: true) }
        if let doc = step.docString { return "<pre>\(e(doc.content))</pre>" }
        return ""
    }

    func tableHTML(_ rows: [[String]], header: Bool, extra: [String]? = nil, extraHeading: String? = nil) -> String {
        var text = "<div class=\"scroll\"><table>"
        for (index, row) in rows.enumerated() {
            let cell = header && index == 0 ? "th" : "td"
            text += "<tr>" + row.map { "<\(cell)>\(self.cell($0))</\(cell)>" }.joined()
            if let extra {
                text +=
                    index == 0 && header
                    ? "<th>\(e(extraHeading ?? ""))</th>" : "<td>\(extra[index - (header ? 1 : 0)])</td>"
            }
            text += "</tr>"
        }
        return text + "</table></div>"
    }

    /// An outline's examples: each table with a result per row, and a failing row's problem open under it.
    func examplesHTML(_ entry: ReportBook.ScenarioEntry) -> String {
        var resultByRow: [String: ScenarioResult] = [:]
        for result in entry.results where result.pickle.astNodeIds.count > 1 {
            resultByRow[result.pickle.astNodeIds[1]] = result
        }
        var html = ""
        for examples in entry.scenario.examples {
            guard let header = examples.tableHeader else { continue }
            html +=
                "<div class=\"examples\"><h5><span class=\"kw\">\(e(examples.keyword)):</span> \(e(examples.name))</h5>"
            let body = examples.tableBody
            let statuses = body.map { row -> String in
                guard let result = resultByRow[row.id] else { return "" }
                let status = dryRun ? "not-run" : ReportBook.status(result)
                var cell = "<span class=\"b \(status)\">\(e(labels.name(status)))</span>"
                if !dryRun, ReportBook.needsAttention(status), let failing = result.failure {
                    cell +=
                        "<details open><summary>\(e(failing.keyword + failing.text))</summary>\(problem(failing, result))</details>"
                }
                return cell
            }
            html += tableHTML(
                [header.cells.map(\.value)] + body.map { $0.cells.map(\.value) }, header: true, extra: statuses,
                extraHeading: labels.result)
            html += "</div>"
        }
        return html
    }

    /// The tests a scenario links, each with its result; empty when it links none (its
    /// "not verified" badge says so already).
    func linksHTML(_ rows: [TraceabilityRow]) -> String {
        let links = rows.flatMap(\.links)
        guard !links.isEmpty else { return "" }
        var seen: Set<String> = []
        return "<p class=\"links\"><b>\(e(labels.linkedTests)):</b> "
            + links.filter { seen.insert($0.link.name).inserted }.map { check in
                let status = TraceabilityTable.testStatus(check)
                return "<code>\(e(check.link.test))</code> <span class=\"b \(status)\">\(e(labels.name(status)))</span>"
            }.joined(separator: " ") + "</p>"
    }
}
