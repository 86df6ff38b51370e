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
    private let encoder: JSONEncoder
    /// Whether no feature has been written yet.
    private var first = true

    private var features = FeatureResults()

    public init(output: ReportOutput, ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
        encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        features.take(envelope, from: ledger)
    }

    public func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        if let closed = features.close(uri, from: ledger) { write(closed) }
    }

    struct Tag: Encodable { let name: String; let line: Int }
    struct Match: Encodable { let location: String }
    struct Result: Encodable {
        let status: String
        let duration: Int
        let error_message: String?
    }
    struct DocString: Encodable { let value: String; let content_type: String; let line: Int }
    struct Row: Encodable { let cells: [String] }
    struct Embedding: Encodable { let data: String; let mime_type: String; let name: String? }
    struct StepJSON: Encodable {
        let keyword: String
        let name: String
        let line: Int
        let match: Match?
        let result: Result
        let doc_string: DocString?
        let rows: [Row]?
        let embeddings: [Embedding]?
    }
    struct Hook: Encodable { let match: Match; let result: Result }
    struct Element: Encodable {
        let id: String
        let keyword: String
        let name: String
        let description: String
        let line: Int
        let type: String
        let tags: [Tag]
        let before: [Hook]
        let steps: [StepJSON]
        let after: [Hook]
    }
    struct FeatureJSON: Encodable {
        let uri: String
        let id: String
        let keyword: String
        let name: String
        let description: String
        let line: Int
        let tags: [Tag]
        let elements: [Element]
    }

    public func finish() {
        for closed in features.closeAll(from: ledger) { write(closed) }
        out.write(first ? String(decoding: (try? encoder.encode([FeatureJSON]())) ?? Data("[]".utf8), as: UTF8.self) + "\n" : "\n]\n")
        out.close()
    }

    /// Writes a closed document's feature with its scenarios.
    private func write(_ closed: FeatureResults.Closed) {
        let feature = closed.feature, uri = closed.uri, scenarios = closed.results
        let featureId = Self.slug(feature.name)
        let json = FeatureJSON(
            uri: uri, id: featureId, keyword: feature.keyword, name: feature.name, description: feature.description,
            line: feature.location.line, tags: feature.tags.map { Tag(name: $0.name, line: $0.location.line) },
            elements: scenarios.map { element($0, featureId: featureId) })
        guard let data = try? encoder.encode(json) else { return }
        out.write(first ? "[\n" : ",\n")
        first = false
        // Indented as an element of the array; JSON strings escape their line feeds, so every
        // line feed here is the layout's.
        out.write { bytes in
            var lineStart = true
            for byte in data {
                if lineStart && byte != 0x0A { bytes += [0x20, 0x20] }
                bytes.append(byte)
                lineStart = byte == 0x0A
            }
        }
    }

    private func element(_ result: ScenarioResult, featureId: String) -> Element {
        var before: [Hook] = []
        var after: [Hook] = []
        var steps: [StepJSON] = []
        var seenStep = false
        let embeddingsByStep = Dictionary(grouping: result.attachments, by: { $0.testStepId ?? "" })
        for step in result.steps {
            let outcome = Result(
                status: step.status.rawValue.lowercased(), duration: step.result?.duration.totalNanoseconds ?? 0,
                error_message: step.result?.message)
            switch step.kind {
            case .hook(let hook):
                var location = ""
                if let reference = hook?.sourceReference {
                    location = "\(reference.uri ?? ""):\(reference.location?.line ?? 0)"
                }
                let entry = Hook(match: Match(location: location), result: outcome)
                if seenStep { after.append(entry) } else { before.append(entry) }
            case .step(let pickleStep, let ast, let definitions):
                seenStep = true
                let location = definitions.first.map { "\($0.sourceReference.uri ?? ""):\($0.sourceReference.location?.line ?? 0)" }
                let embeddings = (embeddingsByStep[step.testStepId] ?? []).map { attachment in
                    Embedding(
                        data: attachment.contentEncoding == .base64 ? attachment.body : Data(attachment.body.utf8).base64EncodedString(),
                        mime_type: attachment.mediaType, name: attachment.fileName)
                }
                steps.append(StepJSON(
                    keyword: ast?.keyword ?? "* ", name: pickleStep.text, line: ast?.location.line ?? 0,
                    match: location.map(Match.init), result: outcome,
                    doc_string: pickleStep.argument?.docString.map {
                        DocString(value: $0.content, content_type: $0.mediaType ?? "", line: ast?.docString?.location.line ?? 0)
                    },
                    rows: pickleStep.argument?.dataTable.map { $0.rows.map { Row(cells: $0.cells.map(\.value)) } },
                    embeddings: embeddings.isEmpty ? nil : embeddings))
            }
        }
        let scenario = result.scenario?.scenario
        let tags = result.pickle.tags.enumerated().map { index, tag in
            Tag(name: tag.name, line: result.tagLocations.indices.contains(index) ? result.tagLocations[index]?.line ?? 0 : 0)
        }
        return Element(
            id: featureId + ";" + Self.slug(result.pickle.name) + (result.pickle.astNodeIds.count > 1 ? ";;\(result.pickle.location.line)" : ""),
            keyword: scenario?.keyword ?? "Scenario", name: result.pickle.name, description: scenario?.description ?? "",
            line: result.pickle.location.line, type: "scenario", tags: tags, before: before, steps: steps, after: after)
    }

    static func slug(_ text: String) -> String {
        text.lowercased().map { $0.isLetter || $0.isNumber ? String($0) : "-" }.joined()
    }
}
