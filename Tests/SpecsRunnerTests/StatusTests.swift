import Messages
import SpecsRunner
import XCTest

final class StatusTests: XCTestCase {
    static let feature = """
        Feature: statuses

          Scenario: every status
            Given a passing step
            And a failing step
            And a passing step

          Scenario: pending
            Given a pending step
            And a passing step

          Scenario: skipped
            Given a skipping step
            And a passing step

          Scenario: undefined
            Given a step nobody defined
            And a passing step

          Scenario: ambiguous
            Given an ambiguous step
            And a passing step
        """

    static func registry() -> StepRegistry<TestWorld> {
        var steps = StepRegistry { TestWorld() }
        steps.given("a passing step") { _ in }
        steps.given("a failing step") { _ in throw ExpectationFailure("expected 1, got 2") }
        steps.given("a pending step") { _ in throw Pending("not yet") }
        steps.given("a skipping step") { _ in throw Skipped("not here") }
        steps.given("an ambiguous step") { _ in }
        steps.step(regex: "^an ambiguous (.*)$") { (_, _: String) in }
        return steps
    }

    func test_run_each_kind_of_step_reports_its_status() async throws {
        let (summary, envelopes) = try await RunHarness(("s.feature", Self.feature)).run(Self.registry())

        XCTAssertEqual(
            envelopes.stepStatuses,
            [
                .passed, .failed, .skipped,
                .pending, .skipped,
                .skipped, .skipped,
                .undefined, .skipped,
                .ambiguous, .skipped,
            ])
        XCTAssertEqual(envelopes.scenarioStatuses, [.failed, .pending, .skipped, .undefined, .ambiguous])
        XCTAssertEqual(summary.exitCode, 1)
    }

    func test_tally_every_status_equals_the_counts_of_scenario_results() async throws {
        var harness = RunHarness(("s.feature", Self.feature))
        harness.options.retry = 1
        let (_, envelopes) = try await harness.run(Self.registry())
        let ledger = envelopes.ledger

        let tally = ledger.tally()

        var scenarios: [TestStepResultStatus: Int] = [:]
        var steps: [TestStepResultStatus: Int] = [:]
        for result in ledger.scenarioResults {
            scenarios[result.status, default: 0] += 1
            for step in result.steps {
                if case .step = step.kind { steps[step.status, default: 0] += 1 }
            }
        }
        XCTAssertEqual(tally.scenarios, scenarios)
        XCTAssertEqual(tally.steps, steps)
        XCTAssertEqual(tally.scenarios[.failed], 1)
        XCTAssertEqual(tally.steps[.skipped], 6)
    }

    func test_run_failed_step_carries_message_and_exception() async throws {
        let (_, envelopes) = try await RunHarness(("s.feature", Self.feature)).run(Self.registry())
        let failed = envelopes.compactMap { envelope -> TestStepResult? in
            if case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed {
                return finished.testStepResult
            }
            return nil
        }
        XCTAssertEqual(failed.count, 1)
        XCTAssertTrue(
            failed.first?.message?.contains("expected 1, got 2") == true, "\(String(describing: failed.first?.message))"
        )
        XCTAssertNotNil(failed.first?.exception)
    }

    func test_run_undefined_step_suggests_a_swift_snippet() async throws {
        let (_, envelopes) = try await RunHarness(("s.feature", Self.feature)).run(Self.registry())
        let snippets = envelopes.compactMap { envelope -> String? in
            if case .suggestion(let suggestion) = envelope { return suggestion.snippets.first?.code }
            return nil
        }
        XCTAssertEqual(
            snippets,
            [
                """
                steps.given("a step nobody defined") { world in
                    throw Pending()
                }
                """
            ])
    }

    func test_run_ambiguous_step_lists_every_matching_definition() async throws {
        let (_, envelopes) = try await RunHarness(("s.feature", Self.feature)).run(Self.registry())
        let message =
            envelopes.compactMap { envelope -> String? in
                if case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .ambiguous {
                    return finished.testStepResult.message
                }
                return nil
            }.first ?? ""
        XCTAssertTrue(message.contains("'an ambiguous step' at Tests/SpecsRunnerTests/StatusTests.swift"), message)
        XCTAssertTrue(message.contains("'^an ambiguous (.*)$' at Tests/SpecsRunnerTests/StatusTests.swift"), message)
    }

    func test_run_only_passing_and_skipped_scenarios_exits_zero() async throws {
        let feature = """
            Feature: ok
              Scenario: a
                Given a passing step
              Scenario: b
                Given a skipping step
            """
        let (summary, _) = try await RunHarness(("ok.feature", feature)).run(Self.registry())
        XCTAssertEqual(summary.exitCode, 0)
    }

    func test_run_dry_run_skips_defined_steps_and_keeps_undefined() async throws {
        var harness = RunHarness(("s.feature", Self.feature))
        harness.options.dryRun = true
        let (_, envelopes) = try await harness.run(Self.registry())
        XCTAssertFalse(envelopes.stepStatuses.contains(.failed))
        XCTAssertTrue(envelopes.stepStatuses.contains(.undefined))
        XCTAssertTrue(envelopes.stepStatuses.contains(.ambiguous))
    }
}
