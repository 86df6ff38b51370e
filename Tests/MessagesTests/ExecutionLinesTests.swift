import Foundation
import Messages
import XCTest

/// The fast reading of execution envelopes gives what the general decoder gives, and
/// leaves every other shape to it.
final class ExecutionLinesTests: XCTestCase {
    func test_decode_linesAsNDJSONWritesThem_equalTheGeneralDecoding() throws {
        let time = Timestamp(seconds: 1_795_471_556, nanos: 108_860_492)
        let envelopes: [Envelope] = [
            .testCaseStarted(
                TestCaseStarted(attempt: 2, id: "tc0a2", testCaseId: "tc0", workerId: "w1.3", timestamp: time)),
            .testCaseStarted(TestCaseStarted(attempt: 0, id: "a", testCaseId: "b", workerId: nil, timestamp: time)),
            .testStepStarted(TestStepStarted(testCaseStartedId: "tc0a0", testStepId: "tc0s1", timestamp: time)),
            .testStepFinished(
                TestStepFinished(
                    testCaseStartedId: "tc0a0", testStepId: "tc0s1",
                    testStepResult: TestStepResult(duration: Duration(seconds: 3, nanos: 42), status: .skipped),
                    timestamp: time)),
            .testCaseFinished(TestCaseFinished(testCaseStartedId: "tc0a0", timestamp: time, willBeRetried: true)),
        ]
        for envelope in envelopes {
            let line = NDJSON.line(envelope)
            let fast = try XCTUnwrap(ExecutionLines.decode(line), line)
            XCTAssertEqual(NDJSON.line(fast), line)
            XCTAssertEqual(NDJSON.line(try JSONDecoder().decode(Envelope.self, from: Data(line.utf8))), line)
        }
    }

    func test_decode_otherShapes_areLeftToTheGeneralDecoder() {
        let time = Timestamp(seconds: 1, nanos: 2)
        let failed = Envelope.testStepFinished(
            TestStepFinished(
                testCaseStartedId: "a", testStepId: "b",
                testStepResult: TestStepResult(
                    duration: Duration(seconds: 0, nanos: 1), message: "boom", status: .failed), timestamp: time))
        XCTAssertNil(ExecutionLines.decode(NDJSON.line(failed)))
        XCTAssertNil(
            ExecutionLines.decode(
                #"{"testStepStarted":{"testCaseStartedId":"a\"b","testStepId":"c","timestamp":{"nanos":1,"seconds":2}}}"#
            ))
        XCTAssertNil(
            ExecutionLines.decode(
                #"{"testStepStarted":{"testCaseStartedId":"a","testStepId":"c","timestamp":{"nanos":1,"seconds":2}}} "#)
        )
        XCTAssertNil(ExecutionLines.decode(#"{"pickle":{}}"#))
    }
}
