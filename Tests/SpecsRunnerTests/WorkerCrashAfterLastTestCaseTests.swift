import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// Work a worker's last test case left running crashes as the run ends: the runtime writes
/// its report while the test case runs on and ends, and the worker, whose input ends
/// meanwhile, exits with status 0 before the trap. The supervisor tells the crash.
final class WorkerCrashAfterLastTestCaseTests: XCTestCase {
    /// The result lines of `plan` passing, with its done line.
    private func passingLines(_ plan: TestCasePlan) -> String {
        let clock = SystemClock()
        let startedId = plan.startedId(attempt: 0)
        var envelopes = [plan.startedEvent(attempt: 0, workerId: "w1", at: clock.now())]
        for index in plan.steps.indices {
            envelopes.append(plan.stepStartedEvent(index, attempt: startedId, at: clock.now()))
            envelopes.append(
                plan.stepFinishedEvent(
                    index, attempt: startedId, result: TestStepResult(duration: .zero, status: .passed),
                    at: clock.now()))
        }
        envelopes.append(plan.finishedEvent(attempt: startedId, willBeRetried: false, at: clock.now()))
        var bytes: [UInt8] = []
        for envelope in envelopes { XCTAssertTrue(ResultLine.append(envelope, of: plan, to: &bytes)) }
        return String(decoding: bytes, as: UTF8.self)
            + WorkerProtocol.done(plan.number, nanoseconds: 1000, status: .passed, steps: [.passed: 1]) + "\n"
    }

    /// What the supervisor says of a worker that wrote `stderr` while its one test case ran,
    /// passed it, and exited with status 0 after its last line, as a worker ends.
    private func lost(writingToStandardError stderr: String) async throws -> String? {
        let plan = try ScriptWorker.oneStepPlan()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        try Data(passingLines(plan).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let script =
            "read settings; echo '#ready'; read request; printf '%s\\n' '\(stderr)' >&2; sleep 0.05; "
            + "cat '\(file.path)'; while read more; do :; done; echo '#end'; exit 0"
        let (supervisor, worker) = try await ScriptWorker.started(script)
        XCTAssertTrue(supervisor.request(plan, of: worker).delivered)
        let outcome = await supervisor.collect(plan, from: worker, delivered: true)
        XCTAssertEqual(outcome.status, .passed)
        XCTAssertFalse(outcome.workerLost)
        let (_, ended, _) = await supervisor.finish(worker)
        XCTAssertTrue(ended)
        return supervisor.lostOutsideATestCase(worker, after: plan, endedAsAWorker: ended)
    }

    func test_lostOutsideATestCase_runtimeReportedAFatalErrorDuringTheLastTestCase_isACrash() async throws {
        let lost = try await lost(writingToStandardError: "App/Sources/Cache.swift:50: Fatal error: the work crashed")
        let words = try XCTUnwrap(lost, "a worker whose runtime reported a crash ended green")
        XCTAssertTrue(words.contains("worker w1 crashed (its runtime said so, and it exited with status 0)"), words)
        XCTAssertTrue(words.contains("Fatal error: the work crashed"), words)
    }

    func test_lostOutsideATestCase_backtracersLineDuringTheLastTestCase_isACrash() async throws {
        let lost = try await lost(writingToStandardError: "*** Program crashed: Illegal instruction at 0x0000 ***")
        XCTAssertNotNil(lost)
    }

    func test_lostOutsideATestCase_stepsTextOfAFatalErrorWithoutAPlace_isNoCrash() async throws {
        // A logger's own test writes the words without the runtime's `path:line: `.
        let lost = try await lost(writingToStandardError: "Fatal error: the logger under test")
        XCTAssertNil(lost)
    }

    func test_isTheRuntimesCrashReport_shapes() {
        XCTAssertTrue(
            WorkerProcess.isTheRuntimesCrashReport(
                "Swift/ContiguousArrayBuffer.swift:600: Fatal error: Index out of range"))
        XCTAssertTrue(WorkerProcess.isTheRuntimesCrashReport("main.swift:3: Precondition failed: x"))
        XCTAssertTrue(WorkerProcess.isTheRuntimesCrashReport("a/b.swift:12: Assertion failed"))
        XCTAssertFalse(WorkerProcess.isTheRuntimesCrashReport("Fatal error: a logger's text"))
        XCTAssertFalse(WorkerProcess.isTheRuntimesCrashReport("log: Fatal error: a logger's text"))
        XCTAssertFalse(WorkerProcess.isTheRuntimesCrashReport("at line x: Fatal error: words"))
    }
}
