import Foundation
import Locking
import Messages
import SpecsRunner
import XCTest

/// A clock that moves only when the test says so.
final class ManualClock: RunClock, Sendable {
    private let nanoseconds = Locked<UInt64>(0)

    func now() -> Timestamp { Timestamp(nanoseconds: read()) }
    func monotonicNanoseconds() -> UInt64 { read() }
    func advance(seconds: Double) { nanoseconds.withLock { $0 += UInt64(seconds * 1_000_000_000) } }
    private func read() -> UInt64 { nanoseconds.withLock { $0 } }
}

/// Hooks keep their promises: after hooks always run and are told the result, hooks
/// know their scenario, a timed-out step is cancelled on the run's clock.
final class HookAndTimeoutTests: XCTestCase {
    func test_timeout_deadline_comesFromTheInjectedClock_andTheCancelledStepStopsAndAfterHooksRun() async throws {
        let clock = ManualClock()
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a step that waits for a reply") { world in
            world.text = "waiting"
            clock.advance(seconds: 3601)
            // Waits cooperatively: a cancelled task's sleep throws at once.
            try await Task.sleep(nanoseconds: 60_000_000_000)
            world.text = "reply came"
        }
        steps.given("another step") { _ in journal.add("another step ran") }
        steps.after { world, context in
            journal.add("after \(context.scenario.name): \(context.status?.rawValue ?? "?"), world \(world.text)")
        }
        var harness = RunHarness(
            (
                "f.feature",
                "Feature: f\n  Scenario: slow\n    Given a step that waits for a reply\n    And another step\n"
            ))
        harness.options.stepTimeout = 3600
        harness.clock = clock
        let started = Date()
        let (_, envelopes) = try await harness.run(steps)

        XCTAssertLessThan(Date().timeIntervalSince(started), 5, "an hour on the run's clock, not on the wall's")
        XCTAssertEqual(envelopes.stepStatuses, [.failed, .skipped, .passed])
        XCTAssertEqual(journal.all, ["after slow: FAILED, world waiting"])
        let message = envelopes.failureMessages.first ?? ""
        XCTAssertTrue(message.contains("timed out after 3600.0s; the step was cancelled and stopped"), message)
    }

    func test_timeout_stepThatStoppedWhenCancelled_leavesItsRetryAndTheNextScenarioUncancelled() async throws {
        // Test cases run in turn in one task, and cancelling it is how a step is told its time
        // is up: what runs after a cancelled step must run in a task that is not cancelled.
        let clock = ManualClock()
        let calls = Locked(0)
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a step that is slow the first time") { _ in
            if calls.withLock({
                $0 += 1
                return $0
            }) == 1 {
                clock.advance(seconds: 11)
                try await Task.sleep(nanoseconds: 60_000_000_000)
            }
            journal.add("slow step: cancelled \(Task.isCancelled)")
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        steps.given("a step that waits a moment") { _ in
            journal.add("next scenario: cancelled \(Task.isCancelled)")
            try await Task.sleep(nanoseconds: 1_000_000)
        }
        var harness = RunHarness(
            (
                "f.feature",
                "Feature: f\n  Scenario: slow once\n    Given a step that is slow the first time\n"
                    + "  Scenario: next\n    Given a step that waits a moment\n"
            ))
        harness.options.stepTimeout = 10
        harness.options.retry = 1
        harness.clock = clock
        let (summary, envelopes) = try await harness.run(steps)

        XCTAssertEqual(calls.withLock { $0 }, 2, "the first attempt timed out and was retried")
        XCTAssertEqual(envelopes.stepStatuses, [.passed, .passed], "the retry and the next scenario pass")
        XCTAssertEqual(journal.all, ["slow step: cancelled false", "next scenario: cancelled false"])
        XCTAssertTrue(summary.verdict.passed)
    }

    func test_timeout_afterHooksOfAStepCancelledAtItsTimeout_canStillAwait() async throws {
        // After hooks clean up: a step cancelled at its timeout leaves them a task that is not.
        let clock = ManualClock()
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a step that waits for a reply") { _ in
            clock.advance(seconds: 11)
            try await Task.sleep(nanoseconds: 60_000_000_000)
        }
        steps.afterStep { _, _ in
            try await Task.sleep(nanoseconds: 1_000_000)
            journal.add("after step closed the connection")
        }
        steps.after { _, _ in
            try await Task.sleep(nanoseconds: 1_000_000)
            journal.add("after scenario dropped the database")
        }
        var harness = RunHarness(
            ("f.feature", "Feature: f\n  Scenario: slow\n    Given a step that waits for a reply\n"))
        harness.options.stepTimeout = 10
        harness.clock = clock
        let (_, envelopes) = try await harness.run(steps)

        XCTAssertEqual(journal.all, ["after step closed the connection", "after scenario dropped the database"])
        XCTAssertEqual(envelopes.stepStatuses, [.failed, .passed], "the timed-out step, then the after hook")
    }

    func test_afterStep_runsAfterAFailingStepAndIsToldItsStatus() async throws {
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a failing step") { _ in throw ExpectationFailure("no") }
        steps.afterStep { _, context in journal.add("\(context.step ?? "?"): \(context.status?.rawValue ?? "?")") }
        _ = try await RunHarness(("f.feature", "Feature: f\n  Scenario: s\n    Given a failing step\n")).run(steps)
        XCTAssertEqual(journal.all, ["a failing step: FAILED"])
    }

    func test_hooks_areToldTheScenarioNameTagsAndPlace() async throws {
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a step") { _ in }
        steps.before { _, context in
            journal.add(
                "\(context.scenario.name) \(context.scenario.tags) \(context.scenario.uri):\(context.scenario.line)")
        }
        _ = try await RunHarness(("f.feature", "Feature: f\n  @smoke\n  Scenario: tagged\n    Given a step\n")).run(
            steps)
        XCTAssertEqual(journal.all, ["tagged [\"@smoke\"] f.feature:3"])
    }

    func test_worldFactory_canAwaitAndThrow_aThrowingOneFailsTheScenarioWithItsError() async throws {
        struct NoDatabase: Error, CustomStringConvertible { var description: String { "the database is down" } }
        var steps = StepRegistry { () async throws -> TestWorld in
            await Task.yield()
            throw NoDatabase()
        }
        steps.given("a step") { _ in }
        let (summary, envelopes) = try await RunHarness(("f.feature", "Feature: f\n  Scenario: s\n    Given a step\n"))
            .run(steps)
        XCTAssertEqual(summary.exitCode, 1)
        XCTAssertEqual(envelopes.stepStatuses, [.failed])
        XCTAssertEqual(envelopes.failureMessages, ["the scenario's world could not be made: the database is down"])
    }
}

extension Array where Element == Envelope {
    var failureMessages: [String] {
        compactMap { envelope in
            if case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed {
                return finished.testStepResult.message
            }
            return nil
        }
    }
}
