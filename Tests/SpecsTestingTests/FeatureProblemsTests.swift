import XCTest

@testable import SpecsTesting

/// A generated scenario test of a file that does not parse fails with the words the runner,
/// `format`, `lint` and the language server use (`ParseErrorWordingTests`).
final class FeatureProblemsTests: XCTestCase {
    func test_issues_fileThatDoesNotParse_isWordedAsOnEveryOtherPath() {
        let file = ScenarioTests.FeatureFile(
            path: "Features/bad.feature", absolutePath: "/work/Features/bad.feature", module: "CartTests",
            source: "Feature: F\n  Scenario: S\n    Given a step that passes\n  Scenari: misspelt\n")
        XCTAssertEqual(
            FeatureProblems.issues(in: file).map(\.message),
            [
                "Features/bad.feature:4:3: error: 'Scenari: misspelt' cannot stand here; expected the end of the file, a table row, "
                    + "a doc string, a step, a tag, 'Examples:', 'Scenario:', 'Rule:', a comment or an empty line. "
                    + "Did you mean 'Scenario:'?"
            ])
    }
}
