import XCTest

@testable import SpecsTesting

/// The count every generated `Features` suite makes before its scenarios run.
final class ScenarioCensusTests: XCTestCase {
    private func test(_ module: String, _ line: Int) -> ScenarioCensus.Test {
        ScenarioCensus.Test(module: module, path: "Features/cart.feature", line: line)
    }

    func test_discoveryProblem_compactRecordsIgnored_saysHowManyAndHowToBuildTheTestForm() {
        var census = ScenarioCensus()
        census.discover(test("OtherTests", 3), tags: [])
        let problem = census.discoveryProblem(module: "CartTests", generated: 35, form: .compact) ?? ""
        XCTAssertTrue(
            problem.hasPrefix(
                "CartTests: Swift Testing discovered 0 of the 35 scenario tests generated from its feature files, "
                    + "so 35 scenarios do not run."), problem)
        XCTAssertTrue(problem.contains("`swift test -Xswiftc -DSPECS_SCENARIO_TEST_MACROS`"), problem)
        XCTAssertTrue(problem.contains(#"`swiftSettings: [.define("SPECS_SCENARIO_TEST_MACROS")]`"#), problem)
    }

    func test_discoveryProblem_everyTestDiscoveredOnceOrTwice_isNone() {
        var census = ScenarioCensus()
        for line in [3, 7, 7] { census.discover(test("CartTests", line), tags: ["@a"]) }
        XCTAssertNil(census.discoveryProblem(module: "CartTests", generated: 2, form: .compact))
        let problem = census.discoveryProblem(module: "CartTests", generated: 3, form: .macros) ?? ""
        XCTAssertTrue(problem.contains("discovered 2 of the 3 scenario tests"), problem)
        XCTAssertTrue(problem.contains("so one scenario does not run"), problem)
        XCTAssertTrue(problem.contains("build again (`swift build --build-tests`)"), problem)
    }

    func test_selectionProblem_selectionMatchingNoIncludedTest_failsOnceWithTheTagsInUse() {
        var census = ScenarioCensus()
        census.discover(test("CartTests", 3), tags: ["@smoke"])
        census.discover(test("ShopTests", 4), tags: ["@wip"])
        census.include(test("CartTests", 3), selected: false)
        census.include(test("ShopTests", 4), selected: false)
        let problem = census.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@smok'") ?? ""
        XCTAssertEqual(
            problem,
            "no scenario was selected: SPECS_TAGS='@smok' selects none of the 2 scenario tests this run includes "
                + "(the scenarios' tags are @smoke, @wip). `specs` fails the same selection; correct the tag "
                + "expression, or unset it to run every scenario.")
        XCTAssertNil(census.selectionProblem(module: "ShopTests", selection: "SPECS_TAGS='@smok'"))
        var one = ScenarioCensus()
        one.discover(test("CartTests", 3), tags: ["@smoke"])
        one.include(test("CartTests", 3), selected: false)
        XCTAssertTrue(
            one.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@smok'")?.hasPrefix(
                "no scenario was selected: SPECS_TAGS='@smok' does not select the one scenario test this run includes")
                ?? false)
    }

    func test_selectionProblem_oneSelectedNoSelectionOrNoneIncluded_isNone() {
        var census = ScenarioCensus()
        census.discover(test("CartTests", 3), tags: [])
        XCTAssertNil(
            census.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@x'"), "a filter left none in")
        census.include(test("CartTests", 3), selected: false)
        XCTAssertNil(census.selectionProblem(module: "CartTests", selection: nil))
        XCTAssertTrue(
            census.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@x'")?.contains(
                "no scenario has a tag")
                == true)
        census.include(test("CartTests", 5), selected: true)
        XCTAssertNil(census.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@x'"))
    }
}

extension ScenarioCensusTests {
    func test_selectionProblem_tagsInUse_leaveOutTheLinksToTests() {
        var census = ScenarioCensus()
        let test = ScenarioCensus.Test(module: "CartTests", path: "Features/cart.feature", line: 3)
        census.discover(test, tags: ["@xctest:CartTests/test_total", "@clean"])
        census.include(test, selected: false)
        let problem = census.selectionProblem(module: "CartTests", selection: "SPECS_TAGS='@smok'") ?? ""
        XCTAssertTrue(problem.contains("(the scenarios' tags are @clean)"), problem)
    }
}
