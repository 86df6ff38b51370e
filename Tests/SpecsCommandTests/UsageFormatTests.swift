import SpecsRunner
import XCTest

/// `--format usage`: each definition with its matches, counts and durations, the unused
/// ones last; `--fail-on-unused` turns unused definitions into a failed run.
final class UsageFormatTests: XCTestCase {
    func test_usage_listsMatchesAndCountsWithUnusedLast_andFailOnUnusedFailsTheRun() async throws {
        let project = try CommandHarness()
        try project.write("Features/a.feature", "Feature: A\n  Scenario: S\n    Given 3 apples\n    And 4 apples\n")
        var steps = StepRegistry { EmptyWorld() }
        steps.given("{int} apples") { (_, _: Int) in }
        steps.given("a pear") { _ in }
        var result = try await project.run(["@/Features", "--format", "usage", "--no-color"], registry: steps)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(
            result.out.hasPrefix(
                "Step definitions: 1 used, 1 unused\n\n{int} apples  Tests/SpecsCommandTests/UsageFormatTests.swift:"),
            result.out)
        XCTAssertTrue(result.out.contains("  2 steps, mean "), result.out)
        XCTAssertTrue(result.out.contains("    3 apples  \(project.path("Features/a.feature")):3\n"), result.out)
        XCTAssertTrue(
            result.out.contains(
                "\nUnused step definitions:\n  a pear  Tests/SpecsCommandTests/UsageFormatTests.swift:"), result.out)

        result = try await project.run(
            ["@/Features", "--dry-run", "--format", "usage", "--fail-on-unused", "--no-color"], registry: steps)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.err.contains(
                "FAILED:\n  - 1 step definition matches no step: Tests/SpecsCommandTests/UsageFormatTests.swift:"),
            result.err)
    }
}
