import Foundation
import Gherkin
import Messages
import Traceability

/// Builds the report's HTML text.
struct HTMLPage {
    let labels: ReportLabels
    private(set) var html = ""

    init(labels: ReportLabels) {
        self.labels = labels
        html.reserveCapacity(1 << 20)
    }

    private static func e(_ text: String) -> String { HTMLEscape.text(text) }

    mutating func render(ledger: RunLedger, report: TraceabilityReport) {
        let results = ledger.scenarioResults
        var rowsByTestCase: [String: TraceabilityRow] = [:]
        for (result, row) in zip(results, report.rows) { rowsByTestCase[result.testCaseId] = row }
        html += "<!DOCTYPE html><html lang=\"\(labels.language)\"><head><meta charset=\"utf-8\">"
        html += "<meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">"
        html += "<title>\(Self.e(labels.title))</title><style>\(ReportStyle.css)</style></head><body>"
        renderSummary(ledger: ledger, results: results, report: report)
        renderFilters(results)
        html += "<main><h2>\(Self.e(labels.features))</h2>"
        var byUri: [String: [ScenarioResult]] = [:]
        for result in results { byUri[result.pickle.uri, default: []].append(result) }
        for uri in ledger.documentOrder {
            guard let feature = ledger.documents[uri]?.feature, let scenarios = byUri[uri] else { continue }
            renderFeature(feature, uri: uri, scenarios: scenarios, rows: rowsByTestCase)
        }
        renderMatrix(report)
        html += "</main><script>\(ReportStyle.script)</script></body></html>\n"
    }

    private mutating func renderSummary(ledger: RunLedger, results: [ScenarioResult], report: TraceabilityReport) {
        var counts: [String: Int] = [:]
        var steps = 0
        for result in results {
            counts[result.status.rawValue.lowercased(), default: 0] += 1
            steps += result.steps.count
        }
        let started = ledger.runStarted.map { Date(timeIntervalSince1970: Double($0.seconds)) }
        let finished = ledger.runFinished?.timestamp
        let seconds = zip([ledger.runStarted], [finished]).compactMap { start, end -> Double? in
            guard let start, let end else { return nil }
            return Double(end.totalNanoseconds - start.totalNanoseconds) / 1e9
        }.first ?? 0
        html += "<header><h1>\(Self.e(labels.title))</h1><div class=\"cards\">"
        html += "<div class=\"card\"><span class=\"muted\">\(Self.e(labels.scenarios))</span><b>\(results.count)</b>"
        html += Self.order.compactMap { status in
            counts[status].map { "<span class=\"b \(status)\">\($0) \(Self.e(labels.name(status)))</span> " }
        }.joined() + "</div>"
        html += "<div class=\"card\"><span class=\"muted\">\(Self.e(labels.coverage))</span><b>\(String(format: "%.1f", report.coverage))%</b>"
        html += "<span class=\"muted\">\(report.coveredCount)/\(report.rows.count)</span></div>"
        html += "<div class=\"card\"><span class=\"muted\">\(Self.e(labels.steps))</span><b>\(steps)</b></div>"
        html += "<div class=\"card\"><span class=\"muted\">\(Self.e(labels.duration))</span><b>\(String(format: "%.3f", seconds)) s</b>"
        if let started {
            let formatter = ISO8601DateFormatter()
            html += "<span class=\"muted\">\(Self.e(labels.runAt)) \(Self.e(formatter.string(from: started)))</span>"
        }
        html += "</div>" + chart(counts, total: results.count) + "</div></header>"
    }

    static let order = ["passed", "failed", "ambiguous", "undefined", "pending", "skipped"]
    static let colors = ["passed": "#1e7f34", "failed": "#b42318", "ambiguous": "#7a2e8e", "undefined": "#a15c00", "pending": "#a15c00", "skipped": "#55606e"]

    /// A stacked bar of scenarios by status, as inline SVG.
    private func chart(_ counts: [String: Int], total: Int) -> String {
        guard total > 0 else { return "" }
        var svg = "<svg class=\"chart\" role=\"img\" aria-label=\"\(Self.e(labels.scenarios))\" width=\"320\" height=\"28\" viewBox=\"0 0 320 28\">"
        var x = 0.0
        for status in Self.order {
            guard let count = counts[status], count > 0 else { continue }
            let width = 320.0 * Double(count) / Double(total)
            svg += "<rect x=\"\(String(format: "%.2f", x))\" y=\"0\" width=\"\(String(format: "%.2f", width))\" height=\"28\" fill=\"\(Self.colors[status] ?? "#999")\">"
            svg += "<title>\(count) \(Self.e(labels.name(status)))</title></rect>"
            x += width
        }
        return svg + "</svg>"
    }

    private mutating func renderFilters(_ results: [ScenarioResult]) {
        let tags = Set(results.flatMap { $0.pickle.tags.map(\.name) }).sorted()
        html += "<div class=\"filters\" hidden><input id=\"q\" type=\"search\" placeholder=\"\(Self.e(labels.search))\">"
        html += "<select id=\"tag\"><option value=\"\">\(Self.e(labels.allTags))</option>"
        for tag in tags { html += "<option>\(Self.e(tag))</option>" }
        html += "</select>"
        for status in Self.order {
            html += "<label><input type=\"checkbox\" value=\"\(status)\" checked> \(Self.e(labels.name(status)))</label>"
        }
        html += "</div>"
    }

    private mutating func renderFeature(_ feature: Feature, uri: String, scenarios: [ScenarioResult], rows: [String: TraceabilityRow]) {
        html += "<section class=\"feature\"><h2>\(Self.e(feature.keyword)): \(Self.e(feature.name))</h2>"
        html += "<div class=\"muted\">\(Self.e(uri))"
        for tag in feature.tags { html += " <span class=\"tag\">\(Self.e(tag.name))</span>" }
        html += "</div>"
        if !feature.description.isEmpty { html += "<p class=\"desc\">\(Self.e(Self.dedent(feature.description)))</p>" }
        var currentRule: String?
        for scenario in scenarios {
            let rule = scenario.scenario?.rule
            if rule?.id != currentRule {
                if currentRule != nil { html += "</div>" }
                currentRule = rule?.id
                if let rule {
                    html += "<div class=\"rule\"><h3>\(Self.e(rule.keyword)): \(Self.e(rule.name))</h3>"
                    if !rule.description.isEmpty { html += "<p class=\"desc\">\(Self.e(Self.dedent(rule.description)))</p>" }
                }
            }
            renderScenario(scenario, row: rows[scenario.testCaseId])
        }
        if currentRule != nil { html += "</div>" }
        html += "</section>"
    }

    private mutating func renderScenario(_ result: ScenarioResult, row: TraceabilityRow?) {
        let status = result.status.rawValue.lowercased()
        let tags = result.pickle.tags.map(\.name)
        html += "<details class=\"sc \(status)\" data-status=\"\(status)\" data-tags=\"\(Self.e(tags.joined(separator: " ")))\""
        html += result.status == .passed ? ">" : " open>"
        html += "<summary>\(Self.e(result.scenario?.scenario.keyword ?? "Scenario")): \(Self.e(result.pickle.name)) "
        if result.pickle.astNodeIds.count > 1 { html += "<span class=\"muted\">#\(result.pickle.location.line)</span> " }
        html += "<span class=\"b \(status)\">\(Self.e(labels.name(status)))</span></summary>"
        html += "<div class=\"muted\">\(Self.e(result.location))"
        for tag in tags { html += " <span class=\"tag\">\(Self.e(tag))</span>" }
        html += "</div><ol class=\"steps\">"
        for step in result.steps {
            let stepStatus = step.status.rawValue.lowercased()
            if case .step(let pickleStep, _, _) = step.kind {
                html += "<li class=\"\(stepStatus)\"><span class=\"kw\">\(Self.e(step.keyword))</span>\(Self.e(step.text))"
                renderArgument(pickleStep.argument)
            } else {
                guard step.status != .passed && step.status != .skipped else { continue }
                html += "<li class=\"\(stepStatus)\"><span class=\"kw\">⚙ </span>\(Self.e(step.text))"
            }
            if [.failed, .ambiguous, .pending, .undefined].contains(step.status) {
                let message = step.status == .undefined ? (step.suggestion?.snippets.first?.code ?? "undefined") : (step.result?.message ?? stepStatus)
                html += "<pre class=\"error\">\(Self.e(message))\n\(Self.e(labels.at)) \(Self.e(result.pickle.uri)):\(step.line ?? result.pickle.location.line)</pre>"
            }
            html += "</li>"
        }
        html += "</ol>"
        renderLinks(row)
        renderAttachments(result.attachments)
        html += "</details>"
    }

    private mutating func renderArgument(_ argument: PickleStepArgument?) {
        if let table = argument?.dataTable {
            html += "<table>"
            for (index, row) in table.rows.enumerated() {
                let cell = index == 0 ? "th" : "td"
                html += "<tr>" + row.cells.map { "<\(cell)>\(Self.e($0.value))</\(cell)>" }.joined() + "</tr>"
            }
            html += "</table>"
        }
        if let doc = argument?.docString {
            html += "<pre\(doc.mediaType.map { " data-media-type=\"\(Self.e($0))\"" } ?? "")>\(Self.e(doc.content))</pre>"
        }
    }

    private mutating func renderLinks(_ row: TraceabilityRow?) {
        html += "<div class=\"links\"><b>\(Self.e(labels.linkedTests)):</b> "
        guard let row, !row.links.isEmpty else {
            html += "<span class=\"muted\">\(Self.e(labels.noLinks))</span></div>"
            return
        }
        html += row.links.map { check in
            let status = TraceabilityTable.testStatus(check)
            return "<code>\(Self.e(check.link.name))</code> <span class=\"b \(status)\">\(Self.e(labels.name(status)))</span>"
        }.joined(separator: " ")
        html += "</div>"
    }

    private mutating func renderAttachments(_ attachments: [Attachment]) {
        guard !attachments.isEmpty else { return }
        html += "<div class=\"timeline\"><b>\(Self.e(labels.attachments))</b>"
        for attachment in attachments {
            if attachment.mediaType == "application/x-ndjson" || attachment.mediaType == "application/jsonl" {
                renderLogTimeline(attachment.body)
            } else if attachment.contentEncoding == .base64 {
                html += "<div class=\"muted\">\(Self.e(attachment.fileName ?? attachment.mediaType)) (\(attachment.body.count * 3 / 4) bytes)</div>"
            } else {
                html += "<pre data-media-type=\"\(Self.e(attachment.mediaType))\">\(Self.e(attachment.body))</pre>"
            }
        }
        html += "</div>"
    }

    /// Log events (JSON lines) grouped by their traceId, in order.
    private mutating func renderLogTimeline(_ body: String) {
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
        html += "<h4>\(Self.e(labels.logTimeline))</h4>"
        for group in groups {
            html += "<div><span class=\"tag\">traceId \(Self.e(group.trace))</span><ol>"
            for line in group.lines { html += "<li><code>\(Self.e(line))</code></li>" }
            html += "</ol></div>"
        }
    }

    private mutating func renderMatrix(_ report: TraceabilityReport) {
        html += "<h2>\(Self.e(labels.traceability))</h2><p><b>\(Self.e(labels.coverage)): \(String(format: "%.1f", report.coverage))%</b> "
        html += "(\(report.coveredCount)/\(report.rows.count))</p><table class=\"matrix\"><tr><th>\(Self.e(labels.scenario))</th>"
        html += "<th>\(Self.e(labels.test))</th><th>\(Self.e(labels.component))</th><th>\(Self.e(labels.testStatus))</th>"
        html += "<th>\(Self.e(labels.scenarioStatus))</th><th></th></tr>"
        for row in report.rows {
            let status = row.scenario.status.rawValue.lowercased()
            html += "<tr><td>\(Self.e(row.scenario.name))<div class=\"muted\">\(Self.e(row.scenario.uri)):\(row.scenario.line)</div></td>"
            html += "<td>" + (row.links.isEmpty ? "—" : row.links.map { "<code>\(Self.e($0.link.test))</code>" }.joined(separator: "<br>")) + "</td>"
            html += "<td>\(Self.e(row.components.joined(separator: ", ").ifEmpty("—")))</td><td>"
            html += row.links.map { let s = TraceabilityTable.testStatus($0); return "<span class=\"b \(s)\">\(Self.e(labels.name(s)))</span>" }.joined(separator: " ")
            html += "</td><td><span class=\"b \(status)\">\(Self.e(labels.name(status)))</span></td><td>"
            html += row.covered ? "✔ \(Self.e(labels.covered))" : "✘ \(Self.e(labels.notCovered)): \(Self.e(row.reasons.joined(separator: "; ")))"
            html += "</td></tr>"
        }
        html += "</table>"
        if !report.unlinkedTests.isEmpty {
            html += "<h3>\(Self.e(labels.unlinkedTests))</h3><p>" + report.unlinkedTests.map { "<code>\(Self.e($0.description))</code>" }.joined(separator: " ") + "</p>"
        }
    }

    /// A description without the indentation it has in the file.
    static func dedent(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { String($0.dropFirst(min(indent, $0.prefix { $0 == " " }.count))) }.joined(separator: "\n")
    }
}
