import Messages
import SpecsRunner
import TagExpressions
import XCTest

final class ExecutionTests: XCTestCase {
    static let threeScenarios = """
        Feature: three
          Scenario: one
            Given step "one"
          Scenario: two
            Given step "two"
          Scenario: three
            Given step "three"
        """

    /// A step's match depends on its own text alone: the same words precomposed (`á`) and
    /// decomposed (`a` and a combining accent), equal as Swift strings, match as the
    /// expression matches each, whichever comes first.
    func test_match_precomposedAndDecomposedTexts_eachMatchesAsItselfInEitherOrder() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("un password válido {string}") { (_, _: String) in }
        let precomposed = "    Given un password v\u{E1}lido \"x\"\n"
        let decomposed = "    Given un password va\u{301}lido \"x\"\n"
        // (`==` of the two texts is true: the order is told by a flag.)
        for (first, second, precomposedFirst) in [(precomposed, decomposed, true), (decomposed, precomposed, false)] {
            let feature = "Feature: f\n  Scenario: one\n" + first + "  Scenario: two\n" + second
            let (summary, envelopes) = try await RunHarness(("f.feature", feature)).run(steps)
            // Each scenario's step status, by the scenario's first step's text.
            var pickles: [String: String] = [:]
            var cases: [String: String] = [:]
            var attempts: [String: String] = [:]
            var statuses: [String: TestStepResultStatus] = [:]
            for envelope in envelopes {
                switch envelope {
                case .pickle(let pickle): pickles[pickle.id] = pickle.name
                case .testCase(let testCase): cases[testCase.id] = pickles[testCase.pickleId]
                case .testCaseStarted(let started): attempts[started.id] = cases[started.testCaseId]
                case .testStepFinished(let finished):
                    statuses[attempts[finished.testCaseStartedId] ?? "?"] = finished.testStepResult.status
                default: break
                }
            }
            let expected: [String: TestStepResultStatus] =
                precomposedFirst ? ["one": .passed, "two": .undefined] : ["one": .undefined, "two": .passed]
            XCTAssertEqual(statuses, expected, "precomposed first: \(precomposedFirst)")
            XCTAssertEqual(summary.scenarios.count, 2)
        }
    }

    func test_hooks_run_in_order_around_scenarios_and_steps() async throws {
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.beforeAll { journal.add("beforeAll") }
        steps.afterAll { journal.add("afterAll 1") }
        steps.afterAll { journal.add("afterAll 2") }
        steps.before { _ in journal.add("before 1") }
        steps.before(tags: "@tagged") { _ in journal.add("before tagged") }
        steps.before { _ in journal.add("before 2") }
        steps.after { _ in journal.add("after 1") }
        steps.after { _ in journal.add("after 2") }
        steps.beforeStep { _ in journal.add("beforeStep") }
        steps.afterStep { _ in journal.add("afterStep") }
        steps.given("step {string}") { (_, name: String) in journal.add("step \(name)") }
        let feature = "Feature: f\n  Scenario: s\n    Given step \"a\"\n    And step \"b\"\n"

        _ = try await RunHarness(("f.feature", feature)).run(steps)

        XCTAssertEqual(
            journal.all,
            [
                "beforeAll", "before 1", "before 2",
                "beforeStep", "step a", "afterStep", "beforeStep", "step b", "afterStep",
                "after 2", "after 1", "afterAll 2", "afterAll 1",
            ])
    }

    func test_after_hooks_run_after_a_failure_and_before_hook_failure_skips_steps() async throws {
        let journal = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.before { _ in throw ExpectationFailure("setup failed") }
        steps.after { _ in journal.add("after") }
        steps.given("step {string}") { (_, name: String) in journal.add("step \(name)") }
        let feature = "Feature: f\n  Scenario: s\n    Given step \"a\"\n"

        let (summary, envelopes) = try await RunHarness(("f.feature", feature)).run(steps)

        XCTAssertEqual(journal.all, ["after"])
        XCTAssertEqual(envelopes.scenarioStatuses, [.failed])
        XCTAssertEqual(summary.exitCode, 1)
    }

    func test_retry_reruns_failed_scenario_until_it_passes() async throws {
        let attempts = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("a flaky step") { _ in
            attempts.add("try")
            if attempts.all.count < 3 { throw ExpectationFailure("not yet") }
        }
        var harness = RunHarness(("f.feature", "Feature: f\n  Scenario: flaky\n    Given a flaky step\n"))
        harness.options.retry = 2

        let (summary, envelopes) = try await harness.run(steps)

        XCTAssertEqual(attempts.all.count, 3)
        XCTAssertEqual(summary.exitCode, 0)
        let retried = envelopes.compactMap { envelope -> Bool? in
            if case .testCaseFinished(let finished) = envelope { return finished.willBeRetried }
            return nil
        }
        XCTAssertEqual(retried, [true, true, false])
    }

    func test_retry_does_not_rerun_undefined_or_pending() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("a pending step") { _ in throw Pending() }
        var harness = RunHarness(
            ("f.feature", "Feature: f\n  Scenario: p\n    Given a pending step\n  Scenario: u\n    Given nothing\n"))
        harness.options.retry = 3
        let (_, envelopes) = try await harness.run(steps)
        let started = envelopes.filter { if case .testCaseStarted = $0 { return true } else { return false } }
        XCTAssertEqual(started.count, 2)
    }

    func test_failFast_stops_after_the_first_failing_scenario() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, name: String) in if name == "one" { throw ExpectationFailure("boom") } }
        var harness = RunHarness(("f.feature", Self.threeScenarios))
        harness.options.failFast = true
        let (_, envelopes) = try await harness.run(steps)
        let started = envelopes.filter { if case .testCaseStarted = $0 { return true } else { return false } }
        XCTAssertEqual(started.count, 1)
    }

    func test_failFast_inParallel_startsNothingOnceATestCaseFailedWhileAnEarlierOneStillRuns() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, name: String) in
            if name == "slow" { try await Task.sleep(nanoseconds: 300_000_000) }
            if name == "fails" { throw ExpectationFailure("boom") }
            // Long enough that a loaded machine does not run several before s2's failure is taken in.
            if name == "quick" { try await Task.sleep(nanoseconds: 200_000_000) }
        }
        let quick = (1...40).map { "  Scenario: q\($0)\n    Given step \"quick\"\n" }.joined()
        var harness = RunHarness(
            (
                "f.feature",
                "Feature: f\n  Scenario: s1\n    Given step \"slow\"\n  Scenario: s2\n    Given step \"fails\"\n"
                    + quick
            ))
        harness.options.failFast = true
        harness.options.parallel = 3
        let (_, envelopes) = try await harness.run(steps)
        let started = envelopes.filter { if case .testCaseStarted = $0 { return true } else { return false } }
        XCTAssertLessThan(started.count, 6, "the failure of s2 stops the run, though s1 before it still runs")
    }

    func test_order_random_with_same_seed_gives_same_order() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, _: String) in }
        let names = (1...12).map { "  Scenario: s\($0)\n    Given step \"x\"\n" }.joined()
        var harness = RunHarness(("f.feature", "Feature: f\n" + names))
        harness.options.order = .random(seed: 42)
        let first = try await harness.run(steps).1.scenarioNames
        let second = try await harness.run(steps).1.scenarioNames
        harness.options.order = .random(seed: 7)
        let other = try await harness.run(steps).1.scenarioNames

        XCTAssertEqual(first, second)
        XCTAssertNotEqual(first, (1...12).map { "s\($0)" })
        XCTAssertNotEqual(first, other)
        XCTAssertEqual(Set(first), Set((1...12).map { "s\($0)" }))
    }

    func test_order_reverse_runs_last_first() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, _: String) in }
        var harness = RunHarness(("f.feature", Self.threeScenarios))
        harness.options.order = .reverse
        let result1 = try await harness.run(steps).1.scenarioNames
        XCTAssertEqual(result1, ["three", "two", "one"])
    }

    func test_line_filter_selects_scenario_and_example_rows() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, _: String) in }
        let feature = """
            Feature: f
              Scenario: one
                Given step "one"
              Scenario Outline: row <n>
                Given step "<n>"
                Examples:
                  | n |
                  | a |
                  | b |
            """
        let result2 = try await RunHarness(("f.feature", feature)).run(steps, lines: [2]).1.scenarioNames
        XCTAssertEqual(result2, ["one"])
        let result3 = try await RunHarness(("f.feature", feature)).run(steps, lines: [9]).1.scenarioNames
        XCTAssertEqual(result3, ["row b"])
        let result4 = try await RunHarness(("f.feature", feature)).run(steps, lines: [4]).1.scenarioNames
        XCTAssertEqual(result4, ["row a", "row b"])
        let result5 = try await RunHarness(("f.feature", feature)).run(steps, lines: [2, 8]).1.scenarioNames
        XCTAssertEqual(result5, ["one", "row a"])
    }

    func test_tags_and_name_filters_select_scenarios() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (_, _: String) in }
        let feature = """
            @all
            Feature: f
              @fast
              Scenario: quick one
                Given step "a"
              @slow
              Scenario: slow one
                Given step "b"
            """
        var harness = RunHarness(("f.feature", feature))
        harness.options.tags = try TagExpressionParserShim.parse("@all and not @slow")
        let result6 = try await harness.run(steps).1.scenarioNames
        XCTAssertEqual(result6, ["quick one"])
        harness.options.tags = .always
        harness.options.names = ["^slow"]
        let result7 = try await harness.run(steps).1.scenarioNames
        XCTAssertEqual(result7, ["slow one"])
    }

    func test_parallel_run_gives_the_same_results_as_serial() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("step {string}") { (world, name: String) in
            world.text = name
            try await Task.sleep(nanoseconds: UInt64.random(in: 0...2_000_000))
            if name.hasSuffix("3") { throw ExpectationFailure("three fails") }
            try expectEqual(world.text, name, "world isolation")
        }
        let scenarios = (1...24).map { "  Scenario: s\($0)\n    Given step \"v\($0)\"\n    And step \"w\($0)\"\n" }
            .joined()
        var harness = RunHarness(("f.feature", "Feature: f\n" + scenarios))
        let (serialSummary, serial) = try await harness.run(steps)
        harness.options.parallel = 4
        let (parallelSummary, parallel) = try await harness.run(steps)

        XCTAssertEqual(parallel.normalised, serial.normalised)
        XCTAssertEqual(parallelSummary.scenarios, serialSummary.scenarios)
        XCTAssertEqual(serialSummary.scenarios[.failed], 3)
    }

    func test_hanging_step_is_stopped_by_the_timeout_and_the_run_goes_on() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("a step that hangs") { _ in
            // Never resumes, ignores cancellation.
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        }
        steps.given("step {string}") { (_, _: String) in }
        let feature = """
            Feature: f
              Scenario: hangs
                Given a step that hangs
                And step "after"
              Scenario: next
                Given step "runs"
            """
        var harness = RunHarness(("f.feature", feature))
        harness.options.stepTimeout = 0.2
        harness.clock = SystemClock()
        let started = Date()
        let (summary, envelopes) = try await harness.run(steps)

        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
        XCTAssertEqual(envelopes.stepStatuses, [.failed, .skipped, .passed])
        XCTAssertEqual(summary.exitCode, 1)
        let message = envelopes.compactMap { envelope -> String? in
            if case .testStepFinished(let f) = envelope, f.testStepResult.status == .failed {
                return f.testStepResult.message
            }
            return nil
        }.first
        XCTAssertTrue(message?.contains("timed out after 0.2s") == true, "\(String(describing: message))")
        XCTAssertTrue(
            message?.contains("did not stop") == true,
            "an abandoned step is not said to be stopped: \(String(describing: message))")
    }

    func test_attachments_from_steps_are_emitted_within_the_step() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("a step that logs") { _ in
            Attach.log("hello")
            Attach.text("{\"a\":1}", mediaType: "application/json")
        }
        let (_, envelopes) = try await RunHarness(
            ("f.feature", "Feature: f\n  Scenario: s\n    Given a step that logs\n")
        ).run(steps)
        let kinds = envelopes.compactMap { envelope -> String? in
            switch envelope {
            case .testStepStarted: "started"
            case .attachment(let attachment): attachment.testRunStartedId == nil ? attachment.mediaType : nil
            case .testStepFinished: "finished"
            default: nil
            }
        }
        XCTAssertEqual(kinds, ["started", "text/x.cucumber.log+plain", "application/json", "finished"])
    }
}

enum TagExpressionParserShim {
    static func parse(_ text: String) throws -> TagExpression { try TagExpressionParser.parse(text) }
}
