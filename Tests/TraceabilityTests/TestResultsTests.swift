import Foundation
import Traceability
import XCTest

final class TestResultsTests: XCTestCase {
    func test_merge_xunit_reads_outcomes_through_cdata_comments_and_entities() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!-- a comment with <testcase name="fake"/> inside -->
            <testsuites><testsuite name="All" tests="4">
              <testcase classname="ShopTests.CartTests" name="test_a" time="0.1"/>
              <testcase classname='ShopTests.CartTests' name="test_b">
                <failure message="expected &quot;1&quot; &lt; 2"><![CDATA[ </testcase> <skipped/> ]]></failure>
              </testcase>
              <testcase classname="ShopTests.CartTests" name="test_c"><skipped message="later"/></testcase>
              <testcase classname="ShopTests.PriceTests" name="sum() &amp; more"></testcase>
            </testsuite></testsuites>
            """
        var results = TestResults()
        try results.merge(xunit: Data(xml.utf8))
        XCTAssertEqual(
            results.outcome(for: TestIdentifier(module: "ShopTests", suite: "CartTests", test: "test_a")), .passed)
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: nil, suite: "CartTests", test: "test_b")), .failed)
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: nil, suite: "CartTests", test: "test_c")), .skipped)
        XCTAssertEqual(results.outcome(for: TestIdentifier(module: nil, suite: "PriceTests", test: "sum")), .passed)
        XCTAssertNil(results.outcome(for: TestIdentifier(module: nil, suite: "CartTests", test: "fake")))
    }

    func test_merge_malformed_xml_throws_a_clear_error() {
        var results = TestResults()
        XCTAssertThrowsError(try results.merge(xunit: Data("<testsuite><testcase name=\"a".utf8))) { error in
            XCTAssertTrue("\(error)".contains("not xUnit XML: unterminated tag"), "\(error)")
        }
        XCTAssertThrowsError(try results.merge(xunit: Data("hello".utf8)))
    }
}

final class TestInventoryTests: XCTestCase {
    func test_parse_testList_reads_xctest_and_swift_testing_names() {
        let inventory = TestInventory.parse(
            testList: """
                IdentityTests.LoginUseCaseTests/test_execute_with_valid_credentials_returns_session
                CatalogTests.CartSuite/checkoutAddsTotals()
                garbage line
                """)
        XCTAssertEqual(
            inventory.tests.map(\.description).sorted(),
            [
                "CartSuite/checkoutAddsTotals", "LoginUseCaseTests/test_execute_with_valid_credentials_returns_session",
            ])
        XCTAssertTrue(
            inventory.contains(
                TestLink(
                    tag: "@xctest:IdentityTests.LoginUseCaseTests/test_execute_with_valid_credentials_returns_session")!
            ))
        XCTAssertFalse(
            inventory.contains(
                TestLink(
                    tag: "@xctest:OtherModule.LoginUseCaseTests/test_execute_with_valid_credentials_returns_session")!))
        XCTAssertTrue(inventory.contains(TestLink(tag: "@xctest:CartSuite/checkoutAddsTotals()")!))
    }
}
