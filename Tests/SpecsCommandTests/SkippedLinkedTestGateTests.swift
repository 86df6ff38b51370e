import Foundation
import XCTest

/// A skipped linked test is never proof: the xUnit file `swift test --parallel` writes on
/// Linux holds a test that called `XCTSkip` as a bare testcase, as it holds a pass, so the
/// gate needs what `swift test` printed (`--test-output`) to count the test as passed.
final class SkippedLinkedTestGateTests: XCTestCase {
    /// As Swift 6.3.1 on Linux writes it, whether the linked test passed or was skipped.
    static let swiftTestXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>

        <testsuites>
        <testsuite name="TestResults" errors="0" tests="2" failures="0" time="0.2">
        <testcase classname="ShopTests.CartTests" name="test_checkout_with_items_returns_total" time="0.08">
        </testcase>
        <testcase classname="ShopTests.CartTests" name="test_checkout_without_items_returns_zero" time="0.08">
        </testcase>
        </testsuite>
        </testsuites>
        """

    static func printed(_ outcome: String) -> String {
        """
        [1/2] Testing ShopTests.CartTests/test_checkout_with_items_returns_total
        Test Case 'CartTests.test_checkout_with_items_returns_total' started at 2026-11-27 04:45:23.430
        Test Case 'CartTests.test_checkout_with_items_returns_total' \(outcome) (0.001 seconds)
        """
    }

    private func project(printed outcome: String? = nil) throws -> CommandHarness {
        let project = try CommandHarness()
        try project.write("Features/checkout.feature", CoverageGateTests.feature)
        try project.write("Tests/ShopTests/CartTests.swift", CoverageGateTests.tests)
        try project.write("xunit.xml", Self.swiftTestXUnit)
        if let outcome { try project.write("printed.txt", Self.printed(outcome)) }
        return project
    }

    private let arguments = [
        "@/Features", "--tests-dir", "@/Tests", "--xunit", "@/xunit.xml", "--min-coverage", "100", "--no-color",
    ]

    func test_minCoverage_swiftTestXUnitAlone_exitsOneSayingItCannotTellASkipFromAPass() async throws {
        let result = try await project().run(arguments)
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertTrue(
            result.err.contains(
                "'Paying for the cart': linked test CartTests/test_checkout_with_items_returns_total passed or was skipped: "
                    + "the xUnit file of `swift test` cannot tell which"), result.err)
        XCTAssertTrue(result.err.contains("--test-output"), result.err)
    }

    func test_minCoverage_printedSkipped_exitsOneNamingTheSkippedTest() async throws {
        let result = try await project(printed: "skipped").run(arguments + ["--test-output", "@/printed.txt"])
        XCTAssertEqual(result.code, 1, result.err)
        XCTAssertTrue(
            result.err.contains(
                "'Paying for the cart': linked test CartTests/test_checkout_with_items_returns_total skipped"),
            result.err)
    }

    func test_minCoverage_printedPassed_exitsZero() async throws {
        let result = try await project(printed: "passed").run(arguments + ["--test-output", "@/printed.txt"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(result.out.contains("Coverage: 100.0% (1 of 1"), result.out)
    }

    func test_minCoverage_testOutputAlone_isEnoughResults() async throws {
        let project = try project(printed: "passed")
        let result = try await project.run(
            ["@/Features", "--tests-dir", "@/Tests", "--test-output", "@/printed.txt", "--min-coverage", "100"])
        XCTAssertEqual(result.code, 0, result.err)
    }

    func test_testOutput_missingFile_isAUsageError() async throws {
        let result = try await project().run(arguments + ["--test-output", "@/nothing.txt"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("--test-output: '"), result.err)
        XCTAssertTrue(result.err.contains("does not exist"), result.err)
    }
}
