import Foundation
import Gherkin
import Messages
import SpecsRunner

/// The legacy Cucumber JSON report (features → elements → steps, durations in
/// nanoseconds, tags, embeddings), as Jenkins cucumber-reports and Xray read it.
///
/// Each feature is written when the run closes its document, from the results taken as
/// each scenario ended: the report holds the features in flight, not the run. Features
/// never closed (a stream read from files) are written at the end.
public final class CucumberJSONFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    /// Whether no feature has been written yet.
    private var first = true

    private var features = FeatureResults()

    public init(output: ReportOutput, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        features.take(envelope, from: ledger)
    }

    public func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        if let closed = features.close(uri, from: ledger) { write(closed) }
    }

    public func finish() {
        for closed in features.closeAll(from: ledger) { write(closed) }
        out.write(first ? "[\n\n]\n" : "\n]\n")
        out.close()
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
            json.key("steps")
            json.array(steps) { json, step in
                Self.step(step, embeddings: embeddings[step.testStepId] ?? [], into: &json)
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

    private static func step(_ step: StepResult, embeddings: [Attachment], into json: inout PrettyJSON) {
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
            result(step, into: &json)
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

    private static func result(_ step: StepResult, into json: inout PrettyJSON) {
        json.key("result")
        json.object { json in
            json.field("duration", step.result?.duration.totalNanoseconds ?? 0)
            json.field("error_message", step.result?.message)
            json.field("status", step.status.rawValue.lowercased())
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
