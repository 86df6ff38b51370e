import Foundation
import Gherkin
import Messages
import SpecsRunner

/// The legacy Cucumber JSON report (features → elements → steps, durations in
/// nanoseconds, tags, embeddings), as Jenkins cucumber-reports and Xray read it.
///
/// Each feature is written when the run closes its document, from the results taken as
/// each scenario ended: the report holds the features in flight, not the run. Features
/// never closed (a stream read from files) are written at the end. Given the run's verdict
/// (`board`), its cases (`VerdictCases`: a file that does not parse, a failed run that no
/// failed scenario shows) end the report as a feature `specs` whose scenarios failed, so that a
/// failed run or merge never reads as all passed.
package final class CucumberJSONFormatter: VerdictReader {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    /// Whether no feature has been written yet.
    private var first = true

    private var features = FeatureResults()
    private let board: VerdictBoard?
    /// How many scenarios written failed (the run's verdict shows why those it never started did not run).
    private var failures = 0

    /// Writes to `output`; with `board`, the end waits for the verdict posted there.
    package init(output: ReportOutput, ledger shared: RunLedger? = nil, verdict board: VerdictBoard? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.board = board
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        features.take(envelope, from: ledger)
    }

    package func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        if let closed = features.close(uri, from: ledger) { write(closed) }
    }

    /// Writes the features left, which do not depend on the verdict.
    package func prepare() {
        for closed in features.closeAll(from: ledger) { write(closed) }
        out.flush()
    }

    package func finish() {
        prepare()
        let cases = VerdictCases.cases(
            of: board?.verdict(or: ledger) ?? RunVerdict(ledger.result), failedScenarios: failures)
        if !cases.isEmpty { writeVerdict(cases) }
        out.write(first ? "[\n\n]\n" : "\n]\n")
        out.close()
    }

    /// The verdict's cases, as scenarios of a feature `specs`, each problem a failed step.
    private func writeVerdict(_ cases: [VerdictCases.Case]) {
        var json = PrettyJSON(depth: 1)
        json.object { json in
            json.field("description", "")
            json.key("elements")
            json.array(cases) { json, verdictCase in
                json.object { json in
                    json.key("after")
                    json.array([Int]()) { _, _ in }
                    json.key("before")
                    json.array([Int]()) { _, _ in }
                    json.field("description", "")
                    json.field("id", "specs;" + Self.slug(verdictCase.name))
                    json.field("keyword", "Scenario")
                    json.field("line", 0)
                    json.field("name", verdictCase.name)
                    json.key("steps")
                    json.array(verdictCase.problems) { json, problem in
                        json.object { json in
                            json.field("keyword", "* ")
                            json.field("line", 0)
                            json.field("name", verdictCase.type)
                            json.key("result")
                            json.object { json in
                                json.field("duration", 0)
                                json.field("error_message", problem)
                                json.field("status", "failed")
                            }
                        }
                    }
                    json.key("tags")
                    json.array([Int]()) { _, _ in }
                    json.field("type", "scenario")
                }
            }
            json.field("id", "specs")
            json.field("keyword", "Feature")
            json.field("line", 0)
            json.field("name", "specs")
            json.key("tags")
            json.array([Int]()) { _, _ in }
            json.field("uri", "specs")
        }
        out.write(first ? "[\n  " : ",\n  ")
        first = false
        out.write(bytes: json.bytes)
    }

    /// Writes a closed document's feature with its scenarios, as an element of the array.
    private func write(_ closed: FeatureResults.Closed) {
        let feature = closed.feature
        let featureId = Self.slug(feature.name)
        var json = PrettyJSON(depth: 1)
        json.object { json in
            json.field("description", feature.description)
            json.key("elements")
            json.array(closed.results) { json, result in element(result, featureId: featureId, into: &json) }
            json.field("id", featureId)
            json.field("keyword", feature.keyword)
            json.field("line", feature.location.line)
            json.field("name", feature.name)
            json.key("tags")
            json.array(feature.tags) { json, tag in Self.tag(tag.name, line: tag.location.line, into: &json) }
            json.field("uri", closed.uri)
        }
        out.write(first ? "[\n  " : ",\n  ")
        first = false
        out.write(bytes: json.bytes)
    }

    /// A scenario: its fields in sorted order, as the report has always had them.
    private func element(_ result: ScenarioResult, featureId: String, into json: inout PrettyJSON) {
        var before: [StepResult] = []
        var after: [StepResult] = []
        var steps: [StepResult] = []
        for step in result.steps {
            switch step.kind {
            case .hook: if steps.isEmpty { before.append(step) } else { after.append(step) }
            case .step: steps.append(step)
            }
        }
        let embeddings = Dictionary(grouping: result.attachments, by: { $0.testStepId ?? "" })
        let scenario = result.scenario?.scenario
        switch result.status {
        case .failed, .ambiguous, .undefined, .pending, .unknown: failures += 1
        default: break
        }
        json.object { json in
            json.key("after")
            json.array(after) { json, hook in Self.hook(hook, into: &json) }
            json.key("before")
            json.array(before) { json, hook in Self.hook(hook, into: &json) }
            json.field("description", scenario?.description ?? "")
            // A scenario that passed only on a retry says so (a field other readers skip).
            json.field("flaky", result.isFlaky ? "passed on retry \(result.attempt)" : nil)
            json.field(
                "id",
                featureId + ";" + Self.slug(result.pickle.name)
                    + (result.pickle.astNodeIds.count > 1 ? ";;\(result.pickle.location.line)" : ""))
            json.field("keyword", scenario?.keyword ?? "Scenario")
            json.field("line", result.pickle.location.line)
            json.field("name", result.pickle.name)
            // A scenario that never finished (a stream cut short) fails at the step it was
            // running, saying why: the report's readers judge a scenario by its steps alone.
            var unfinished: (step: Int, message: String)?
            if result.status == .unknown, !steps.contains(where: { $0.status.failsRun }), !steps.isEmpty {
                let step = steps.firstIndex { $0.result == nil } ?? steps.count - 1
                unfinished = (step, "the scenario never finished: \(result.unsound ?? "its stream ends before it did")")
            } else if let notRun = result.notRunMessage, !steps.isEmpty {
                // Nor is one the run never started a skip of its own: it fails at its first step.
                unfinished = (0, notRun)
            }
            json.key("steps")
            json.array(steps.enumerated()) { json, entry in
                let (index, step) = entry
                Self.step(
                    step, embeddings: embeddings[step.testStepId] ?? [],
                    failing: unfinished?.step == index ? unfinished?.message : nil, into: &json)
            }
            json.key("tags")
            json.array(result.pickle.tags.enumerated()) { json, entry in
                let (index, tag) = entry
                let line = result.tagLocations.indices.contains(index) ? result.tagLocations[index]?.line ?? 0 : 0
                Self.tag(tag.name, line: line, into: &json)
            }
            json.field("type", "scenario")
        }
    }

    /// A step; `failing`: it is written failed with that message (the scenario never finished).
    private static func step(
        _ step: StepResult, embeddings: [Attachment], failing: String? = nil, into json: inout PrettyJSON
    ) {
        guard case .step(let pickleStep, let ast, let definitions) = step.kind else { return }
        json.object { json in
            if let docString = pickleStep.argument?.docString {
                json.key("doc_string")
                json.object { json in
                    json.field("content_type", docString.mediaType ?? "")
                    json.field("line", ast?.docString?.location.line ?? 0)
                    json.field("value", docString.content)
                }
            }
            if !embeddings.isEmpty {
                json.key("embeddings")
                json.array(embeddings) { json, attachment in
                    json.object { json in
                        json.field(
                            "data",
                            attachment.contentEncoding == .base64
                                ? attachment.body : Data(attachment.body.utf8).base64EncodedString())
                        json.field("mime_type", attachment.mediaType)
                        json.field("name", attachment.fileName)
                    }
                }
            }
            json.field("keyword", ast?.keyword ?? "* ")
            json.field("line", ast?.location.line ?? 0)
            if let definition = definitions.first {
                match(definition.sourceReference, into: &json)
            }
            json.field("name", pickleStep.text)
            result(step, failing: failing, into: &json)
            if let table = pickleStep.argument?.dataTable {
                json.key("rows")
                json.array(table.rows) { json, row in
                    json.object { json in
                        json.key("cells")
                        json.array(row.cells) { json, cell in json.string(cell.value) }
                    }
                }
            }
        }
    }

    private static func hook(_ step: StepResult, into json: inout PrettyJSON) {
        guard case .hook(let hook) = step.kind else { return }
        json.object { json in
            match(hook?.sourceReference, into: &json)
            result(step, into: &json)
        }
    }

    /// `"match" : { "location" : "FILE:LINE" }`; empty for a hook the stream did not describe.
    private static func match(_ reference: SourceReference?, into json: inout PrettyJSON) {
        json.key("match")
        json.object { json in
            json.field("location", reference.map { "\($0.uri ?? ""):\($0.location?.line ?? 0)" } ?? "")
        }
    }

    private static func result(_ step: StepResult, failing: String? = nil, into json: inout PrettyJSON) {
        json.key("result")
        json.object { json in
            json.field("duration", step.result?.duration.totalNanoseconds ?? 0)
            json.field("error_message", failing ?? step.result?.message)
            json.field("status", failing != nil ? "failed" : step.status.rawValue.lowercased())
        }
    }

    private static func tag(_ name: String, line: Int, into json: inout PrettyJSON) {
        json.object { json in
            json.field("line", line)
            json.field("name", name)
        }
    }

    static func slug(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }
}
