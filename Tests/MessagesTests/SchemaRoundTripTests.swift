import Foundation
import XCTest

@testable import Messages

/// Every message of the official messages JSON schema, each of its properties filled, reads
/// into the Swift types and is written back the same: no property of the schema is missing,
/// misnamed or of another type in the generated code.
final class SchemaRoundTripTests: XCTestCase {
    /// Envelope members this package does not read (the generator leaves them out).
    private let notRead: Set<String> = ["externalAttachment"]

    func test_envelopes_everyPropertyOfTheSchemaFilled_areWrittenBackAsRead() throws {
        let schema = try SchemaSamples(folder: PackageFolders.requireSchema())
        let members = try XCTUnwrap(schema.files["Envelope"]?["properties"] as? [String: Any]).keys.sorted()
        XCTAssertGreaterThan(members.count, 20)
        for member in members where !notRead.contains(member) {
            for variant in 0..<7 {
                let sample = try XCTUnwrap(schema.sample(envelopeMember: member, variant: variant), member)
                let line = String(decoding: try JSONSerialization.data(withJSONObject: [member: sample]), as: UTF8.self)
                let envelope: Envelope
                do {
                    envelope = try XCTUnwrap(NDJSON.envelopes(in: line, uri: "sample.ndjson").first)
                } catch {
                    XCTFail("\(member) #\(variant) is not read: \(error)\n\(line)")
                    continue
                }
                try assertSameJSON(NDJSON.encodedLine(envelope), line, "\(member) #\(variant), Codable")
                try assertSameJSON(NDJSON.line(envelope), line, "\(member) #\(variant), as written to a stream")
            }
        }
    }

    func test_envelope_aMemberTheModelDoesNotRead_isSkippedAsANewerMessageType() throws {
        XCTAssertFalse(Envelope.isKnownMessageType("externalAttachment"))
        XCTAssertTrue(Envelope.isKnownMessageType("testRunHookFinished"))
        let stream = """
            {"externalAttachment":{"url":"https://example.com/a.png","mediaType":"image/png"}}
            {"testRunStarted":{"timestamp":{"seconds":1,"nanos":2}}}

            """
        let reading = try NDJSON.read(stream, uri: "run.ndjson")
        XCTAssertEqual(reading.unknownTypes, ["externalAttachment"])
        XCTAssertEqual(reading.envelopes, [.testRunStarted(TestRunStarted(timestamp: Timestamp(seconds: 1, nanos: 2)))])
    }

    func test_encode_optionalFieldsLeftOut_areAbsentFromTheJSON() {
        let attachment = Attachment(body: "hello", contentEncoding: .identity, mediaType: "text/plain")
        XCTAssertEqual(
            NDJSON.line(.attachment(attachment)),
            #"{"attachment":{"body":"hello","contentEncoding":"IDENTITY","mediaType":"text/plain"}}"#)
        let group = Group(children: [], start: 3, value: "42")
        XCTAssertEqual(
            NDJSON.line(.testCase(TestCaseMessage(id: "1", pickleId: "2", testSteps: []))),
            #"{"testCase":{"id":"1","pickleId":"2","testSteps":[]}}"#)
        let argument = StepMatchArgument(group: group)
        let encoded = NDJSON.encodedLine(
            .testCase(
                TestCaseMessage(
                    id: "1", pickleId: "2",
                    testSteps: [
                        TestStep(
                            id: "3", pickleStepId: "4", stepDefinitionIds: ["5"],
                            stepMatchArgumentsLists: [StepMatchArgumentsList(stepMatchArguments: [argument])])
                    ])))
        XCTAssertTrue(encoded.contains(#""group":{"start":3,"value":"42"}"#), encoded)
    }

    private func assertSameJSON(
        _ written: String, _ read: String, _ what: String, line: UInt = #line
    ) throws {
        let writtenValue = try JSONSerialization.jsonObject(with: Data(written.utf8)) as? NSDictionary
        let readValue = try JSONSerialization.jsonObject(with: Data(read.utf8)) as? NSDictionary
        XCTAssertEqual(writtenValue, readValue, "\(what):\nread    \(read)\nwritten \(written)", line: line)
    }
}
