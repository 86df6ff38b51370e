import SpecsReporting
import SpecsRunner
import XCTest

final class VerdictTextTests: XCTestCase {
    private func sentence(_ problem: RunVerdict.Problem) -> String {
        VerdictText.render(RunVerdict(scenarios: [:], problems: [problem]), palette: .none)
    }

    func test_render_incompleteStreamWithNoScenarioUnfinished_saysTheStreamEndedEarly() {
        XCTAssertEqual(
            sentence(.incomplete(unfinished: 0)),
            "FAILED:\n  - the run is incomplete: its stream ends before the run finished\n")
    }

    func test_render_countsOfOneAndMany_areWordedForEach() {
        XCTAssertEqual(
            sentence(.incomplete(unfinished: 1)), "FAILED:\n  - the run is incomplete: 1 scenario never finished\n")
        XCTAssertEqual(
            sentence(.incomplete(unfinished: 2)), "FAILED:\n  - the run is incomplete: 2 scenarios never finished\n")
        XCTAssertTrue(
            sentence(.missingPickles(["test case a (pickle b)"])).contains("1 test case has no pickle, so its scenario")
        )
        XCTAssertTrue(
            sentence(.missingPickles(["a", "b"])).contains("2 test cases have no pickle, so their scenarios"))
    }

    func test_add_problemsFoundInAnyOrder_keepOneOrder() {
        var verdict = RunVerdict(scenarios: [.failed: 1], problems: [])
        verdict.add(.coverage("below 100%"))
        verdict.addScenarioProblems()
        verdict.add(.interrupted(signal: "SIGINT"))
        verdict.add(.unparsableFiles(["a.feature:3"]))
        XCTAssertEqual(
            verdict.problems,
            [
                .interrupted(signal: "SIGINT"), .unparsableFiles(["a.feature:3"]), .scenarios(.failed, count: 1),
                .coverage("below 100%"),
            ])
        XCTAssertEqual(verdict.exitCode, 2)
    }
}
