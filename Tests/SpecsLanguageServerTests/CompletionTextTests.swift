import CucumberExpressions
import XCTest

@testable import SpecsLanguageServer

/// What completion inserts matches the definition it came from: optional text and
/// alternatives resolved, each parameter a value of its type; placeholders for clients
/// that take snippets only.
final class CompletionTextTests: XCTestCase {
    private let expressions = [
        "a cart with {int} item(s) at {float} EUR", "the customer pays with {string}", "a/an {word} is shown",
        "{} happens", "the total is \\{ {int} \\}", "price in $ is {float}",
    ]

    func test_text_plain_matchesItsOwnExpression() throws {
        for expression in expressions {
            let text = try XCTUnwrap(CompletionText.text(for: expression, snippets: false), expression)
            XCTAssertNotNil(try CucumberExpression(expression).match(text), "\(expression) → \(text)")
        }
        XCTAssertEqual(
            CompletionText.text(for: "a cart with {int} item(s) at {float} EUR", snippets: false),
            "a cart with 1 item at 1.5 EUR")
        XCTAssertEqual(CompletionText.text(for: "a/an {word} is shown", snippets: false), "a word is shown")
    }

    func test_text_snippet_placeholdersHoldValuesThatMatch() throws {
        XCTAssertEqual(
            CompletionText.text(for: "a cart with {int} item(s) at {float} EUR", snippets: true),
            "a cart with ${1:1} item at ${2:1.5} EUR")
        XCTAssertEqual(CompletionText.text(for: "price in $ is {float}", snippets: true), "price in \\$ is ${1:1.5}")
        XCTAssertEqual(
            CompletionText.text(for: "the customer pays with {string}", snippets: true),
            "the customer pays with ${1:\"text\"}")
    }
}
