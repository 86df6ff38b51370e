import Foundation
import SpecsRunner
import XCTest

/// What a product owner reads without a click: the reason a scenario fails, a verdict that
/// says whether the release is ready, what a filtered run left out, a trend with its axes.
final class HTMLBookTests: XCTestCase {
    private static let feature = """
        Feature: Lending
          @xctest:LendingTests/test_lend
          Scenario: Lending a book
            Given a step

          @slow
          Scenario Outline: Fines
            Given a fine of <days> days
            Examples:
              | days |
              | 1    |
              | 9    |
        """

    private func project(_ feature: String = feature, passingTest: Bool = true) throws -> CommandHarness {
        let project = try CommandHarness()
        try project.write("Features/lending.feature", feature)
        try project.write(
            "Tests/LendingTests/LendingTests.swift",
            "import XCTest\n\nfinal class LendingTests: XCTestCase {\n    func test_lend() {}\n}\n")
        try project.write(
            "xunit.xml",
            "<testsuites><testsuite name='t'><testcase classname='LendingTests' name='test_lend'>"
                + (passingTest ? "" : "<failure message='no'/>") + "</testcase></testsuite></testsuites>")
        return project
    }

    private var registry: StepRegistry<EmptyWorld> {
        var steps = StepRegistry { EmptyWorld() }
        steps.given("a step") { _ in }
        steps.given("a fine of {int} days") { (_, days: Int) in
            if days > 5 {
                throw ExpectationFailure((1...10).map { "line \($0) of the reason" }.joined(separator: "\n"))
            }
        }
        return steps
    }

    private func page(_ project: CommandHarness, _ extra: [String]) async throws -> String {
        _ = try await project.run(
            ["@/Features", "--tests-dir", "@/Tests", "--format", "html:@/r.html"] + extra, registry: registry)
        return try project.read("r.html")
    }

    func test_htmlReport_failingRow_showsItsStepMessageAndDefinitionWithoutAClick() async throws {
        let html = try ReportPage(try await page(try project(), ["--xunit", "@/xunit.xml"])).chapterText
        XCTAssertTrue(html.contains("<details open><summary>Given a fine of 9 days</summary>"), html)
        let shown = try XCTUnwrap(html.range(of: "<pre class=\"error\">line 1 of the reason"))
        let fold = try XCTUnwrap(html.range(of: "4 more lines of the message"))
        XCTAssertTrue(shown.lowerBound < fold.lowerBound)
        XCTAssertTrue(html[shown.lowerBound..<fold.lowerBound].contains("line 6 of the reason"))
        XCTAssertFalse(html[shown.lowerBound..<fold.lowerBound].contains("line 7 of the reason"), "the rest is folded")
        XCTAssertTrue(html.contains("Step definition at <code>"), "the definition's place, for developers")
        XCTAssertTrue(html.contains("HTMLBookTests.swift:"))
    }

    func test_htmlReport_verdict_saysReadyOrNotReadyAndWhy() async throws {
        let ready = try await page(
            try project("Feature: L\n  @xctest:LendingTests/test_lend\n  Scenario: s\n    Given a step\n"),
            ["--xunit", "@/xunit.xml"])
        XCTAssertTrue(ready.contains("Ready: the scenario passes, and it is verified by a passing test."), ready)
        let failing = try await page(try project(passingTest: false), ["--xunit", "@/xunit.xml"])
        XCTAssertTrue(
            failing.contains("Not ready: 1 of 3 scenarios does not pass; 2 are not verified by a passing test."),
            failing)
        // Without test results it is said once, as the state of the report, not on each scenario.
        let noResults = try await page(try project(), [])
        XCTAssertTrue(
            noResults.contains(
                "Not ready: 1 of 3 scenarios does not pass; no test results were given (--xunit), so none is shown verified by a passing test."
            ), noResults)
        XCTAssertFalse(noResults.contains("give --xunit"), "no scenario repeats the missing option")
        // A run that passed says so first: its exit code and last lines agree; the evidence is what lacks.
        let passedUnverified = try await page(
            try project("Feature: L\n  @xctest:LendingTests/test_lend\n  Scenario: s\n    Given a step\n"), [])
        XCTAssertTrue(
            passedUnverified.contains(
                "Not ready: the scenario passes; no test results were given (--xunit), so none is shown verified"),
            passedUnverified)
    }

    func test_htmlReport_filteredRun_saysWhatItShowsAndLeftOut() async throws {
        let html = try await page(try project(), ["--xunit", "@/xunit.xml", "--tags", "not @slow"])
        XCTAssertTrue(
            html.contains(
                "Selected with --tags &#39;not @slow&#39;: 1 of the 3 scenarios in the files read; 2 left out."),
            html)
        let whole = try await page(try project(), ["--xunit", "@/xunit.xml"])
        XCTAssertFalse(whole.contains("class=\"scope\""), "a whole run says nothing of a selection")
    }

    func test_htmlReport_trend_hasAxesDatesAndEachRunsValues() async throws {
        let project = try project()
        for _ in 1...3 { _ = try await page(project, ["--xunit", "@/xunit.xml", "--history", "@/history"]) }
        let html = try project.read("r.html")
        XCTAssertTrue(html.contains("class=\"axis\""), "labelled axes")
        for label in [">0%</text>", ">50%</text>", ">100%</text>"] { XCTAssertTrue(html.contains(label), label) }
        XCTAssertEqual(html.components(separatedBy: "<circle ").count - 1, 6, "a point per run and rate")
        XCTAssertEqual(html.components(separatedBy: "</td><td>67%</td>").count - 1, 3, "each run's values as text")
        XCTAssertNotNil(
            html.range(of: #"\d+ of \d+ verified"#, options: .regularExpression), "contents counts in words")
    }
}
