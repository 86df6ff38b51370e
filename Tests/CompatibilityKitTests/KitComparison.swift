import ConformanceData
import Foundation
import Gherkin
import Messages
import SpecsRunner

/// Runs a compatibility-kit sample with specs and compares its message stream with
/// the expected one under the kit's rules: ids, timestamps, durations, `meta`, uris,
/// source references, stack traces, exception type names (language-specific) and
/// snippet code (TypeScript upstream) are left out; arrays of ids become their counts,
/// so references keep their shape. Definition messages are compared as a multiset (their
/// order follows registration); the messages of every other kind in order, kind by kind.
/// Messages are only partially ordered (the kit's README: files may be processed as they
/// come, their messages interleaving), so across kinds the stream is held to that partial
/// order instead: whatever a message refers to came before it, started before finished.
enum KitComparison {
    static let definitionKinds: Set<String> = ["stepDefinition", "hook", "parameterType", "undefinedParameterType"]

    static func run(sample: String, registry: StepRegistry<KitWorld>, options: RunOptions) async throws -> [JSONValue] {
        let directory = try sampleDirectory(sample)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".feature")
        }.sorted()
        var ids = IncrementingIdGenerator()
        let features = names.map { name -> LoadedFeature in
            let path = directory.appendingPathComponent(name).path
            let loaded = FeatureLoader.load([FeaturePath(argument: path)], ids: &ids)[0]
            return loaded
        }
        let recorder = EventRecorder()
        _ = await Runner(registry: registry, options: options, clock: SteppingClock()).run(features, to: recorder)
        return try recorder.envelopes.map { try JSONValue(parsing: NDJSON.line($0)) }
    }

    static func expected(sample: String) throws -> [JSONValue] {
        let url = try sampleDirectory(sample).appendingPathComponent("\(sample).ndjson")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map {
            try JSONValue(parsing: String($0))
        }
    }

    static func sampleDirectory(_ sample: String) throws -> URL {
        guard let base = ConformanceDirectory.url else { throw KitError(message: ConformanceDirectory.absenceMessage) }
        return base.appendingPathComponent("compatibility-kit/samples/\(sample)")
    }

    /// The differences between two streams, empty when they match.
    static func differences(actual: [JSONValue], expected: [JSONValue]) -> [String] {
        let (actualDefinitions, actualRest) = split(actual.compactMap(normalise))
        let (expectedDefinitions, expectedRest) = split(expected.compactMap(normalise))
        var problems: [String] = []
        let missing = expectedDefinitions.filter { !actualDefinitions.contains($0) }
        let extra = actualDefinitions.filter { !expectedDefinitions.contains($0) }
        if !missing.isEmpty || !extra.isEmpty || actualDefinitions.count != expectedDefinitions.count {
            problems.append("definitions differ:\n missing \(missing)\n extra \(extra)")
        }
        let kinds = (actualRest + expectedRest).compactMap(kind).reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        for name in kinds {
            let got = actualRest.filter { kind($0) == name }
            let want = expectedRest.filter { kind($0) == name }
            for index in 0..<max(got.count, want.count) {
                let gotText = index < got.count ? got[index].description : "(nothing)"
                let wantText = index < want.count ? want[index].description : "(nothing)"
                if gotText != wantText {
                    problems.append("\(name) message \(index) differs:\n got:  \(gotText)\n want: \(wantText)")
                    break
                }
            }
        }
        return problems + orderProblems(actual)
    }

    private static func kind(_ value: JSONValue) -> String? {
        if case .object(let object) = value { return object.keys.first }
        return nil
    }

    /// Where the stream breaks the messages' partial order: a reference to a message not yet
    /// seen, a test case outside its run, a step or attachment outside its test case.
    static func orderProblems(_ stream: [JSONValue]) -> [String] {
        var seen: Set<String> = []
        var open: Set<String> = []
        var runStarted = false
        var runFinished = false
        var problems: [String] = []
        func require(_ id: String?, _ what: String, at index: Int) {
            guard let id, !seen.contains(id) else { return }
            problems.append(
                "message \(index) refers to \(what) \(id.replacingOccurrences(of: "source:", with: "")) before it was told"
            )
        }
        for (index, envelope) in stream.enumerated() {
            guard let name = kind(envelope), let body = envelope[name] else { continue }
            if runFinished { problems.append("message \(index) (\(name)) comes after testRunFinished") }
            switch name {
            case "source": seen.insert("source:" + (body["uri"]?.stringValue ?? ""))
            case "gherkinDocument": require(body["uri"]?.stringValue.map { "source:" + $0 }, "source", at: index)
            case "pickle":
                seen.insert(body["id"]?.stringValue ?? "")
                require(body["uri"]?.stringValue.map { "source:" + $0 }, "source", at: index)
            case "testRunStarted": runStarted = true
            case "testCase":
                if !runStarted { problems.append("message \(index): a testCase before testRunStarted") }
                seen.insert(body["id"]?.stringValue ?? "")
                require(body["pickleId"]?.stringValue, "pickle", at: index)
            case "testCaseStarted":
                require(body["testCaseId"]?.stringValue, "test case", at: index)
                open.insert(body["id"]?.stringValue ?? "")
            case "testStepStarted", "testStepFinished":
                if let started = body["testCaseStartedId"]?.stringValue, !open.contains(started) {
                    problems.append("message \(index) (\(name)) is outside its test case \(started)")
                }
            case "attachment":
                if let started = body["testCaseStartedId"]?.stringValue, !open.contains(started) {
                    problems.append("message \(index) (attachment) is outside its test case \(started)")
                }
            case "testCaseFinished":
                if open.remove(body["testCaseStartedId"]?.stringValue ?? "") == nil {
                    problems.append("message \(index): testCaseFinished of a test case that had not started")
                }
            case "testRunFinished":
                if !open.isEmpty {
                    problems.append("message \(index): testRunFinished while test cases \(open.sorted()) are open")
                }
                runFinished = true
            default: continue
            }
        }
        return problems
    }

    private static func split(_ values: [JSONValue]) -> ([String], [JSONValue]) {
        var definitions: [String] = []
        var rest: [JSONValue] = []
        for value in values {
            if case .object(let object) = value, let key = object.keys.first, definitionKinds.contains(key) {
                definitions.append(value.description)
            } else {
                rest.append(value)
            }
        }
        return (definitions.sorted(), rest)
    }

    /// The envelope as the kit compares it; nil for what says which implementation ran:
    /// `meta`, and the run's metadata that specs adds (an attachment of `RunMetadata.mediaType`).
    static func normalise(_ envelope: JSONValue) -> JSONValue? {
        guard case .object(let object) = envelope, let key = object.keys.first, key != "meta" else { return nil }
        if key == "attachment", case .object(let attachment)? = object[key],
            case .string(let mediaType)? = attachment["mediaType"], mediaType == "application/vnd.specs.run+json"
        {
            return nil
        }
        return clean(envelope, key: nil)
    }

    private static let dropped: Set<String> = [
        "id", "uri", "timestamp", "duration", "sourceReference", "stackTrace", "workerId", "astNodeId", "snippets",
    ]

    private static func clean(_ value: JSONValue, key: String?) -> JSONValue {
        switch value {
        case .array(let items): return .array(items.map { clean($0, key: key) })
        case .object(let object):
            var result: [String: JSONValue] = [:]
            for (name, child) in object {
                if dropped.contains(name) { continue }
                if name == "exception", case .object(var exception) = child {
                    exception["type"] = nil
                    exception["stackTrace"] = nil
                    result[name] = .object(exception)
                    continue
                }
                if name.hasSuffix("Ids"), case .array(let ids) = child {
                    result[name] = .number(Double(ids.count))
                    continue
                }
                if name.hasSuffix("Id") { continue }
                result[name] = clean(child, key: name)
            }
            // AMBIGUOUS and UNDEFINED results carry implementation-specific explanations.
            if let status = result["status"]?.stringValue, status == "AMBIGUOUS" || status == "UNDEFINED" {
                result["message"] = nil
            }
            return .object(result)
        default: return value
        }
    }
}

struct KitError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}

/// An error whose description is its message, as a thrown `Error("...")` is upstream.
struct Failure: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// The state of one scenario of a kit sample.
final class KitWorld {
    var count = 0
    var friends = 0
    var table: SpecsRunner.DataTable?
    var money = 0
    var stock: [String] = []
    var sold = false
}
