import ConformanceData
import Foundation
import Gherkin
import Messages
import SpecsRunner
import XCTest

/// The NDJSON stream of a run with every status, hooks, attachments and an outline:
/// every line validates against the Cucumber Messages schemas, every referenced id
/// exists, and the order rules hold.
final class MessageStreamTests: XCTestCase {
    static let feature =
        StatusTests.feature + """


              Scenario Outline: outline <n>
                Given a step that attaches <n>
                Examples:
                  | n |
                  | 1 |
                  | 2 |
            """

    func run() async throws -> [Envelope] { try await Self.runFeature() }

    static func runFeature() async throws -> [Envelope] {
        var steps = StatusTests.registry()
        steps.given("a step that attaches {int}") { (_, n: Int) in Attach.text("\(n)", mediaType: "text/plain") }
        steps.before("named hook", tags: "@none or not @none") { _ in }
        steps.after { _ in Attach.log("after") }
        steps.beforeAll { Attach.log("starting") }
        steps.parameterType("color", regex: "red|blue") { $0.first ?? nil }
        return try await RunHarness(("s.feature", feature)).run(steps).1
    }

    func test_message_stream_every_line_validates_against_the_schema() async throws {
        guard let directory = ConformanceDirectory.url?.appendingPathComponent("messages/jsonschema") else {
            if ConformanceDirectory.isAbsent(announce: false, fail: { XCTFail($0) }) && !ConformanceDirectory.isRequired
            {
                throw XCTSkip(ConformanceDirectory.skipReason)
            }
            return
        }
        let validator = try JSONSchemaValidator(directory: directory)
        let lines = try await run().map(NDJSON.line)
        XCTAssertGreaterThan(lines.count, 50)
        var kinds: Set<String> = []
        for line in lines {
            let value = try JSONValue(parsing: line)
            if case .object(let object) = value { kinds.formUnion(object.keys) }
            let problems = validator.validate(value, file: "Envelope.schema.json")
            XCTAssertEqual(problems, [], line)
        }
        for kind in [
            "meta", "source", "gherkinDocument", "pickle", "stepDefinition", "hook", "parameterType", "testRunStarted",
            "testCase", "testCaseStarted", "testStepStarted", "testStepFinished", "attachment", "suggestion",
            "testCaseFinished", "testRunHookStarted", "testRunHookFinished", "testRunFinished",
        ] {
            XCTAssertTrue(kinds.contains(kind), "the stream has no \(kind)")
        }
    }

    func test_message_stream_references_exist_and_order_rules_hold() async throws {
        let envelopes = try await run()
        var seen: Set<String> = []
        var pickleSteps: Set<String> = []
        var testSteps: Set<String> = []
        var openSteps: Set<String> = []
        var openCases: Set<String> = []
        var runStarted = false
        var runFinished = false
        func require(_ id: String?, _ what: String) {
            guard let id else { return }
            XCTAssertTrue(
                seen.contains(id) || pickleSteps.contains(id) || testSteps.contains(id),
                "\(what) \(id) referenced before it exists")
        }
        for envelope in envelopes {
            XCTAssertFalse(runFinished, "nothing may follow testRunFinished")
            switch envelope {
            case .gherkinDocument(let document):
                let line = NDJSON.line(.gherkinDocument(document))
                for match in line.matches(of: /"id":"([^"]+)"/) { seen.insert(String(match.1)) }
            case .pickle(let pickle):
                for id in pickle.astNodeIds { require(id, "AST node") }
                for step in pickle.steps {
                    for id in step.astNodeIds { require(id, "AST node") }
                    pickleSteps.insert(step.id)
                }
                for tag in pickle.tags { require(tag.astNodeId, "tag") }
                seen.insert(pickle.id)
            case .stepDefinition(let definition): seen.insert(definition.id)
            case .hook(let hook): seen.insert(hook.id)
            case .testRunStarted(let started):
                runStarted = true
                seen.insert(started.id ?? "")
            case .testCase(let testCase):
                XCTAssertTrue(runStarted)
                require(testCase.pickleId, "pickle")
                require(testCase.testRunStartedId, "run")
                for step in testCase.testSteps {
                    require(step.pickleStepId, "pickle step")
                    require(step.hookId, "hook")
                    for id in step.stepDefinitionIds ?? [] { require(id, "step definition") }
                    testSteps.insert(step.id)
                }
                seen.insert(testCase.id)
            case .testCaseStarted(let started):
                require(started.testCaseId, "test case")
                seen.insert(started.id)
                openCases.insert(started.id)
            case .testStepStarted(let started):
                XCTAssertTrue(openCases.contains(started.testCaseStartedId), "step started outside its test case")
                require(started.testStepId, "test step")
                openSteps.insert(started.testCaseStartedId + "/" + started.testStepId)
            case .testStepFinished(let finished):
                XCTAssertNotNil(
                    openSteps.remove(finished.testCaseStartedId + "/" + finished.testStepId), "finished before started")
            case .attachment(let attachment):
                require(attachment.testCaseStartedId, "test case started")
                require(attachment.testRunHookStartedId, "run hook started")
            case .suggestion(let suggestion): require(suggestion.pickleStepId, "pickle step")
            case .testCaseFinished(let finished):
                XCTAssertNotNil(openCases.remove(finished.testCaseStartedId), "test case finished before it started")
            case .testRunHookStarted(let started):
                require(started.hookId, "hook")
                seen.insert(started.id)
            case .testRunHookFinished(let finished): require(finished.testRunHookStartedId, "run hook started")
            case .testRunFinished(let finished):
                require(finished.testRunStartedId, "run")
                runFinished = true
            default: break
            }
        }
        XCTAssertTrue(runFinished)
        XCTAssertEqual(openSteps, [])
        XCTAssertEqual(openCases, [])
    }
}

final class JSONSchemaValidatorTests: XCTestCase {
    func test_validate_invalid_envelopes_reports_each_problem() throws {
        guard let directory = ConformanceDirectory.url?.appendingPathComponent("messages/jsonschema") else { return }
        let validator = try JSONSchemaValidator(directory: directory)
        let missing = validator.validate(
            try JSONValue(parsing: #"{"testRunStarted":{}}"#), file: "Envelope.schema.json")
        XCTAssertEqual(missing, ["$.testRunStarted: missing required 'timestamp'"])
        let extra = validator.validate(try JSONValue(parsing: #"{"nope":{}}"#), file: "Envelope.schema.json")
        XCTAssertEqual(extra, ["$: unexpected property 'nope'"])
        let badEnum = validator.validate(
            try JSONValue(
                parsing:
                    #"{"testStepFinished":{"testCaseStartedId":"a","testStepId":"b","timestamp":{"seconds":0,"nanos":0},"testStepResult":{"status":"GREAT","duration":{"seconds":0,"nanos":0}}}}"#
            ),
            file: "Envelope.schema.json")
        XCTAssertEqual(badEnum.count, 1)
    }
}

final class FastJSONTests: XCTestCase {
    func test_line_fast_encoding_equals_codable_encoding() async throws {
        var envelopes = try await MessageStreamTests.runFeature()
        envelopes.append(
            .testStepFinished(
                TestStepFinished(
                    testCaseStartedId: "a\"b", testStepId: "c\\d",
                    testStepResult: TestStepResult(
                        duration: Duration(seconds: 1, nanos: 2), message: "line\nnext\t\u{01}é", status: .pending),
                    timestamp: Timestamp(seconds: 3, nanos: 4))))
        envelopes.append(.source(Source(uri: "a\"b/c.feature", data: "Feature: \"q\" \\ é\t\u{01}\r\n🛒 </script>")))
        var compared = 0
        for envelope in envelopes where envelope.fastJSON != nil {
            XCTAssertEqual(
                try JSONValue(parsing: NDJSON.line(envelope)), try JSONValue(parsing: NDJSON.encodedLine(envelope)))
            XCTAssertEqual(NDJSON.line(envelope), NDJSON.encodedLine(envelope))
            compared += 1
        }
        XCTAssertGreaterThan(compared, 20)
    }

    func test_append_linesLargerThanTheWritersFirstBlock_keepTheBytesBeforeThemAndEncodeAsCodable() {
        // Escapes on every side of the writer's block sizes, in a line of about 120 KB.
        let data = (0..<6_000).map { "line \($0) \"q\" \\ é\t🛒" }.joined(separator: "\n")
        let envelopes: [Envelope] = [
            .source(Source(uri: "big.feature", data: data)),
            .testStepStarted(
                TestStepStarted(testCaseStartedId: "s1", testStepId: "t1", timestamp: Timestamp(seconds: 1, nanos: 2))),
        ]
        var bytes = Array("earlier line\n".utf8)
        for envelope in envelopes { NDJSON.append(envelope, to: &bytes) }

        let expected = "earlier line\n" + envelopes.map { NDJSON.encodedLine($0) + "\n" }.joined()
        XCTAssertGreaterThan(bytes.count, 100_000)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), expected)
    }

    func test_line_fast_encoding_equals_codable_for_every_official_gherkin_document() throws {
        guard let base = ConformanceDirectory.url?.appendingPathComponent("gherkin/good") else { return }
        var documents = 0
        for url in ConformanceDirectory.files("gherkin/good", suffix: ".feature") {
            let source = try SourceReader.read(path: url.path, uri: "good/\(url.lastPathComponent)")
            var ids = IncrementingIdGenerator()
            for envelope in GherkinMessages().envelopes(for: source, ids: &ids) where envelope.fastJSON != nil {
                XCTAssertEqual(NDJSON.line(envelope), NDJSON.encodedLine(envelope), url.lastPathComponent)
                if case .gherkinDocument = envelope { documents += 1 }
            }
        }
        XCTAssertEqual(documents, 50, "in \(base.path)")
    }
}
