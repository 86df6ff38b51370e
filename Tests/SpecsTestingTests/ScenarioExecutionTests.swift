import Locking
import SpecsRunner
import XCTest

@testable import SpecsTesting

final class ScenarioExecutionTests: XCTestCase {
    final class World {
        var log: [String] = []
    }

    private static let feature = """
        Feature: Checkout
          Scenario: Passing
            Given a cart with 2 items

          Scenario: Failing
            Given a cart with 2 items
            Then the total is 9

          Scenario: Undefined
            When the customer pays with "card"

          Scenario: Ambiguous
            Given the same words

          Scenario: Pending
            Given something not written yet

          Scenario: Skipped
            Given nothing to do here
            Then the total is 9
        """

    private var registry: StepRegistry<World> {
        var steps = StepRegistry { World() }
        steps.given("a cart with {int} items") { (world, count: Int) in world.log.append("\(count)") }
        steps.then("the total is {int}") { (_, total: Int) in try expectEqual(total, 2, "total") }
        steps.given("the same words") { _ in }
        steps.given("the same {word}") { (_, _: String) in }
        steps.given("something not written yet") { _ in throw Pending("waiting for the payment API") }
        steps.given("nothing to do here") { _ in throw Skipped("not on Linux") }
        return steps
    }

    private let file = ScenarioTests.FeatureFile(
        path: "Features/checkout.feature", absolutePath: "/work/Features/checkout.feature", module: "CartTests",
        source: feature)

    private func run(line: Int) async -> ScenarioExecution<World>.Outcome {
        await ScenarioExecution(registry: registry).run(file, line: line)
    }

    func test_run_passingScenario_hasNoIssue() async {
        let outcome = await run(line: 2)
        XCTAssertEqual(outcome.issues, [])
        XCTAssertNil(outcome.skippedReason)
    }

    func test_run_failingStep_isReportedAtItsFeatureLineWithTextMessageAndDefinition() async {
        let outcome = await run(line: 5)
        XCTAssertEqual(outcome.issues.count, 1)
        let issue = outcome.issues.first
        XCTAssertEqual(issue?.place, file.place(line: 7, column: 5))
        let message = issue?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix("Features/checkout.feature:7:5: Then the total is 9 — failed\ntotal: expected 2, got 9"),
            message)
        XCTAssertTrue(
            message.contains("(step defined at Tests/SpecsTestingTests/ScenarioExecutionTests.swift:"), message)
    }

    func test_run_registryWithADefinitionProblem_runsNothingAndSaysWhyAtTheScenario() async {
        var steps = registry
        steps.when("the customer pays with {int}") { (_, _: String) in }
        XCTAssertEqual(steps.problems.count, 1)
        // Run alone (`swift test --filter`, Xcode), the test says why, not "undefined".
        let outcome = await ScenarioExecution(registry: steps).run(file, line: 9)
        XCTAssertEqual(outcome.issues.count, 1)
        XCTAssertEqual(outcome.issues.first?.place, file.place(line: 9, column: nil))
        let message = outcome.issues.first?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                "Features/checkout.feature:9: the scenario does not run: step definitions could not be registered"),
            message)
        XCTAssertTrue(message.contains("ScenarioExecutionTests.swift:"), message)
        XCTAssertTrue(message.contains("takes it as String"), message)
        XCTAssertFalse(message.contains("undefined"), message)
    }

    func test_run_undefinedStep_showsTheSnippetThatDefinesIt() async {
        let message = await run(line: 9).issues.first?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                "Features/checkout.feature:10:5: When the customer pays with \"card\" — undefined. Define it with:\n"),
            message)
        XCTAssertTrue(
            message.contains(#"steps.when("the customer pays with {string}") { (world, string1: String) in"#), message)
    }

    func test_run_ambiguousStep_listsTheCandidates() async {
        let message = await run(line: 12).issues.first?.message ?? ""
        XCTAssertTrue(message.hasPrefix("Features/checkout.feature:13:5: Given the same words — ambiguous"), message)
        XCTAssertTrue(message.contains("the same words") && message.contains("the same {word}"), message)
    }

    func test_run_pendingStep_saysPendingAndWhy() async {
        let message = await run(line: 15).issues.first?.message ?? ""
        XCTAssertTrue(
            message.hasPrefix(
                "Features/checkout.feature:16:5: Given something not written yet — pending: waiting for the payment API"
            ), message)
    }

    func test_run_skippedScenario_isSkippedWithItsReasonNotPassed() async {
        let outcome = await run(line: 18)
        XCTAssertEqual(outcome.issues, [])
        XCTAssertEqual(outcome.skippedReason, "not on Linux")
    }

    func test_run_lineWithoutScenario_saysTheTestsAreStale() async {
        let message = await run(line: 3).issues.first?.message ?? ""
        XCTAssertTrue(
            message.contains("Features/checkout.feature:3: no scenario or example row is at this line any more"),
            message)
    }

    func test_run_eachScenario_getsAFreshWorld() async {
        let worlds = Locked(0)
        var steps = StepRegistry { () -> World in
            worlds.withLock { $0 += 1 }
            return World()
        }
        steps.given("a cart with {int} items") { (world, count: Int) in
            try expect(world.log.isEmpty, "the world was used before")
            world.log.append("\(count)")
        }
        for _ in 0..<3 { _ = await ScenarioExecution(registry: steps).run(file, line: 2) }
        XCTAssertEqual(worlds.withLock { $0 }, 3)
    }

    func test_problems_fileThatDoesNotParse_reportsEachErrorAtItsLine() {
        let broken = ScenarioTests.FeatureFile(
            path: "Features/broken.feature", absolutePath: "/b", module: "M",
            source: "Feature: B\n  Scenario: S\n    Given a\n  | not | a step |\n  Scenaro: typo\n")
        let issues = FeatureProblems.issues(in: broken)
        XCTAssertFalse(issues.isEmpty)
        XCTAssertTrue(issues[0].message.hasPrefix("Features/broken.feature:5:"), issues[0].message)
        XCTAssertEqual(issues[0].place, broken.place(line: 5, column: 3))
    }

    func test_problems_unreadableFile_reportsTheReasonAtItsPlace() {
        let file = ScenarioTests.FeatureFile(
            path: "Features/latin1.feature", absolutePath: "/l", module: "M", unreadable: "invalid UTF-8", line: 2,
            column: 4)
        XCTAssertEqual(
            FeatureProblems.issues(in: file).map(\.message), ["Features/latin1.feature:2:4: error: invalid UTF-8"])
    }

    func test_tagSelection_expression_selectsByTagsAndABadOneIsAnError() throws {
        let expression = try TagSelection.parse("@smoke and not @wip").get()
        XCTAssertEqual(expression?.evaluate(["@smoke"]), true)
        XCTAssertEqual(expression?.evaluate(["@smoke", "@wip"]), false)
        XCTAssertNil(try TagSelection.parse("  ").get())
        guard case .failure(let error) = TagSelection.parse("@a and") else { return XCTFail("expected an error") }
        XCTAssertTrue(error.message.hasPrefix("SPECS_TAGS='@a and' is not a tag expression"), error.message)
    }

    /// `SPECS_TAGS` or `SPECS_PROFILE` set to nothing (a CI variable left empty) is not set:
    /// specs.json's tags hold.
    func test_tagSelection_emptyVariable_leavesTheFilesTags() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-tags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try #"{ "default": { "tags": "not @wip" } }"#.write(
            to: directory.appendingPathComponent("specs.json"), atomically: true, encoding: .utf8)
        for (variable, value) in [
            ("SPECS_TAGS", ""), ("SPECS_TAGS", "  "), ("SPECS_PROFILE", ""), ("SPECS_PROFILE", " "),
        ] {
            let selection = TagSelection.read(environment: [variable: value], directory: directory.path)
            let expression = try XCTUnwrap(try selection.expression.get())
            XCTAssertFalse(expression.evaluate(["@wip"]), "'\(value)'")
            XCTAssertTrue(expression.evaluate(["@smoke"]), "'\(value)'")
        }
        let set = TagSelection.read(environment: ["SPECS_TAGS": "@wip"], directory: directory.path)
        XCTAssertTrue(try XCTUnwrap(try set.expression.get()).evaluate(["@wip"]))
    }

    func test_tagSelection_misspeltVariable_isAnErrorNamingTheOneMeant() {
        XCTAssertEqual(
            TagSelection.misspelling(in: ["SPECS_TAG": "@smoke"]),
            "SPECS_TAG is set, which the scenario tests do not read: did you mean SPECS_TAGS?")
        XCTAssertEqual(
            TagSelection.misspelling(in: ["SPEC_PROFILE": "ci"]),
            "SPEC_PROFILE is set, which the scenario tests do not read: did you mean SPECS_PROFILE?")
        XCTAssertNil(TagSelection.misspelling(in: ["SPECS_TAGS": "@a", "SPECS_TAG": "@b"]))
        XCTAssertNil(TagSelection.misspelling(in: ["SPECS_WORKER": "w1", "SPECS_FIXTURE_LEDGER": "x", "PATH": "/"]))
    }

    func test_tagSelection_nameWithoutAt_isRefusedAsTheCommandLineRefusesIt() {
        guard case .failure(let error) = TagSelection.parse("smoke or @wip") else {
            return XCTFail("expected an error")
        }
        XCTAssertEqual(
            error.message, "SPECS_TAGS='smoke or @wip': 'smoke' is not a tag, tags start with @. Did you mean '@smoke'?"
        )
    }

    func test_tagSelection_oldTildeSyntax_isRefusedWithTodaysSyntax() {
        guard case .failure(let error) = TagSelection.parse("~@wip") else { return XCTFail("expected an error") }
        XCTAssertEqual(error.message, "SPECS_TAGS='~@wip': '~@wip' is the old tag syntax; write 'not @wip'")
        guard case .failure(let bare) = TagSelection.parse("~wip") else { return XCTFail("expected an error") }
        XCTAssertEqual(bare.message, "SPECS_TAGS='~wip': '~wip' is the old tag syntax; write 'not @wip'")
    }
}
