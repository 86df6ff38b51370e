import Gherkin
import XCTest

// The code of the Gherkin documentation (Sources/Gherkin/Gherkin.docc), compiled with every
// build; DocumentationSnippetTests (SpecsRunnerTests) compares the article with it.

// snippet read-a-feature
/// The scenarios of a feature file as they run: one per scenario and per example row.
func scenarioNames(in text: String, uri: String) -> Result<[String], ParseErrors> {
    var ids = IncrementingIdGenerator()
    do {
        let document = try Parser().parse(text, uri: uri, ids: &ids)
        return .success(PickleCompiler().compile(document, uri: uri, ids: &ids).map(\.name))
    } catch {
        // Every error of the file, each at its line and column, worded as Cucumber's parsers do.
        return .failure(error)
    }
}
// end snippet read-a-feature

final class GherkinDocumentationExamplesTests: XCTestCase {
    func test_scenarioNames_outline_isOneScenarioPerRow() throws {
        let text = """
            Feature: Loans
              Scenario Outline: lend for <days> days
                Given a book lent for <days> days
                Examples:
                  | days |
                  | 7    |
                  | 14   |
            """
        XCTAssertEqual(
            try scenarioNames(in: text, uri: "loans.feature").get(), ["lend for 7 days", "lend for 14 days"])
    }

    func test_scenarioNames_brokenFile_givesEveryErrorWithItsPlace() {
        let text = "Feature: A\n  Scenario: s\n    Given a step\nFeature: B\n"
        guard case .failure(let errors) = scenarioNames(in: text, uri: "a.feature") else {
            return XCTFail("a second feature in one file parsed")
        }
        XCTAssertEqual(errors.errors.first?.location.line, 4)
    }
}
