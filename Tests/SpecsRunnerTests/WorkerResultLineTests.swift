import CucumberExpressions
import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// A worker tells each event of a test case as a result line; its supervisor makes the
/// envelope again from the plan it sent. A line from a worker is untrusted: one the
/// supervisor cannot read fails the test case, naming the worker and the test case.
final class WorkerResultLineTests: XCTestCase {
    private static let feature = """
        Feature: Told in lines

          Scenario: a step, an undefined one
            Given the count is 2
            Then nothing defines this
        """

    private func planned() throws -> TestCasePlan {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(Self.feature, uri: "features/lines.feature", ids: &ids)
        let pickle = try XCTUnwrap(PickleCompiler().compile(document, uri: "features/lines.feature", ids: &ids).first)
        var steps = StepRegistry { TestWorld() }
        steps.given("the count is {int}") { (world, count: Int) in world.value = count }
        steps.after { _ in }
        var planner = Runner(registry: steps).makePlanner()
        return planner.plan(pickle, number: 4)
    }

    private func line(_ envelope: Envelope, of plan: TestCasePlan) throws -> [UInt8] {
        var bytes: [UInt8] = Array("earlier\n".utf8)
        XCTAssertTrue(ResultLine.append(envelope, of: plan, to: &bytes))
        XCTAssertEqual(Array(bytes.prefix(8)), Array("earlier\n".utf8))
        XCTAssertEqual(bytes.last, 0x0A)
        let line = Array(bytes.dropFirst(8).dropLast())
        XCTAssertFalse(line.contains(0x0A))
        return line
    }

    func test_decode_eachEventOfATestCase_isMadeAgainAsTheSameEnvelope() throws {
        let plan = try planned()
        let time = Timestamp(seconds: 1_764_230_000, nanos: 123_456_789)
        let attempt = plan.startedId(attempt: 0)
        let failure = TestStepResult(
            duration: Duration(seconds: 1, nanos: 5), message: "expected 2\nbut got 3 \\ and \u{1F}", status: .failed,
            exception: ExceptionMessage(type: "ExpectationFailure", message: "expected 2", stackTrace: nil))
        let envelopes: [Envelope] = [
            plan.startedEvent(attempt: 0, workerId: "w2", at: time),
            plan.stepStartedEvent(0, attempt: attempt, at: time),
            plan.attachmentEvent(
                PendingAttachment(body: "aGVsbG8=", base64: true, mediaType: "image/png", fileName: "shot.png"),
                step: 0, attempt: attempt, at: time),
            plan.attachmentEvent(
                PendingAttachment(body: "a log\nof two lines", base64: false, mediaType: "text/plain", fileName: nil),
                step: 0, attempt: attempt, at: time),
            plan.stepFinishedEvent(0, attempt: attempt, result: failure, at: time),
            plan.stepStartedEvent(1, attempt: attempt, at: time),
            try XCTUnwrap(plan.suggestionEvent(1, code: "steps.then(\"nothing defines this\") { world in\n}")),
            plan.stepFinishedEvent(
                1, attempt: attempt, result: TestStepResult(duration: .zero, status: .undefined), at: time),
            plan.finishedEvent(attempt: attempt, willBeRetried: true, at: time),
        ]
        var replay = ResultReplay(plan: plan, workerId: "w2")
        for envelope in envelopes {
            let event = try XCTUnwrap(try line(envelope, of: plan).withUnsafeBufferPointer(ResultLine.decode))
            XCTAssertEqual(try replay.envelope(event).get(), envelope)
        }
    }

    func test_append_envelopeOfAnotherTestCase_isNoResultLine() throws {
        let plan = try planned()
        var bytes: [UInt8] = []
        let other = Envelope.testStepStarted(
            TestStepStarted(testCaseStartedId: "x", testStepId: "tc9s0", timestamp: Timestamp(seconds: 0, nanos: 0)))
        XCTAssertFalse(ResultLine.append(other, of: plan, to: &bytes))
        XCTAssertFalse(
            ResultLine.append(
                .testRunStarted(TestRunStarted(timestamp: .init(seconds: 0, nanos: 0), id: "r")), of: plan, to: &bytes))
        XCTAssertTrue(bytes.isEmpty)
    }

    func test_decode_garbledLines_areNoEvent() {
        let separator = "\u{1F}"
        for garbled in [
            "", "C", "X\(separator)1", "C\(separator)0\(separator)1", "C\(separator)-1\(separator)1\(separator)0",
            "S\(separator)0\(separator)1\(separator)2000000000",
            "F\(separator)0\(separator)MAYBE\(separator)0\(separator)0\(separator)1\(separator)0\(separator)-\(separator)-",
            "F\(separator)0\(separator)PASSED\(separator)0\(separator)0\(separator)1\(separator)0\(separator)-",
            "E\(separator)2\(separator)1\(separator)0", "E\(separator)0\(separator)1\(separator)0\(separator)extra",
            "A\(separator)0\(separator)text/plain\(separator)GZIP\(separator)-\(separator)1\(separator)0\(separator)x",
            "S\(separator)99999999999999999999\(separator)1\(separator)0",
        ] {
            XCTAssertNil(Array(garbled.utf8).withUnsafeBufferPointer(ResultLine.decode), garbled.debugDescription)
        }
    }

    func test_envelope_eventsOutOfTurn_areRefusedWithTheReason() throws {
        let plan = try planned()
        let time = Timestamp(seconds: 1, nanos: 0)
        var replay = ResultReplay(plan: plan, workerId: "w1")
        XCTAssertThrowsError(try replay.envelope(.stepStarted(0, at: time)).get())
        XCTAssertNoThrow(try replay.envelope(.started(attempt: 0, at: time)).get())
        XCTAssertThrowsError(try replay.envelope(.stepStarted(plan.steps.count, at: time)).get())
        XCTAssertThrowsError(
            try replay.envelope(.stepFinished(0, TestStepResult(duration: .zero, status: .passed), at: time)).get())
        XCTAssertThrowsError(try replay.envelope(.started(attempt: 1, at: time)).get())
        XCTAssertThrowsError(try replay.envelope(.started(attempt: 0, at: time)).get()) { error in
            XCTAssertTrue("\(error)".contains("attempt 0 started out of turn"), "\(error)")
        }
    }

    // MARK: A worker that says what no worker says

    /// Collects test case `plan` from a script worker that writes `answer` and then waits.
    private func collect(_ plan: TestCasePlan, answer: String) async throws -> WorkerSupervisor.Outcome {
        try await ScriptWorker.collect(plan, answer: "\(answer); exec sleep 2")
    }

    private func failure(in outcome: WorkerSupervisor.Outcome) -> String? {
        outcome.envelopes.lazy.compactMap { envelope -> String? in
            guard case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed else {
                return nil
            }
            return finished.testStepResult.message
        }.first
    }

    func test_collect_workerWritingAGarbledLine_failsItsTestCaseNamingTheWorkerAndTheTestCase() async throws {
        let plan = try planned()
        let outcome = try await collect(
            plan, answer: #"printf 'C\0370\0371\0370\nS\0370\0371\0370\nthe cart is corrupt\n'"#)
        XCTAssertTrue(outcome.workerLost)
        XCTAssertFalse(outcome.neverStarted)
        XCTAssertEqual(outcome.status, .failed)
        let message = try XCTUnwrap(failure(in: outcome))
        XCTAssertTrue(message.contains("worker w1 sent"), message)
        XCTAssertTrue(message.contains("'a step, an undefined one' (features/lines.feature:3)"), message)
        XCTAssertTrue(message.contains(#"a line that is no result of protocol 2: "the cart is corrupt""#), message)
        // The step that was running carries the cause; the rest are skipped, and the attempt ends.
        guard case .testCaseFinished = outcome.envelopes.last else { return XCTFail("\(outcome.envelopes)") }
    }

    func test_collect_workerTellingAStepItWasNotSent_failsItsTestCaseSayingSo() async throws {
        let plan = try planned()
        let outcome = try await collect(plan, answer: #"printf 'C\0370\0371\0370\nS\0377\0371\0370\n'"#)
        XCTAssertTrue(outcome.workerLost)
        let message = try XCTUnwrap(failure(in: outcome))
        XCTAssertTrue(message.contains("an event that does not fit its plan: step 7 started out of turn"), message)
    }

    func test_collect_workerLostAfterAWholeEnvelopeBeforeItsTestCaseStarted_neverStartedIt() async throws {
        // An envelope sent whole before any event of the test case (no real worker sends one
        // then) is none of the test case's: it was never started, and a fresh worker runs it.
        let plan = try planned()
        let whole = #"{"attachment":{"body":"x","contentEncoding":"IDENTITY","mediaType":"text/plain"}}"#
        let outcome = try await collect(plan, answer: "echo '\(whole)'; exit 3")
        XCTAssertTrue(outcome.workerLost)
        XCTAssertTrue(outcome.neverStarted, "\(outcome.envelopes)")
    }

    func test_collect_workerWritingALineOverTheLimit_failsItsTestCaseSayingSo() async throws {
        let plan = try planned()
        let size = ResultLine.maximumLine + 1024
        let outcome = try await collect(
            plan,
            answer: #"printf 'C\0370\0371\0370\nS\0370\0371\0370\n'; head -c \#(size) /dev/zero | tr '\0' x; echo"#)
        XCTAssertTrue(outcome.workerLost)
        let message = try XCTUnwrap(failure(in: outcome))
        XCTAssertTrue(message.contains("a line longer than the 64 MiB a line may hold"), message)
        XCTAssertTrue(message.contains("features/lines.feature:3"), message)
    }
}
