import Foundation
import Gherkin
import Messages
import Traceability

/// Builds the report's HTML text: the verdict first, then what needs attention, then the
/// requirements book (folders, features, rules, scenarios as written, outlines with their
/// examples and a result per row), and the developer detail folded away at the end.
struct HTMLPage {
    let labels: ReportLabels
    let title: String
    let dryRun: Bool
    let history: RunHistory.Marks
    private(set) var html = ""

    init(labels: ReportLabels, title: String, dryRun: Bool, history: RunHistory.Marks = RunHistory.Marks()) {
        self.labels = labels
        self.title = title
        self.dryRun = dryRun
        self.history = history
        html.reserveCapacity(1 << 20)
    }

    static func e(_ text: String) -> String { HTMLEscape.text(text) }
    private func e(_ text: String) -> String { HTMLEscape.text(text) }

    mutating func render(ledger: RunLedger, report: TraceabilityReport) {
        let book = ReportBook(ledger: ledger, report: report)
        html += "<!DOCTYPE html><html lang=\"\(labels.language)\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
        html += "<title>\(e(title)) · \(e(labels.title))</title><style>\(ReportStyle.css)</style></head><body>"
        renderHeader(ledger: ledger, book: book, report: report)
        html += "<div class=\"layout\">"
        renderContents(book)
        html += "<main id=\"book\">"
        renderAttention(book)
        renderFilters(book)
        for folder in book.folders {
            if book.folders.count > 1 { html += "<p class=\"folder\" id=\"d-\(ReportBook.anchor(folder.path))\">\(e(folder.path))/</p>" }
            for feature in folder.features { renderFeature(feature) }
        }
        renderDeveloperDetail(report)
        html += "</main></div><script>\(ReportStyle.script)</script></body></html>\n"
    }

    // MARK: Verdict

    private mutating func renderHeader(ledger: RunLedger, book: ReportBook, report: TraceabilityReport) {
        let results = book.scenarios.flatMap(\.results)
        var counts: [String: Int] = [:]
        var steps = 0
        for result in results {
            counts[ReportBook.status(result), default: 0] += 1
            steps += result.steps.filter { if case .step = $0.kind { true } else { false } }.count
        }
        let attention = results.filter { ReportBook.needsAttention(ReportBook.status($0)) }.count
        let verified = book.scenarios.flatMap(\.rows).filter(\.covered).count
        let rows = book.scenarios.flatMap(\.rows).count
        let unverified = book.scenarios.flatMap(\.results).count - attention - verified
        html += "<header role=\"banner\"><p class=\"kicker\">\(e(dryRun ? labels.specificationOnly : labels.title))</p>"
        html += "<h1>\(e(title))</h1>"
        if let started = ledger.runStarted {
            let date = Date(timeIntervalSince1970: Double(started.seconds))
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: labels.language)
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd HH:mm 'UTC'"
            html += "<p class=\"muted\">\(e(labels.runAt)) <time datetime=\"\(ISO8601DateFormatter().string(from: date))\">\(e(formatter.string(from: date)))</time></p>"
        }
        let good = !dryRun && attention == 0 && unverified <= 0 && !results.isEmpty
        html += "<p class=\"verdict \(good ? "good" : "bad")\" role=\"status\">"
        html += e(labels.verdict(total: results.count, attention: attention, unverified: max(0, unverified), dryRun: dryRun)) + "</p>"
        html += "<dl class=\"cards\">"
        html += "<div class=\"card\"><dt>\(e(labels.scenarios))</dt><dd>\(results.count)</dd></div>"
        for status in ReportBook.severity.reversed() where (counts[status] ?? 0) > 0 {
            html += "<div class=\"card \(status)\"><dt>\(e(labels.name(status)))</dt><dd>\(counts[status] ?? 0)</dd></div>"
        }
        if rows > 0 {
            let figure = String(format: "%.0f", report.coverage)
            html += "<div class=\"card\"><dt>\(e(labels.coverage))</dt><dd>\(figure)%</dd><dd class=\"muted\">\(verified)/\(rows)</dd></div>"
        }
        html += "<div class=\"card\"><dt>\(e(labels.steps))</dt><dd>\(steps)</dd></div>"
        if let start = ledger.runStarted, let end = ledger.runFinished?.timestamp {
            html += "<div class=\"card\"><dt>\(e(labels.duration))</dt><dd>\(String(format: "%.1f", Double(end.totalNanoseconds - start.totalNanoseconds) / 1e9)) s</dd></div>"
        }
        html += "</dl>" + bar(counts, label: labels.scenarios)
        if !history.trend.isEmpty { renderTrend() }
        html += "</header>"
    }

    private mutating func renderTrend() {
        let points = history.trend
        html += "<figure class=\"trend\"><figcaption>\(e(labels.trend))</figcaption>"
        let width = 320.0, height = 60.0
        func path(_ values: [Double]) -> String {
            values.enumerated().map { index, value in
                let x = points.count == 1 ? width / 2 : width * Double(index) / Double(points.count - 1)
                return String(format: "%.1f,%.1f", x, height - value / 100 * (height - 4) - 2)
            }.joined(separator: " ")
        }
        html += "<svg role=\"img\" aria-label=\"\(e(labels.trend))\" viewBox=\"0 0 320 60\" width=\"320\" height=\"60\">"
        html += "<polyline fill=\"none\" stroke=\"#1e7f34\" stroke-width=\"2\" points=\"\(path(points.map(\.passRate)))\"><title>\(e(labels.passRate))</title></polyline>"
        html += "<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"2\" stroke-dasharray=\"4 3\" points=\"\(path(points.map(\.coverage)))\"><title>\(e(labels.coverage))</title></polyline></svg>"
        html += "<ul class=\"legend\"><li class=\"pass\">\(e(labels.passRate)) \(String(format: "%.0f", points.last?.passRate ?? 0))%</li>"
        html += "<li class=\"cov\">\(e(labels.coverage)) \(String(format: "%.0f", points.last?.coverage ?? 0))%</li></ul></figure>"
    }

    /// A bar of results by status, with its numbers as text for readers that do not see it.
    private func bar(_ counts: [String: Int], label: String) -> String {
        let total = counts.values.reduce(0, +)
        guard total > 0 else { return "" }
        let words = ReportBook.severity.reversed().compactMap { status in counts[status].map { "\(labels.name(status)) \($0)" } }
        var text = "<div class=\"bar\" role=\"img\" aria-label=\"\(e(label)): \(e(words.joined(separator: ", ")))\">"
        for status in ReportBook.severity.reversed() {
            guard let count = counts[status], count > 0 else { continue }
            text += "<span class=\"\(status)\" style=\"width:\(String(format: "%.3f", 100 * Double(count) / Double(total)))%\"></span>"
        }
        return text + "</div>"
    }

    private func counts(_ entries: [ReportBook.ScenarioEntry]) -> [String: Int] {
        var counts: [String: Int] = [:]
        for entry in entries { for result in entry.results { counts[ReportBook.status(result), default: 0] += 1 } }
        return counts
    }

    // MARK: Contents and attention

    /// Past this many scenarios the contents list features and rules only: the book itself
    /// has every scenario, and a contents of thousands of lines helps nobody.
    static let contentsScenarioLimit = 400

    private mutating func renderContents(_ book: ReportBook) {
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

    private func contentsLine(_ entry: ReportBook.ScenarioEntry) -> String {
        "<li><a class=\"st \(entry.status)\" href=\"#\(entry.anchor)\"><span class=\"dot\" aria-hidden=\"true\"></span>\(e(entry.scenario.name))</a></li>"
    }

    private mutating func renderAttention(_ book: ReportBook) {
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

    private mutating func renderFilters(_ book: ReportBook) {
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

    // MARK: The book

    private mutating func renderFeature(_ entry: ReportBook.FeatureEntry) {
        let feature = entry.feature
        html += "<section class=\"feature\" id=\"f-\(ReportBook.anchor(entry.uri))\" aria-labelledby=\"h-\(ReportBook.anchor(entry.uri))\">"
        html += "<h2 id=\"h-\(ReportBook.anchor(entry.uri))\"><span class=\"kw\">\(e(feature.keyword)):</span> \(e(feature.name))</h2>"
        html += "<p class=\"muted\">\(e(entry.uri))" + tagList(feature.tags.map(\.name)) + "</p>"
        html += bar(counts(entry.scenarios), label: feature.name) + coverageLine(entry.scenarios)
        if !feature.description.isEmpty { html += "<p class=\"desc\">\(e(Self.dedent(feature.description)))</p>" }
        for child in feature.children {
            if case .background(let background) = child {
                html += "<div class=\"background\"><h3><span class=\"kw\">\(e(background.keyword)):</span> \(e(background.name))</h3>"
                html += "<ol class=\"steps\">" + background.steps.map { writtenStep($0, status: nil) }.joined() + "</ol></div>"
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
    private func coverageLine(_ entries: [ReportBook.ScenarioEntry]) -> String {
        guard !dryRun, !entries.isEmpty else { return "" }
        let verified = entries.filter(\.covered).count
        return "<p class=\"muted cov\">\(e(labels.coverage)): \(verified)/\(entries.count)</p>"
    }

    private func tagList(_ tags: [String]) -> String {
        tags.filter { !$0.hasPrefix(TestLink.tagPrefix) }.map { " <span class=\"tag\">\(e($0))</span>" }.joined()
    }

    private mutating func renderScenario(_ entry: ReportBook.ScenarioEntry, heading: String) {
        let scenario = entry.scenario
        let status = dryRun ? "not-run" : entry.status
        let tags = entry.results.first?.pickle.tags.map(\.name) ?? []
        html += "<article class=\"sc \(status)\" id=\"\(entry.anchor)\" data-status=\"\(status)\">"
        html += "<\(heading)><span class=\"kw\">\(e(scenario.keyword)):</span> \(e(scenario.name)) "
        html += "<span class=\"b \(status)\">\(e(labels.name(status)))</span>"
        if !entry.rows.isEmpty {
            // Before a run (--dry-run) a scenario is verified when its linked tests passed.
            let verified = dryRun
                ? entry.rows.allSatisfy { !$0.links.isEmpty && $0.links.allSatisfy { $0.outcome == .passed } }
                : entry.covered
            if verified || !dryRun || entry.rows.contains(where: { !$0.links.isEmpty }) {
                html += verified ? " <span class=\"b verified\">✔ \(e(labels.covered))</span>" : " <span class=\"b unverified\">\(e(labels.notCovered))</span>"
            }
        }
        for mark in history.marks(for: entry.results.map { RunHistory.key($0) }) { html += " <span class=\"b mark\">\(e(mark(labels)))</span>" }
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
    private func writtenStep(_ step: Step, status: String?, extra: String = "") -> String {
        var text = status.map { $0 == "passed" ? "<li>" : "<li class=\"\($0)\">" } ?? "<li>"
        // The mark before a step is drawn by the stylesheet; a step that did not pass also says so in words.
        if let status, status != "passed" { text += "<span class=\"sr\">\(e(labels.name(status))): </span>" }
        text += "<b>\(e(step.keyword))</b>\(e(step.text))"
        if let table = step.dataTable { text += tableHTML(table.rows.map { $0.cells.map(\.value) }, header: true) }
        if let doc = step.docString { text += "<pre>\(e(doc.content))</pre>" }
        return text + extra + "</li>"
    }

    private func tableHTML(_ rows: [[String]], header: Bool, extra: [String]? = nil, extraHeading: String? = nil) -> String {
        var text = "<div class=\"scroll\"><table>"
        for (index, row) in rows.enumerated() {
            let cell = header && index == 0 ? "th" : "td"
            text += "<tr>" + row.map { "<\(cell)>\(e($0))</\(cell)>" }.joined()
            if let extra { text += index == 0 && header ? "<th>\(e(extraHeading ?? ""))</th>" : "<td>\(extra[index - (header ? 1 : 0)])</td>" }
            text += "</tr>"
        }
        return text + "</table></div>"
    }

    /// The scenario's steps with their results, problems and attachments under each.
    private mutating func renderSteps(_ scenario: Scenario, result: ScenarioResult) {
        var byAst: [String: StepResult] = [:]
        var hookAttachments: [Attachment] = []
        var stepOf: [String: String] = [:] // test step id -> AST step id
        var hookFailures = ""
        for step in result.steps {
            switch step.kind {
            case .step(let pickleStep, _, _):
                if let ast = pickleStep.astNodeIds.first {
                    byAst[ast] = step
                    stepOf[step.testStepId] = ast
                }
            case .hook:
                if ReportBook.needsAttention(step.status.rawValue.lowercased()) {
                    hookFailures += "<pre class=\"error\">\(e(step.text)): \(e(step.result?.message ?? ""))</pre>"
                }
            }
        }
        var attachmentsByStep: [String: [Attachment]] = [:]
        for attachment in result.attachments {
            if let id = attachment.testStepId, let ast = stepOf[id] { attachmentsByStep[ast, default: []].append(attachment) } else { hookAttachments.append(attachment) }
        }
        // Background steps come first in the pickle; the scenario shows its own steps as written.
        let backgroundSteps = result.steps.compactMap { step -> StepResult? in
            guard case .step(let pickleStep, _, _) = step.kind, let ast = pickleStep.astNodeIds.first,
                  !scenario.steps.contains(where: { $0.id == ast }) else { return nil }
            return step
        }
        html += dryRun ? "<ol class=\"steps\">" : "<ol class=\"steps run\">"
        for step in backgroundSteps where ReportBook.needsAttention(step.status.rawValue.lowercased()) {
            html += "<li class=\"\(step.status.rawValue.lowercased())\"><b>\(e(step.keyword))</b>\(e(step.text))\(problem(step, result))</li>"
        }
        for step in scenario.steps {
            let found = byAst[step.id]
            let status = dryRun ? nil : found.map { $0.status.rawValue.lowercased() }
            var extra = found.map { problem($0, result) } ?? ""
            extra += attachmentsHTML(attachmentsByStep[step.id] ?? [])
            html += writtenStep(step, status: status, extra: extra)
        }
        html += "</ol>" + hookFailures
        if !hookAttachments.isEmpty {
            html += "<div class=\"after\"><p class=\"muted\">\(e(labels.afterScenario))</p>\(attachmentsHTML(hookAttachments))</div>"
        }
    }

    /// What went wrong at a step, worded for a reader; a snippet only in the folded developer part.
    private func problem(_ step: StepResult, _ result: ScenarioResult) -> String {
        let status = step.status.rawValue.lowercased()
        guard !dryRun, ReportBook.needsAttention(status) else { return "" }
        if step.status == .undefined {
            let snippet = step.suggestion?.snippets.first?.code ?? ""
            return "<p class=\"note\">\(e(labels.notAutomated))</p><details class=\"dev\"><summary>\(e(labels.forDevelopers))</summary><pre>\(e(snippet))</pre></details>"
        }
        let message = step.result?.message ?? labels.name(status)
        return "<pre class=\"error\">\(e(message))\n\(e(labels.at)) \(e(result.pickle.uri)):\(step.line ?? result.pickle.location.line)</pre>"
    }

    private mutating func renderExamples(_ entry: ReportBook.ScenarioEntry) {
        var resultByRow: [String: ScenarioResult] = [:]
        for result in entry.results where result.pickle.astNodeIds.count > 1 { resultByRow[result.pickle.astNodeIds[1]] = result }
        for examples in entry.scenario.examples {
            guard let header = examples.tableHeader else { continue }
            html += "<div class=\"examples\"><h5><span class=\"kw\">\(e(examples.keyword)):</span> \(e(examples.name))</h5>"
            let body = examples.tableBody
            let statuses = body.map { row -> String in
                guard let result = resultByRow[row.id] else { return "" }
                let status = dryRun ? "not-run" : ReportBook.status(result)
                var cell = "<span class=\"b \(status)\">\(e(labels.name(status)))</span>"
                if !dryRun, ReportBook.needsAttention(status), let failing = result.failure {
                    cell += "<details><summary>\(e(failing.keyword + failing.text))</summary>\(problem(failing, result))</details>"
                }
                return cell
            }
            html += tableHTML([header.cells.map(\.value)] + body.map { $0.cells.map(\.value) }, header: true, extra: statuses, extraHeading: labels.result)
            html += "</div>"
        }
    }

    private mutating func renderLinks(_ rows: [TraceabilityRow]) {
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

    private func attachmentsHTML(_ attachments: [Attachment]) -> String {
        guard !attachments.isEmpty else { return "" }
        var text = "<div class=\"attachments\">"
        for attachment in attachments {
            if attachment.mediaType == "application/x-ndjson" || attachment.mediaType == "application/jsonl" {
                text += logTimeline(attachment.body)
            } else if attachment.contentEncoding == .base64 {
                text += "<p class=\"muted\">\(e(attachment.fileName ?? attachment.mediaType)) (\(attachment.body.count * 3 / 4) bytes)</p>"
            } else {
                text += "<pre>\(e(attachment.body))</pre>"
            }
        }
        return text + "</div>"
    }

    /// Log events (JSON lines) grouped by their traceId, in order.
    private func logTimeline(_ body: String) -> String {
        var groups: [(trace: String, lines: [String])] = []
        for line in body.split(separator: "\n") {
            let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            let context = event?["context"] as? [String: String] ?? [:]
            let trace = context["traceId"] ?? "—"
            let summary = [event?["level"] as? String, event?["message"] as? String, context["error"].map { "error=\($0)" }]
                .compactMap { $0 }.joined(separator: " ")
            if let index = groups.firstIndex(where: { $0.trace == trace }) {
                groups[index].lines.append(summary.isEmpty ? String(line) : summary)
            } else {
                groups.append((trace, [summary.isEmpty ? String(line) : summary]))
            }
        }
        var text = "<p class=\"muted\">\(e(labels.logTimeline))</p>"
        for group in groups {
            text += "<div><span class=\"tag\">traceId \(e(group.trace))</span><ol>" + group.lines.map { "<li><code>\(e($0))</code></li>" }.joined() + "</ol></div>"
        }
        return text
    }

    // MARK: Developer detail

    private mutating func renderDeveloperDetail(_ report: TraceabilityReport) {
        html += "<details class=\"developer\"><summary>\(e(labels.developerDetail))</summary>"
        html += "<h2>\(e(labels.traceability))</h2><div class=\"scroll\"><table class=\"matrix\"><tr><th>\(e(labels.scenario))</th>"
        html += "<th>\(e(labels.test))</th><th>\(e(labels.component))</th><th>\(e(labels.testStatus))</th>"
        html += "<th>\(e(labels.scenarioStatus))</th><th></th></tr>"
        for row in report.rows {
            let status = row.scenario.status.rawValue.lowercased()
            html += "<tr><td>\(e(row.scenario.name))<div class=\"muted\">\(e(row.scenario.uri)):\(row.scenario.line)</div></td>"
            html += "<td>" + (row.links.isEmpty ? "—" : row.links.map { "<code>\(e($0.link.tag))</code>" }.joined(separator: "<br>")) + "</td>"
            html += "<td>\(e(row.components.joined(separator: ", ").ifEmpty("—")))</td><td>"
            html += row.links.map { let s = TraceabilityTable.testStatus($0); return "<span class=\"b \(s)\">\(e(labels.name(s)))</span>" }.joined(separator: " ")
            html += "</td><td><span class=\"b \(status)\">\(e(labels.name(status)))</span></td><td>"
            html += row.covered ? "✔ \(e(labels.covered))" : "✘ \(e(labels.notCovered)): \(e(row.reasons.joined(separator: "; ")))"
            html += "</td></tr>"
        }
        html += "</table></div>"
        if !report.unlinkedTests.isEmpty {
            html += "<h3>\(e(labels.unlinkedTests))</h3><ul class=\"unlinked\">" + report.unlinkedTests.map { "<li><code>\(e($0.description))</code></li>" }.joined() + "</ul>"
        }
        html += "</details>"
    }

    /// A description without the indentation it has in the file.
    static func dedent(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
