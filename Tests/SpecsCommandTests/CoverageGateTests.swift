import Foundation
import XCTest

/// `--min-coverage 100` fails when a scenario loses its link, its linked test is
/// renamed, or its linked test fails; each time the message names the scenario.
final class CoverageGateTests: XCTestCase {
    static let feature = """
        Feature: Checkout

          @xctest:CartTests/test_checkout_with_items_returns_total
          Scenario: Paying for the cart
            Given a step
        """
    static let tests = """
        import XCTest

        final class CartTests: XCTestCase {
            func test_checkout_with_items_returns_total() {}
            func test_checkout_without_items_returns_zero() {}
        }
        """

    static func xunit(failing: Bool) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites><testsuite name="CartTests" tests="2" failures="\(failing ? 1 : 0)">
        <testcase classname="ShopTests.CartTests" name="test_checkout_with_items_returns_total" time="0.01">\(failing ? "<failure message=\"XCTAssertEqual failed\"></failure>" : "")</testcase>
        <testcase classname="ShopTests.CartTests" name="test_checkout_without_items_returns_zero" time="0.01"></testcase>
        </testsuite></testsuites>
        """
    }

    func makeProject(feature: String = feature, tests: String = tests, failing: Bool = false) throws -> CommandHarness {
        let project = try CommandHarness()
        try project.write("Features/checkout.feature", feature)
        try project.write("Tests/ShopTests/CartTests.swift", tests)
        try project.write("xunit.xml", Self.xunit(failing: failing))
        return project
    }

    let arguments = [
        "@/Features", "--tests-dir", "@/Tests", "--xunit", "@/xunit.xml", "--min-coverage", "100", "--no-color",
    ]

    func test_minCoverage_with_passing_linked_test_exits_zero() async throws {
        let result = try await makeProject().run(arguments)
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("Coverage: 100.0% (1 of 1"), result.out)
    }

    func test_minCoverage_without_link_exits_one_naming_the_scenario() async throws {
        let unlinked = Self.feature.replacingOccurrences(
            of: "  @xctest:CartTests/test_checkout_with_items_returns_total\n", with: "")
        let result = try await makeProject(feature: unlinked).run(arguments)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.err.contains("Features/checkout.feature:3: 'Paying for the cart': no @xctest link"), result.err)
    }

    func test_minCoverage_with_renamed_test_exits_one_naming_scenario_tag_line_and_nearest_test() async throws {
        let renamed = Self.tests.replacingOccurrences(
            of: "test_checkout_with_items_returns_total", with: "test_checkout_with_items_returns_sum")
        let result = try await makeProject(tests: renamed).run(arguments)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.err.contains(
                "Features/checkout.feature:3:3: error: scenario 'Paying for the cart' links @xctest:CartTests/test_checkout_with_items_returns_total, but no such test exists."
            ), result.err)
        XCTAssertTrue(
            result.err.contains("Nearest existing tests: CartTests/test_checkout_with_items_returns_sum"), result.err)
    }

    func test_minCoverage_with_failing_linked_test_exits_one_naming_the_scenario() async throws {
        let result = try await makeProject(failing: true).run(arguments)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.err.contains(
                "'Paying for the cart': linked test CartTests/test_checkout_with_items_returns_total failed"),
            result.err)
    }

    func test_minCoverage_with_failing_scenario_exits_one() async throws {
        let failingScenario = Self.feature.replacingOccurrences(of: "Given a step", with: "Given a failing step")
        let result = try await makeProject(feature: failingScenario).run(arguments)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.err.contains("'Paying for the cart': scenario failed"), result.err)
    }

    func test_traceability_markdown_lists_unlinked_tests() async throws {
        let project = try makeProject()
        let result = try await project.run(arguments + ["--format", "traceability:@/reports/trace.md"])
        XCTAssertEqual(result.code, 0, result.err)
        let markdown = try project.read("reports/trace.md")
        XCTAssertTrue(
            markdown.contains(
                "| Paying for the cart | `test_checkout_with_items_returns_total` | CartTests | passed | passed |"),
            markdown)
        XCTAssertTrue(markdown.contains("`CartTests/test_checkout_without_items_returns_zero`"), markdown)
    }

    func test_traceability_markdown_escapesMarkupInNames() async throws {
        let hostile = Self.feature.replacingOccurrences(
            of: "Scenario: Paying for the cart", with: "Scenario: Pay *now* | [link](x) `code` _it_")
        let project = try makeProject(feature: hostile)
        _ = try await project.run(arguments + ["--format", "traceability:@/reports/trace.md"])
        let markdown = try project.read("reports/trace.md")
        XCTAssertTrue(markdown.contains("| Pay \\*now\\* \\| \\[link\\]\\(x\\) \\`code\\` \\_it\\_ |"), markdown)
    }
}
