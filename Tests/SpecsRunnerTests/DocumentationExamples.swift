import Foundation
import SpecsRunner
import XCTest

// The code of the SpecsRunner documentation's articles (Sources/SpecsRunner/SpecsRunner.docc):
// each region between `// snippet NAME` and `// end snippet NAME` is a block of an article,
// compiled with every build; DocumentationSnippetTests compares them.

// snippet writing-steps
final class LibraryDesk {
    var shelf: [String: Int] = [:]
    var receipt = ""
}

func deskSteps() -> StepRegistry<LibraryDesk> {
    // A fresh desk for each scenario.
    var steps = StepRegistry { LibraryDesk() }

    // Parameters arrive as the types the closure declares.
    steps.given("{int} copies of {string} on the shelf") { (desk, copies: Int, title: String) in
        desk.shelf[title] = copies
    }
    // A step's table or doc string comes after its parameters.
    steps.given("these books:") { (desk, table: DataTable) in
        for row in table.hashes() { desk.shelf[row["title"] ?? "", default: 0] += Int(row["copies"] ?? "") ?? 0 }
    }
    steps.when("the member borrows {string}") { (desk, title: String) in
        guard let copies = desk.shelf[title], copies > 0 else { throw ExpectationFailure("no copy of \(title)") }
        desk.shelf[title] = copies - 1
    }
    steps.then("the receipt reads:") { (desk, expected: DocString) in
        try expectEqual(desk.receipt, expected.content, "the receipt")
    }
    // Steps may be async; a regular expression's groups are its parameters.
    steps.then(regex: #"^(\d+) cop(?:y|ies) (?:is|are) left$"#) { (desk, left: Int) in
        try await Task.sleep(nanoseconds: 0)
        try expect(desk.shelf.values.contains(left), "\(left) left of some title")
    }
    steps.when("the member reserves a book") { _ in throw Pending("reservations come next") }
    return steps
}
// end snippet writing-steps

// snippet parameter-type
/// An amount of money, as a step writes it: `12.50 EUR`.
struct Money: Equatable, StepArgument {
    var cents: Int
    var currency: String
}

func fineSteps() -> StepRegistry<LibraryDesk> {
    var steps = StepRegistry { LibraryDesk() }
    // `{money}` in the expressions registered after it; the regex's groups reach the transform.
    steps.parameterType("money", regex: #"(\d+)\.(\d{2}) ([A-Z]{3})"#) { groups in
        Money(cents: (Int(groups[0] ?? "") ?? 0) * 100 + (Int(groups[1] ?? "") ?? 0), currency: groups[2] ?? "")
    }
    steps.then("the fine is {money}") { (desk, fine: Money) in
        try expectEqual(fine.currency, "EUR", "fines are in euros")
    }
    return steps
}
// end snippet parameter-type

// snippet hooks
func deskStepsWithHooks() -> StepRegistry<LibraryDesk> {
    var steps = deskSteps()
    // Before each scenario tagged @closed, and after each scenario, told how it ended.
    steps.before(tags: "@closed") { desk in desk.shelf = [:] }
    steps.after { desk, context in
        if context.status == .failed {
            // In the report under the scenario: a line, some JSON.
            Attach.log("\(context.scenario.name) at \(context.scenario.uri):\(context.scenario.line)")
            Attach.text(#"{"titles": \#(desk.shelf.count)}"#, mediaType: "application/json")
        }
    }
    // Around each step, and once around the whole run.
    steps.afterStep { _, context in
        if context.status == .failed { Attach.log("failed: \(context.step ?? "")") }
    }
    steps.beforeAll { print("the library opens") }
    steps.afterAll { print("the library closes") }
    return steps
}
// end snippet hooks

final class DocumentationExamplesTests: XCTestCase {
    func test_documentationExamples_registerWithoutProblems() {
        XCTAssertEqual(deskSteps().problems, [])
        XCTAssertEqual(fineSteps().problems, [])
        XCTAssertEqual(deskStepsWithHooks().problems, [])
    }

    func test_documentationExamples_matchTheStepsTheArticlesWrite() {
        let desk = StepCatalog(deskSteps())
        for step in [
            "3 copies of \"Dune\" on the shelf", "these books:", "the member borrows \"Dune\"", "the receipt reads:",
            "2 copies are left", "1 copy is left", "the member reserves a book",
        ] {
            XCTAssertEqual(desk.matches(step).count, 1, step)
        }
        XCTAssertEqual(StepCatalog(fineSteps()).matches("the fine is 12.50 EUR").count, 1)
        XCTAssertEqual(StepCatalog(fineSteps()).matches("the fine is 12 EUR").count, 0)
    }
}
