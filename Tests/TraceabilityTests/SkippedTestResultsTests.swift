import Foundation
import Traceability
import XCTest

/// A skipped linked test is never proof. The files below are what Swift 6.3.1 on Linux wrote
/// for a package whose XCTest `test_skipped` throws `XCTSkip` and whose Swift Testing
/// `stSkipped()` calls `Test.cancel`: `swift test --parallel --xunit-output` cannot tell either from a pass.
final class SkippedTestResultsTests: XCTestCase {
    static let xctestXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>

        <testsuites>
        <testsuite name="TestResults" errors="0" tests="3" failures="1" time="0.207622894">
        <testcase classname="LibTests.SkipTests" name="test_failed" time="0.081849535">
        <failure message="failure"></failure>
        </testcase>
        <testcase classname="LibTests.SkipTests" name="test_passed" time="0.085872162">
        </testcase>
        <testcase classname="LibTests.SkipTests" name="test_skipped" time="0.039901197">
        </testcase>
        </testsuite>
        </testsuites>
        """

    static let swiftTestingXUnit = """
        <?xml version="1.0" encoding="UTF-8"?>
        <testsuites>
          <testsuite name="TestResults" errors="0" tests="2" failures="0" skipped="1" time="0.001256341">
            <testcase classname="LibTests" name="stDisabled()" >
              <skipped />
            </testcase>
            <testcase classname="LibTests" name="stSkipped()" time="0.00045286" />
            <testcase classname="LibTests" name="stPassed()" time="0.000534731" />
          </testsuite>
        </testsuites>
        """

    /// What `swift test --parallel --verbose` printed (abridged).
    static let printed = """
        [2/3] Testing LibTests.SkipTests/test_passed
        [3/3] Testing LibTests.SkipTests/test_skipped
        Test Case 'SkipTests.test_passed' started at 2026-11-27 04:45:23.432
        Test Case 'SkipTests.test_passed' passed (0.005 seconds)
        Test Case 'SkipTests.test_skipped' started at 2026-11-27 04:45:23.444
        /tmp/skippkg/Tests/LibTests/T.swift:4: SkipTests.test_skipped : Test skipped - not here
        Test Case 'SkipTests.test_skipped' skipped (0.001 seconds)
        Test Case 'SkipTests.test_failed' failed (0.002 seconds)
        ➜ Test stDisabled() skipped.
        ◇ Test stSkipped() started.
        ➜ Test stSkipped() was cancelled after 0.001 seconds: "cancelled"
        ✔ Test stPassed() passed after 0.001 seconds.
        ✔ Test run with 3 tests in 0 suites passed after 0.001 seconds.
        """

    private func test(_ suite: String, _ name: String) -> TestIdentifier {
        TestIdentifier(module: "LibTests", suite: suite, test: name)
    }

    func test_mergeXUnit_swiftTestsOwnFiles_leaveEveryPassUnconfirmed() throws {
        var results = TestResults()
        try results.merge(xunit: Data(Self.xctestXUnit.utf8))
        try results.merge(xunit: Data(Self.swiftTestingXUnit.utf8))
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_skipped")), .unconfirmed)
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_passed")), .unconfirmed)
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_failed")), .failed)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: nil, suite: "LibTests", test: "stSkipped")), .unconfirmed)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: nil, suite: "LibTests", test: "stDisabled")), .skipped)
    }

    func test_mergeTestOutput_afterXUnit_tellsSkippedFromPassed() throws {
        var results = TestResults()
        try results.merge(xunit: Data(Self.xctestXUnit.utf8))
        try results.merge(xunit: Data(Self.swiftTestingXUnit.utf8))
        XCTAssertEqual(results.merge(testOutput: Self.printed), 6)
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_skipped")), .skipped)
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_passed")), .passed)
        XCTAssertEqual(results.outcome(for: test("SkipTests", "test_failed")), .failed)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: nil, suite: "LibTests", test: "stSkipped")), .skipped)
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: nil, suite: "LibTests", test: "stPassed")), .passed)
    }

    func test_mergeTestOutput_alone_readsXCTestLinesOfLinuxAndMacOS() {
        var results = TestResults()
        let count = results.merge(
            testOutput: """
                Test Case '-[ShopTests.CartTests test_total]' passed (0.001 seconds).
                Test Case '-[ShopTests.CartTests test_later]' skipped (0.000 seconds).
                Test Case 'PriceTests.test_sum' passed (0.0 seconds)
                Test Suite 'Selected tests' passed at 2026-11-27 04:45:23.432
                Test Case 'PriceTests.test_sum' started at 2026-11-27 04:45:23.432
                """)
        XCTAssertEqual(count, 3)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: "ShopTests", suite: "CartTests", test: "test_total")), .passed)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: nil, suite: "CartTests", test: "test_later")), .skipped)
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: nil, suite: "PriceTests", test: "test_sum")), .passed)
    }

    func test_mergeTestOutput_swiftTestingNameCancelledInOneSuite_confirmsNoPassOfThatName() throws {
        var results = TestResults()
        try results.merge(
            xunit: Data(
                """
                <testsuites><testsuite name="TestResults">
                <testcase classname="M.A" name="total()"/><testcase classname="M.B" name="total()"/>
                </testsuite></testsuites>
                """.utf8))
        results.merge(
            testOutput: "✔ Test total() passed after 0.1 seconds.\n➜ Test total() was cancelled after 0.1 seconds.\n")
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: "M", suite: "A", test: "total")), .skipped)
    }

    func test_mergeXUnit_anotherWritersFile_isTrustedAsBefore() throws {
        var results = TestResults()
        try results.merge(
            xunit: Data(
                #"<testsuites><testsuite name="ShopTests"><testcase classname="ShopTests.CartTests" name="test_a"/></testsuite></testsuites>"#
                    .utf8))
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: nil, suite: "CartTests", test: "test_a")), .passed)
    }

    func test_row_linkedTestUnconfirmed_isNotCoveredAndSaysWhichResultsToGive() throws {
        var results = TestResults()
        try results.merge(xunit: Data(Self.xctestXUnit.utf8))
        let linked = test("SkipTests", "test_skipped")
        let row = TraceabilityReport.row(
            for: ScenarioRecord(
                name: "S", uri: "Features/a.feature", line: 3, status: .passed,
                tags: [(name: "@xctest:SkipTests/test_skipped", location: nil)]),
            inventory: TestInventory(tests: [linked]), results: results)
        XCTAssertFalse(row.covered)
        XCTAssertEqual(row.reasons.count, 1)
        XCTAssertTrue(
            row.reasons[0].hasPrefix(
                "linked test SkipTests/test_skipped passed or was skipped: the xUnit file of `swift test` cannot tell which"
            ),
            row.reasons[0])
        XCTAssertTrue(row.reasons[0].contains("--test-output"), row.reasons[0])
    }
}
