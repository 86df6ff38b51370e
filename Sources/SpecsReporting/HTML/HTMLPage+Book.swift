import Foundation
import Gherkin
import Messages
import Traceability

/// The book: features, rules and scenarios as written, outlines with their examples.
extension HTMLPage {
    mutating func renderFeature(_ entry: ReportBook.FeatureEntry) {
        let feature = entry.feature
        html +=
            "<section class=\"feature\" id=\"f-\(ReportBook.anchor(entry.uri))\" aria-labelledby=\"h-\(ReportBook.anchor(entry.uri))\">"
        html +=
            "<h2 id=\"h-\(ReportBook.anchor(entry.uri))\"><span class=\"kw\">\(e(feature.keyword)):</span> \(e(feature.name))</h2>"
        html += "<p class=\"muted\">\(e(entry.uri))" + tagList(feature.tags.map(\.name)) + "</p>"
        html += bar(counts(entry.scenarios), label: feature.name) + coverageLine(entry.scenarios)
        if !feature.description.isEmpty { html += "<p class=\"desc\">\(e(Self.dedent(feature.description)))</p>" }
        for child in feature.children {
            if case .background(let background) = child {
                html +=
                    "<div class=\"background\"><h3><span class=\"kw\">\(e(background.keyword)):</span> \(e(background.name))</h3>"
                html +=
                    "<ol class=\"steps\">" + background.steps.map { writtenStep($0, status: nil) }.joined()
                    + "</ol></div>"
            }
        }
        for item in entry.items {
            switch item {
            case .scenario(let scenario): renderScenario(scenario, heading: "h3")
            case .rule(let rule, let scenarios):
                html += "<section class=\"rule\"><h3><span class=\"kw\">\(e(rule.keyword)):</span> \(e(rule.name))</h3>"
                html += bar(counts(scenarios), label: rule.name) + coverageLine(scenarios)
                if !rule.description.isEmpty { html += "<p class=\"desc\">\(e(Self.dedent(rule.description)))</p>" }
                for scenario in scenarios { renderScenario(scenario, heading: "h4") }
                html += "</section>"
            }
        }
        html += "</section>"
    }

    /// How many of a node's scenarios are verified by a passing test.
    func coverageLine(_ entries: [ReportBook.ScenarioEntry]) -> String {
        guard !dryRun, !entries.isEmpty else { return "" }
        let verified = entries.filter(\.covered).count
        return "<p class=\"muted cov\">\(e(labels.coverage)): \(verified)/\(entries.count)</p>"
    }

    func tagList(_ tags: [String]) -> String {
        tags.filter { !$0.hasPrefix(TestLink.tagPrefix) }.map { " <span class=\"tag\">\(e($0))</span>" }.joined()
    }

    mutating func renderScenario(_ entry: ReportBook.ScenarioEntry, heading: String) {
        let scenario = entry.scenario
        let status = dryRun ? "not-run" : entry.status
        let tags = entry.results.first?.pickle.tags.map(\.name) ?? []
        html += "<article class=\"sc \(status)\" id=\"\(entry.anchor)\" data-status=\"\(status)\">"
        html += "<\(heading)><span class=\"kw\">\(e(scenario.keyword)):</span> \(e(scenario.name)) "
        html += "<span class=\"b \(status)\">\(e(labels.name(status)))</span>"
        if !entry.rows.isEmpty {
            // Before a run (--dry-run) a scenario is verified when its linked tests passed.
            let verified =
                dryRun
                ? entry.rows.allSatisfy { !$0.links.isEmpty && $0.links.allSatisfy { $0.outcome == .passed } }
                : entry.covered
            if verified || !dryRun || entry.rows.contains(where: { !$0.links.isEmpty }) {
                html +=
                    verified
                    ? " <span class=\"b verified\">✔ \(e(labels.covered))</span>"
                    : " <span class=\"b unverified\">\(e(labels.notCovered))</span>"
            }
        }
        for mark in history.marks(for: entry.results.map { RunHistory.key($0) }) {
            html += " <span class=\"b mark\">\(e(mark(labels)))</span>"
        }
        html += "</\(heading)><p class=\"muted\">\(e(labels.line)) \(scenario.location.line)" + tagList(tags) + "</p>"
        if !scenario.description.isEmpty { html += "<p class=\"desc\">\(e(Self.dedent(scenario.description)))</p>" }
        if entry.isOutline {
            html += "<ol class=\"steps\">" + scenario.steps.map { writtenStep($0, status: nil) }.joined() + "</ol>"
            renderExamples(entry)
        } else if let result = entry.results.first {
            renderSteps(scenario, result: result)
        }
        renderLinks(entry.rows)
        html += "</article>"
    }

    /// A step as written: its keyword in the feature's language, its text, table or doc string.
    /// A passed step's mark comes from its list's class, so that the large book stays small.
    func writtenStep(_ step: Step, status: String?, extra: String = "") -> String {
        var text = status.map { $0 == "passed" ? "<li>" : "<li class=\"\($0)\">" } ?? "<li>"
        // The mark before a step is drawn by the stylesheet; a step that did not pass also says so in words.
        if let status, status != "passed" { text += "<span class=\"sr\">\(e(labels.name(status))): </span>" }
        text += "<b>\(e(step.keyword))</b>\(e(step.text))"
        if let table = step.dataTable { text += tableHTML(table.rows.map { $0.cells.map(\.value) }, header: true) }
        if let doc = step.docString { text += "<pre>\(e(doc.content))</pre>" }
        return text + extra + "</li>"
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

    /// The scenario's steps with their results, problems and attachments under each.
    mutating func renderExamples(_ entry: ReportBook.ScenarioEntry) {
        var resultByRow: [String: ScenarioResult] = [:]
        for result in entry.results where result.pickle.astNodeIds.count > 1 {
            resultByRow[result.pickle.astNodeIds[1]] = result
        }
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
    }

    mutating func renderLinks(_ rows: [TraceabilityRow]) {
        let links = rows.flatMap(\.links)
        // No linked test: the scenario's "not verified" badge says so already.
        guard !links.isEmpty else { return }
        html += "<p class=\"links\"><b>\(e(labels.linkedTests)):</b> "
        guard !links.isEmpty else {
            html += "<span class=\"muted\">\(e(labels.noLinks))</span></p>"
            return
        }
        var seen: Set<String> = []
        html += links.filter { seen.insert($0.link.name).inserted }.map { check in
            let status = TraceabilityTable.testStatus(check)
            return "<code>\(e(check.link.test))</code> <span class=\"b \(status)\">\(e(labels.name(status)))</span>"
        }.joined(separator: " ")
        html += "</p>"
    }
}
