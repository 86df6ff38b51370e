import SpecsRunner
import XCTest

/// The last lines and the exit code agree, and every way a run can go wrong is named there.
final class VerdictTests: XCTestCase {
    private func project(
        _ features: [String: String] = ["Features/accounts.feature": VerdictTests.accounts]
    ) throws -> CommandHarness {
        let project = try CommandHarness()
        for (path, text) in features { try project.write(path, text) }
        return project
    }

    static let accounts = """
        Feature: Accounts
          @smoke
          Scenario: Opening an account
            Given a step

          Scenario: Closing an account
            Given a step
        """

    func test_run_everyScenarioPassing_endsWithPassed() async throws {
        let result = try await project().run(["@/Features", "--no-color"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.out.hasSuffix(
                "2 scenarios (2 passed)\n2 steps (2 passed)\n" + lastDuration(result.out)
                    + "\nPASSED: 2 scenarios passed\n"), result.out)
    }

    func test_run_dryRunWithEveryStepDefined_endsWithPassedSayingNothingWasRun() async throws {
        let result = try await project().run(["@/Features", "--dry-run", "--no-color"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.out.hasSuffix("\nPASSED: dry run of 2 scenarios, every step has one definition (nothing was run)\n"),
            result.out)
    }

    func test_run_minCoverageWithoutTestResults_isAUsageError() async throws {
        let result = try await project().run(["@/Features", "--min-coverage", "100"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("error: --min-coverage needs the linked tests' results"), result.err)
        XCTAssertEqual(result.out, "")
    }

    func test_report_minCoverageWithoutTestResults_isAUsageError() async throws {
        let project = try project()
        _ = try await project.run(["@/Features", "--format", "message:@/run.ndjson"])
        let result = try await project.run(["report", "@/run.ndjson", "--min-coverage", "100"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("--min-coverage needs the linked tests' results"), result.err)
    }

    func test_run_xunitFileWithoutTestCases_explainsLinuxParallel() async throws {
        let project = try project()
        try project.write(
            "xunit.xml", #"<?xml version="1.0"?><testsuites><testsuite name="All" tests="0"></testsuite></testsuites>"#)
        let result = try await project.run(["@/Features", "--xunit", "@/xunit.xml"])
        XCTAssertTrue(
            result.err.contains(
                "holds no test results. On Linux, `swift test --xunit-output` writes XCTest results only with --parallel"
            ), result.err)
    }

    func test_run_linkedTestsWithoutResults_areNotCovered() async throws {
        let project = try project([
            "Features/a.feature": "Feature: A\n  @xctest:ATests/test_a\n  Scenario: S\n    Given a step\n"
        ])
        try project.write(
            "Tests/ATests/ATests.swift", "import XCTest\nfinal class ATests: XCTestCase { func test_a() {} }\n")
        let result = try await project.run([
            "@/Features", "--tests-dir", "@/Tests", "--format", "traceability:@/trace.md",
        ])
        let markdown = try project.read("trace.md")
        XCTAssertTrue(
            markdown.contains("Coverage: 0.0% (0 of 1 scenarios passed with a passing linked test; no test results"),
            markdown)
        XCTAssertFalse(result.out.contains("Traceability"), "no terminal table without results: \(result.out)")
    }

    func test_run_brokenDefinitions_runNoScenarioAndSayItLast() async throws {
        var steps = StepRegistry { EmptyWorld() }
        steps.given("a step") { _ in }
        steps.given("{int} accounts exist") { (_, _: Int, _: Int) in }
        steps.given("a transfer of {currency}") { (_, _: String) in }
        steps.given("a (bad|alternation") { _ in }
        let result = try await project().run(["@/Features", "--no-color"], registry: steps)
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.out.contains(" not run)\n"), result.out)
        XCTAssertTrue(
            result.out.hasSuffix(
                "FAILED:\n  - 3 step definitions, hooks or parameter types could not be registered (see the errors above), so no scenario was run\n"
            ), result.out)
        XCTAssertEqual(result.err.components(separatedBy: "error:").count - 1, 3, result.err)
    }

    func test_run_tagWithoutAt_isAUsageErrorSuggestingTheTag() async throws {
        let result = try await project().run(["@/Features", "--tags", "smoke"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("'smoke' is not a tag, tags start with @. Did you mean '@smoke'?"), result.err)
    }

    /// A tag only left out (`not @wip`, specs.json's usual default) that no scenario carries is
    /// the usual case: no warning. One asked for is still warned of.
    func test_run_tagOnlyLeftOutThatNoScenarioCarries_isNotWarnedOf() async throws {
        let quiet = try await project().run(["@/Features", "--tags", "not @wip", "--no-color"])
        XCTAssertFalse(quiet.err.contains("warning"), quiet.err)
        let mixed = try await project().run(["@/Features", "--tags", "@smok or not (@wpi and not @x)", "--no-color"])
        XCTAssertTrue(mixed.err.contains("no scenario has the tag @smok."), mixed.err)
        XCTAssertTrue(mixed.err.contains("no scenario has the tag @x."), mixed.err)
        XCTAssertFalse(mixed.err.contains("@wpi"), mixed.err)
    }

    func test_run_tagNoScenarioCarries_warnsWithTheNearestAndFailsForSelectingNothing() async throws {
        let result = try await project().run(["@/Features", "--tags", "@smok", "--no-color"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.err.contains("warning: --tags: no scenario has the tag @smok. Did you mean '@smoke'?"), result.err)
        XCTAssertTrue(
            result.out.hasSuffix(
                "FAILED:\n  - no scenario was selected: --tags '@smok' matches none of the 2 scenarios\n"), result.out)
    }

    func test_run_lineThatNamesNoScenario_isAnErrorNamingTheNearest() async throws {
        let project = try project()
        let result = try await project.run(["@/Features/accounts.feature:999"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains(
                "accounts.feature:999:1: error: no scenario or example row is at line 999. "
                    + "Nearest: line 3 (Opening an account), line 6 (Closing an account)."), result.err)
    }

    func test_run_emptyFeaturesFolder_failsForSelectingNothing() async throws {
        let project = try project([:])
        try FileManager.default.createDirectory(atPath: project.path("Features"), withIntermediateDirectories: true)
        let result = try await project.run(["@/Features", "--no-color"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("  - no scenario was selected: no .feature file under "), result.out)
    }

    func test_run_misspeltKeywordThatBreaksTheGrammar_suggestsTheKeyword() async throws {
        let project = try project([
            "Features/a.feature": "Feature: A\n  Scenario: S\n    Given a step\n  Scenaro: T\n    Given a step\n"
        ])
        let result = try await project.run(["@/Features"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("a.feature:4:3: error: 'Scenaro: T' cannot stand here; expected "), result.err)
        XCTAssertTrue(result.err.contains(". Did you mean 'Scenario:'?\n    Scenaro: T\n    ^\n"), result.err)
    }

    func test_run_englishKeywordInASpanishFile_namesTheSpanishOne() async throws {
        let project = try project([
            "Features/a.feature": "# language: es\nCaracterística: A\n  Escenario: S\n    Dado un paso\n  Scenario: T\n"
        ])
        let result = try await project.run(["@/Features"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains("'Scenario:' is English, but this file's language is 'es': use 'Escenario:'"),
            result.err)
    }

    func test_report_streamCutBeforeTheRunFinished_isIncomplete() async throws {
        let project = try project()
        _ = try await project.run(["@/Features", "--format", "message:@/run.ndjson"])
        let lines = try project.read("run.ndjson").split(separator: "\n")
        let cut = lines.prefix { !$0.contains("\"testCaseFinished\"") }
        try project.write("cut.ndjson", cut.joined(separator: "\n") + "\n")
        let result = try await project.run([
            "report", "@/cut.ndjson", "--format", "summary", "--format", "junit:@/junit.xml",
        ])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains("the run is incomplete: 1 scenario never finished"), result.out)
        XCTAssertTrue(
            result.out.contains("2 scenarios (1 not finished, 1 not run)"), "nothing counted as passed: \(result.out)")
        XCTAssertTrue(
            result.err.contains("accounts.feature:3: error: 'Opening an account' started and never finished"),
            result.err)
        let junit = try project.read("junit.xml")
        XCTAssertTrue(junit.contains("tests=\"2\" failures=\"2\" skipped=\"0\""), junit)
    }

    func test_report_streamWithCRLFAndANewerMessageType_loadsWithOneWarning() async throws {
        let project = try project()
        _ = try await project.run(["@/Features", "--format", "message:@/run.ndjson"])
        let lines = try project.read("run.ndjson").split(separator: "\n").map(String.init)
        let newer =
            [lines[0], #"{"testRunHookProgress":{"id":"x"}}"#, #"{"testRunHookProgress":{"id":"y"}}"#]
            + lines.dropFirst()
        try project.write("crlf.ndjson", newer.joined(separator: "\r\n") + "\r\n")
        let result = try await project.run(["report", "@/crlf.ndjson", "--format", "summary"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertEqual(result.err.components(separatedBy: "warning:").count - 1, 1, result.err)
        XCTAssertTrue(
            result.err.contains("skipped message types this version does not know: testRunHookProgress"), result.err)
        XCTAssertTrue(result.out.contains("2 scenarios (2 passed)"), result.out)
    }

    private func lastDuration(_ out: String) -> String {
        out.split(separator: "\n").last { $0.hasPrefix("0m") }.map(String.init) ?? ""
    }
}
