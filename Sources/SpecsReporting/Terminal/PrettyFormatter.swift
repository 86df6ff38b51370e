import Gherkin
import Messages
import SpecsRunner

/// The default terminal output: each scenario as Gherkin in its feature's own
/// language, each step coloured by status, failures explained in place, then the
/// failures again and the summary. A background's steps are printed in full under the
/// first scenario that runs them, and under the others as one line when they all passed,
/// so that a run reads as a specification, not a log.
public final class PrettyFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let palette: Palette
    private var printedFeature: String?
    private var printedRule: String?
    /// The AST ids of the current feature's background steps (its own and its rules').
    private var backgroundSteps: Set<String> = []
    /// The backgrounds printed in full in the current feature, by their steps' ids.
    private var printedBackgrounds: Set<[String]> = []
    /// The current feature's background keyword, in its language.
    private var backgroundKeyword = "Background"
    private var problems: [(ScenarioResult, StepResult)] = []

    public init(output: ReportOutput, palette: Palette, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.palette = palette
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        switch envelope {
        case .testCaseFinished(let finished) where !finished.willBeRetried:
            guard let started = ledger.attempt(finished.testCaseStartedId),
                let result = ledger.scenarioResult(testCaseId: started.testCaseId)
            else { return }
            print(result)
        default:
            break
        }
    }

    public func finish() {
        if !problems.isEmpty {
            out.write("\n" + palette.paint("Failures:", .bold) + "\n")
            for (index, (scenario, step)) in problems.enumerated() {
                out.write(e("\n\(index + 1)) Scenario: \(scenario.pickle.name) # \(scenario.location)\n"))
                out.write(e("   Step: \(step.keyword)\(step.text)\n"))
                out.write(FailureText.explain(step, in: scenario, palette: palette, indent: "   "))
            }
        }
        out.write("\n" + SummaryText.render(ledger, palette: palette))
        out.flush()
    }

    private func print(_ result: ScenarioResult) {
        let uri = result.pickle.uri
        if printedFeature != uri, let feature = ledger.documents[uri]?.feature {
            printedFeature = uri
            printedRule = nil
            printedBackgrounds = []
            backgroundSteps = []
            feature.walk { block in
                if case .background(let background, _) = block {
                    backgroundSteps.formUnion(background.steps.map(\.id))
                    backgroundKeyword = background.keyword
                }
            }
            let tags = e(feature.tags.map(\.name).joined(separator: " "))
            if !tags.isEmpty { out.write(palette.paint(tags, .cyan) + "\n") }
            out.write(e("\(feature.keyword): \(feature.name)\n"))
        }
        if let rule = result.scenario?.rule, rule.id != printedRule {
            printedRule = rule.id
            out.write(e("\n  \(rule.keyword): \(rule.name)\n"))
        }
        out.write("\n")
        let scenario = result.scenario?.scenario
        let tags = e(result.pickle.tags.map(\.name).joined(separator: " "))
        if !tags.isEmpty { out.write("  " + palette.paint(tags, .cyan) + "\n") }
        let keyword = scenario?.keyword ?? "Scenario"
        let retry = result.attempt > 0 ? palette.paint(" (attempt \(result.attempt + 1))", .yellow) : ""
        out.write(
            e("  \(keyword): \(result.pickle.name)") + retry + " " + palette.paint(e("# \(result.location)"), .gray)
                + "\n")
        let attachments = Dictionary(grouping: result.attachments) { $0.testStepId ?? "" }
        let background = result.steps.compactMap { step -> String? in
            guard case .step(_, let ast?, _) = step.kind, backgroundSteps.contains(ast.id) else { return nil }
            return ast.id
        }
        let backgroundPassed = result.steps.allSatisfy { step in
            guard case .step(_, let ast?, _) = step.kind, backgroundSteps.contains(ast.id) else { return true }
            return step.status == .passed && (attachments[step.testStepId] ?? []).isEmpty
        }
        let collapse = !background.isEmpty && backgroundPassed && printedBackgrounds.contains(background)
        if !background.isEmpty { printedBackgrounds.insert(background) }
        if collapse {
            out.write(
                "    "
                    + palette.paint(
                        "(\(backgroundKeyword): \(background.count) step\(background.count == 1 ? "" : "s") passed, as above)",
                        .gray)
                    + "\n")
        }
        for step in result.steps {
            if collapse, case .step(_, let ast?, _) = step.kind, backgroundSteps.contains(ast.id) { continue }
            if case .hook = step.kind {
                if step.status != .passed && step.status != .skipped {
                    out.write(
                        "    " + palette.paint(e("Hook \(step.text)" + StepStatusText.suffix(step)), for: step.status)
                            + "\n")
                    out.write(FailureText.explain(step, in: result, palette: palette, indent: "      "))
                    problems.append((result, step))
                }
                writeAttachments(attachments[step.testStepId] ?? [], from: step)
                continue
            }
            out.write(
                "    " + palette.paint(e("\(step.keyword)\(step.text)" + StepStatusText.suffix(step)), for: step.status)
                    + "\n")
            if case .step(let pickleStep, _, _) = step.kind { writeArgument(pickleStep.argument) }
            if [.failed, .undefined, .ambiguous, .pending].contains(step.status) {
                out.write(FailureText.explain(step, in: result, palette: palette, indent: "      "))
                problems.append((result, step))
            }
            writeAttachments(attachments[step.testStepId] ?? [], from: step)
        }
        out.flush()
    }

    /// A step's text attachments and logs in full under it; other media as one line.
    private func writeAttachments(_ attachments: [Attachment], from step: StepResult) {
        for attachment in attachments {
            let source: String
            if case .hook(let hook) = step.kind {
                // A hook without a name is "a hook", not "hook hook".
                source = hook?.name.flatMap { $0.isEmpty ? nil : " from hook \($0)" } ?? " from a hook"
            } else {
                source = ""
            }
            if attachment.contentEncoding == .identity && attachment.mediaType.hasPrefix("text/") {
                for line in attachment.body.split(separator: "\n", omittingEmptySubsequences: false) {
                    out.write("      " + palette.paint(e(String(line)), .gray) + "\n")
                }
            } else {
                let name = attachment.fileName.map { " '\($0)'" } ?? ""
                out.write(
                    "      "
                        + palette.paint(
                            e("attached\(name)\(source): \(attachment.mediaType), \(attachment.body.utf8.count) bytes"),
                            .gray) + "\n")
            }
        }
    }

    private func writeArgument(_ argument: PickleStepArgument?) {
        if let table = argument?.dataTable {
            let rows = table.rows.map { $0.cells.map { e($0.value) } }
            let widths = (0..<(rows.map(\.count).max() ?? 0)).map { column in
                rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
            }
            for row in rows {
                let cells = row.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }
                out.write("      | " + cells.joined(separator: " | ") + " |\n")
            }
        }
        if let doc = argument?.docString {
            out.write(e("      \"\"\"\(doc.mediaType ?? "")\n"))
            for line in doc.content.split(separator: "\n", omittingEmptySubsequences: false) {
                out.write(e("      \(line)\n"))
            }
            out.write("      \"\"\"\n")
        }
    }

    /// Text from the features or the run, with its control characters written out.
    private func e(_ text: String) -> String { TerminalText.escape(text) }
}
