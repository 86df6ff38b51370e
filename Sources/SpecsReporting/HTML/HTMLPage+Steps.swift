import Foundation
import Gherkin
import Messages
import Traceability

/// A scenario's steps with their results, problems and attachments under each.
extension HTMLPage {
    /// A scenario's steps as data (`stepJSON`), with their results, problems and attachments;
    /// `before` the problems of its background's steps (list items), `after` its hooks'
    /// failures and attachments.
    func stepsJSON(_ scenario: Scenario, result: ScenarioResult) -> (steps: String, before: String, after: String) {
        var byAst: [String: StepResult] = [:]
        var hookAttachments: [Attachment] = []
        var beforeHookAttachments: [Attachment] = []
        var stepOf: [String: String] = [:]  // test step id -> AST step id
        var hooksBefore: Set<String> = []  // the test step ids of hooks before the first step
        var seenStep = false
        var after = ""
        for step in result.steps {
            if case .step = step.kind { seenStep = true } else if !seenStep { hooksBefore.insert(step.testStepId) }
            switch step.kind {
            case .step(let pickleStep, _, _):
                if let ast = pickleStep.astNodeIds.first {
                    byAst[ast] = step
                    stepOf[step.testStepId] = ast
                }
            case .hook:
                if ReportBook.needsAttention(step.status.rawValue.lowercased()) {
                    after += "<pre class=\"error\">\(e(step.text)): \(e(step.result?.message ?? ""))</pre>"
                }
            }
        }
        var attachmentsByStep: [String: [Attachment]] = [:]
        for attachment in result.attachments {
            if let id = attachment.testStepId, let ast = stepOf[id] {
                attachmentsByStep[ast, default: []].append(attachment)
            } else if let id = attachment.testStepId, hooksBefore.contains(id) {
                beforeHookAttachments.append(attachment)
            } else {
                hookAttachments.append(attachment)
            }
        }
        // Background steps come first in the pickle; the scenario shows its own steps as written.
        var before = ""
        for step in result.steps {
            guard case .step(let pickleStep, _, _) = step.kind, let ast = pickleStep.astNodeIds.first,
                !scenario.steps.contains(where: { $0.id == ast }),
                ReportBook.needsAttention(step.status.rawValue.lowercased())
            else { continue }
            let status = step.status.rawValue.lowercased()
            before +=
                "<li class=\"\(status)\"><span class=\"sr\">\(e(labels.name(status))): </span><b>\(e(step.keyword))</b>\(e(step.text))\(problem(step, result))</li>"
        }
        let steps = scenario.steps.map { step -> String in
            let found = byAst[step.id]
            let status = dryRun ? nil : found.map { $0.status.rawValue.lowercased() }
            var extra = found.map { problem($0, result) } ?? ""
            extra += attachmentsHTML(attachmentsByStep[step.id] ?? [])
            return stepJSON(step, status: status, extra: extra)
        }
        // What before-scenario hooks attached comes first, in the list of steps.
        if !beforeHookAttachments.isEmpty {
            before =
                "<li class=\"before\"><p class=\"muted\">\(e(labels.beforeScenario))</p>\(attachmentsHTML(beforeHookAttachments))</li>"
                + before
        }
        if !hookAttachments.isEmpty {
            after +=
                "<div class=\"after\"><p class=\"muted\">\(e(labels.afterScenario))</p>\(attachmentsHTML(hookAttachments))</div>"
        }
        return (ChapterJSON.array(steps), before, after)
    }

    /// The lines of a failure's message shown at once; the rest is folded under them.
    static let messageLinesShown = 6

    /// What went wrong at a step, worded for a reader; a snippet only in the folded developer part.
    func problem(_ step: StepResult, _ result: ScenarioResult) -> String {
        let status = step.status.rawValue.lowercased()
        guard !dryRun, ReportBook.needsAttention(status) else { return "" }
        if step.status == .undefined {
            let snippet = step.suggestion?.snippets.first?.code ?? ""
            return
                "<p class=\"note\">\(e(labels.notAutomated))</p><details class=\"dev\"><summary>\(e(labels.forDevelopers))</summary><pre>\(e(snippet))</pre></details>"
        }
        let message = (step.result?.message ?? labels.name(status)).split(
            separator: "\n", omittingEmptySubsequences: false)
        let shown = message.prefix(Self.messageLinesShown).joined(separator: "\n")
        var text =
            "<pre class=\"error\">\(e(shown))\n\(e(labels.at)) \(e(result.pickle.uri)):\(step.line ?? result.pickle.location.line)</pre>"
        if message.count > Self.messageLinesShown {
            let rest = message.dropFirst(Self.messageLinesShown)
            text +=
                "<details class=\"dev\"><summary>\(e(labels.moreLines(rest.count)))</summary><pre class=\"error\">\(e(rest.joined(separator: "\n")))</pre></details>"
        }
        if case .step(_, _, let definitions) = step.kind, let definition = definitions.first,
            let uri = definition.sourceReference.uri
        {
            let line = definition.sourceReference.location.map { ":\($0.line)" } ?? ""
            text += "<p class=\"muted place\">\(e(labels.definedAt)) <code>\(e(uri + line))</code></p>"
        }
        return text
    }

    func attachmentsHTML(_ attachments: [Attachment]) -> String {
        guard !attachments.isEmpty else { return "" }
        var text = "<div class=\"attachments\">"
        for attachment in attachments {
            if attachment.mediaType == "application/x-ndjson" || attachment.mediaType == "application/jsonl" {
                text += logTimeline(attachment.body)
            } else if attachment.contentEncoding == .base64 {
                text +=
                    "<p class=\"muted\">\(e(attachment.fileName ?? attachment.mediaType)) (\(attachment.body.count * 3 / 4) bytes)</p>"
            } else {
                text += "<pre>\(e(attachment.body))</pre>"
            }
        }
        return text + "</div>"
    }

    /// Log events (JSON lines) grouped by their traceId, in order.
    func logTimeline(_ body: String) -> String {
        var groups: [(trace: String, lines: [String])] = []
        for line in body.split(separator: "\n") {
            let event = (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
            let context = event?["context"] as? [String: String] ?? [:]
            let trace = context["traceId"] ?? "—"
            let summary = [
                event?["level"] as? String, event?["message"] as? String, context["error"].map { "error=\($0)" },
            ]
            .compactMap { $0 }.joined(separator: " ")
            if let index = groups.firstIndex(where: { $0.trace == trace }) {
                groups[index].lines.append(summary.isEmpty ? String(line) : summary)
            } else {
                groups.append((trace, [summary.isEmpty ? String(line) : summary]))
            }
        }
        var text = "<p class=\"muted\">\(e(labels.logTimeline))</p>"
        for group in groups {
            text +=
                "<div><span class=\"tag\">traceId \(e(group.trace))</span><ol>"
                + group.lines.map { "<li><code>\(e($0))</code></li>" }.joined() + "</ol></div>"
        }
        return text
    }
}
