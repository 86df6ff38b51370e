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

    /// A test file with CRLF line ends (committed from Windows) lists its tests as its LF twin
    /// does: `"\r\n"` is one Character, and a split at `"\n"` read the file as one line.
    func test_scan_testFileWithCRLFLineEnds_listsItsTests() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-scan-\(UUID().uuidString)")
        let tests = directory.appendingPathComponent("ShopTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let text =
            "import XCTest\n\nfinal class CartTests: XCTestCase {\n    func test_total() {}\n}\n\n"
            + "import Testing\n\nstruct CouponTests {\n    @Test func halves() {}\n}\n"
        try text.replacingOccurrences(of: "\n", with: "\r\n")
            .write(to: tests.appendingPathComponent("CartTests.swift"), atomically: true, encoding: .utf8)
        let inventory = TestInventory.scan(directory: directory.path)
        XCTAssertEqual(Set(inventory.tests.map(\.description)), ["CartTests/test_total", "CouponTests/halves"])
    }

    /// Tests `swift test` runs that the scanner missed (tester X's X5): a subclass of a base test
    /// case declared in another file, tests in an extension, parameterized and deprecated
    /// `@Test`s, and every test after a multi-line string literal holding `/*`.
    func test_scan_testsThroughABaseClassExtensionsArgumentsAndAfterAStringHoldingAComment_areFound() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-scan-\(UUID().uuidString)")
        let tests = directory.appendingPathComponent("ShopTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let files = [
            "Base.swift": "import XCTest\n\nclass ShopTestCase: XCTestCase {\n    func helper() {}\n}\n",
            "CartTests.swift": "final class CartTests: ShopTestCase {\n    func test_total() {}\n}\n",
            "PriceTests.swift": "import XCTest\n\nfinal class PriceTests: XCTestCase {}\n\n"
                + "extension PriceTests {\n    func test_rounding() {}\n}\n",
            "CouponTests.swift": "import Testing\n\n@Suite struct CouponTests {\n"
                + "    @Test(arguments: [1, 2, 3]) func discount(percent: Int) {}\n"
                + "    @available(*, deprecated) @Test func oldOne() {}\n}\n",
            "IgnoreTests.swift": "import XCTest\n\nfinal class IgnoreTests: XCTestCase {\n"
                + "    let fixture = \"\"\"\n        Sources/*.generated.swift\n        \"\"\"\n"
                + "    func test_ignores_generated() {}\n}\n\nfinal class PathTests: XCTestCase {\n"
                + "    func test_paths() {}\n}\n",
            "Helpers.swift": "struct Helper {\n    func test_notATest() {}\n}\n"
                + "extension XCTestCase {\n    func testHelperOfEveryCase() {}\n}\n",
        ]
        for (name, text) in files {
            try text.write(to: tests.appendingPathComponent(name), atomically: true, encoding: .utf8)
        }
        let inventory = TestInventory.scan(directory: directory.path)
        XCTAssertEqual(
            Set(inventory.tests.map(\.description)),
            [
                "CartTests/test_total", "PriceTests/test_rounding", "CouponTests/discount", "CouponTests/oldOne",
                "IgnoreTests/test_ignores_generated", "PathTests/test_paths",
            ])
    }

    /// A `@Test` at file level is in the suite named after its module, as Swift Testing's xUnit
    /// report names it: `@xctest:ShopTests/unknownCouponThrows` links it and its result counts.
    func test_fileLevelSwiftTestingTest_isLinkableAsModuleSlashFunction() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-scan-\(UUID().uuidString)")
        let tests = directory.appendingPathComponent("ShopTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try
            "import Testing\n\n@Test func unknownCouponThrows() {}\n\nstruct CouponTests {\n    @Test func halves() {}\n}\n"
            .write(to: tests.appendingPathComponent("CouponTests.swift"), atomically: true, encoding: .utf8)
        let inventory = TestInventory.scan(directory: directory.path)
        let link = try XCTUnwrap(TestLink(tag: "@xctest:ShopTests/unknownCouponThrows"))
        let test = try XCTUnwrap(inventory.tests.first { $0.test == "unknownCouponThrows" })
        XCTAssertEqual(test.description, "ShopTests/unknownCouponThrows")
        XCTAssertTrue(inventory.tests.contains { $0.description == "CouponTests/halves" })
        XCTAssertEqual(link.name, test.description)
        var results = TestResults()
        let xunit =
            #"<testsuites><testsuite name="TestResults">"#
            + #"<testcase classname="ShopTests" name="unknownCouponThrows()"/></testsuite></testsuites>"#
        try results.merge(xunit: Data(xunit.utf8))
        results.merge(testOutput: "✔ Test unknownCouponThrows() passed after 0.001 seconds.\n")
        XCTAssertEqual(results.outcome(for: test), .passed)
        let listed = TestInventory.parse(testList: "ShopTests.unknownCouponThrows()\nShopTests.CouponTests/halves()\n")
        XCTAssertTrue(
            listed.tests.contains(TestIdentifier(module: "ShopTests", suite: "ShopTests", test: "unknownCouponThrows")))
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
