import CucumberExpressions
import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// A worker that goes away between two attempts of a retried test case, or after its final
/// attempt and before saying it is done: its supervisor tells each attempt finished once,
/// and the attempt the worker promised (`willBeRetried`) is told, failed with the cause.
final class WorkerLostBetweenAttemptsTests: XCTestCase {
    private static let feature = """
        Feature: Retried

          Scenario: fails, then its worker goes
            Given the count is 2
            Then nothing defines this
        """

    private func planned() throws -> TestCasePlan {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(Self.feature, uri: "features/retried.feature", ids: &ids)
        let pickle = try XCTUnwrap(
            PickleCompiler().compile(document, uri: "features/retried.feature", ids: &ids).first)
        var steps = StepRegistry { TestWorld() }
        steps.given("the count is {int}") { (world, count: Int) in world.value = count }
        var planner = Runner(registry: steps).makePlanner()
        return planner.plan(pickle, number: 1)
    }

    /// The result lines of a failed attempt `attempt` of `plan`, finished saying whether another follows.
    private func attemptLines(_ plan: TestCasePlan, attempt: Int, retried: Bool) -> [UInt8] {
        let clock = SystemClock()
        let startedId = plan.startedId(attempt: attempt)
        var envelopes = [plan.startedEvent(attempt: attempt, workerId: "w1", at: clock.now())]
        for index in plan.steps.indices {
            envelopes.append(plan.stepStartedEvent(index, attempt: startedId, at: clock.now()))
            let status: TestStepResultStatus = index == plan.steps.count - 1 ? .undefined : .passed
            envelopes.append(
                plan.stepFinishedEvent(
                    index, attempt: startedId, result: TestStepResult(duration: .zero, status: status),
                    at: clock.now()))
        }
        envelopes.append(plan.finishedEvent(attempt: startedId, willBeRetried: retried, at: clock.now()))
        var bytes: [UInt8] = []
        for envelope in envelopes { XCTAssertTrue(ResultLine.append(envelope, of: plan, to: &bytes)) }
        return bytes
    }

    /// Collects `plan` from a shell-script worker that writes `lines` and exits with status 3.
    private func collect(_ plan: TestCasePlan, lines: [UInt8]) async throws -> WorkerSupervisor.Outcome {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lines-\(UUID().uuidString)")
        try Data(lines).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var options = RunOptions()
        options.retry = 2
        return try await ScriptWorker.collect(plan, answer: "cat '\(file.path)'; exit 3", options: options)
    }

    /// Each attempt's id and the `willBeRetried` of each of its finishes, in order.
    private func attempts(_ outcome: WorkerSupervisor.Outcome) -> [(id: String, finishes: [Bool])] {
        var result: [(id: String, finishes: [Bool])] = []
        for envelope in outcome.envelopes {
            switch envelope {
            case .testCaseStarted(let started): result.append((started.id, []))
            case .testCaseFinished(let finished):
                if let index = result.lastIndex(where: { $0.id == finished.testCaseStartedId }) {
                    result[index].finishes.append(finished.willBeRetried)
                } else {
                    result.append((finished.testCaseStartedId + " (never started)", [finished.willBeRetried]))
                }
            default: break
            }
        }
        return result
    }

    func test_collect_workerLostBetweenTwoAttempts_tellsTheNextAttemptFailedAndEachFinishedOnce() async throws {
        let plan = try planned()
        let outcome = try await collect(plan, lines: attemptLines(plan, attempt: 0, retried: true))
        XCTAssertTrue(outcome.workerLost)
        XCTAssertEqual(outcome.status, .failed)
        let told = attempts(outcome)
        XCTAssertEqual(told.map(\.id), [plan.startedId(attempt: 0), plan.startedId(attempt: 1)])
        XCTAssertEqual(told.map(\.finishes), [[true], [false]])
        let failure = outcome.envelopes.lazy.compactMap { envelope -> TestStepFinished? in
            guard case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed else {
                return nil
            }
            return finished
        }.first
        XCTAssertEqual(failure?.testCaseStartedId, plan.startedId(attempt: 1))
        let message = failure?.testStepResult.message ?? ""
        XCTAssertTrue(message.contains("exited with status 3"), message)
    }

    func test_collect_workerLostAfterItsFinalAttemptFinished_addsNoSecondFinish() async throws {
        let plan = try planned()
        let lines = attemptLines(plan, attempt: 0, retried: true) + attemptLines(plan, attempt: 1, retried: false)
        let outcome = try await collect(plan, lines: lines)
        XCTAssertTrue(outcome.workerLost)
        XCTAssertEqual(outcome.status, .undefined)
        let told = attempts(outcome)
        XCTAssertEqual(told.map(\.id), [plan.startedId(attempt: 0), plan.startedId(attempt: 1)])
        XCTAssertEqual(told.map(\.finishes), [[true], [false]])
    }
}
