import CucumberExpressions
import Foundation
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

    /// A regular expression's step: its text with a value for each group, optional parts and
    /// later alternatives left out, matched whole by the pattern (tester W's F7: the text up to
    /// the first group was inserted, and matched nothing).
    func test_regexText_patternsWithGroups_makeAStepThePatternMatchesWhole() throws {
        let cases: [(String, String, String)] = [
            (#"^a step with (\d+) groups?$"#, "a step with 1 group", "a step with ${1:1} group"),
            (
                #"^I have "([^"]*)" in my (cart|basket)$"#, #"I have "text" in my cart"#,
                #"I have "${1:text}" in my ${2:cart}"#
            ),
            (#"^the price is (-?\d+(?:\.\d+)?) EUR$"#, "the price is 1 EUR", "the price is ${1:1} EUR"),
            (#"^(?:a|an) (\w+) appears$"#, "a text appears", "a ${1:text} appears"),
            (#"^the user (.*) logs in$"#, "the user text logs in", "the user ${1:text} logs in"),
            (#"^x{2}y [a-c]$"#, "xxy a", "xxy a"),
            (#"^a \$ sign costs (\d+)$"#, "a $ sign costs 1", #"a \$ sign costs ${1:1}"#),
            (#"^it is ([^ ]+) now"#, "it is x now", "it is ${1:x} now"),
        ]
        for (pattern, plain, snippet) in cases {
            let made = try XCTUnwrap(RegexCompletionText.text(for: pattern), pattern)
            XCTAssertEqual(made.plain, plain, pattern)
            XCTAssertEqual(made.snippet, snippet, pattern)
            let regex = try NSRegularExpression(pattern: pattern)
            let whole = NSRange(made.plain.startIndex..., in: made.plain)
            XCTAssertEqual(regex.firstMatch(in: made.plain, range: whole)?.range, whole, pattern)
        }
        for pattern in [#"^it (?=looks)$"#, #"^(a)\1$"#, #"^open (group$"#, #"^\p{L}+$"#] {
            XCTAssertNil(RegexCompletionText.text(for: pattern), pattern)
        }
    }

    func test_continuation_valuesTypedForParameters_completesTheRestAfterThem() throws {
        let cases: [(String, String, String)] = [
            ("the count is {int} and {word}", "the count is 5 a", "the count is 5 and word"),
            ("the count is {int} and {word}", "the count is 5", "the count is 5 and word"),
            ("the count is {int} and {word}", "the count is -", "the count is - and word"),
            ("a cart with {int} item(s) at {float} EUR", "a cart with 3 items at 2.", "a cart with 3 items at 2. EUR"),
            ("the customer pays with {string}", "the customer pays with \"ca", "the customer pays with \"ca"),
            (
                "the customer pays with {string} today", "the customer pays with 'card' to",
                "the customer pays with 'card' today"
            ),
            ("a/an {word} is shown", "an apple is", "an apple is shown"),
            ("{} happens", "lightning hap", "lightning happens"),
            ("The Count is {int} now", "the count is 7", "The Count is 7 now"),
        ]
        for (expression, typed, expected) in cases {
            let rest = CompletionContinuation.continuation(of: expression, after: typed, snippets: false)
            XCTAssertEqual(rest?.plain, expected, "\(expression) after '\(typed)'")
        }
        for (expression, typed, _) in cases where !typed.hasSuffix("-") && !typed.hasSuffix("\"ca") {
            // A value typed in part (`-`, an open string) is finished by hand; the others match.
            let text = try XCTUnwrap(CompletionContinuation.continuation(of: expression, after: typed, snippets: false))
            XCTAssertNotNil(
                try CucumberExpression(expression).match(text.plain.hasSuffix(".") ? text.plain + "5" : text.plain)
                    ?? CucumberExpression(expression).match(text.plain.replacingOccurrences(of: "2. ", with: "2.5 ")),
                "\(expression) → \(text.plain)")
        }
    }

    func test_continuation_textThatIsNoStartOfTheStep_offersNothing() {
        XCTAssertNil(
            CompletionContinuation.continuation(of: "the count is {int}", after: "the count is x", snippets: false))
        XCTAssertNil(CompletionContinuation.continuation(of: "the count is {int}", after: "the total", snippets: false))
        XCTAssertNil(
            CompletionContinuation.continuation(
                of: "the count is {int} now", after: "the count is 5 then", snippets: false))
        XCTAssertNil(CompletionContinuation.continuation(of: "{word} is shown", after: "two words", snippets: false))
    }

    func test_continuation_snippet_keepsTheTypedTextAndNumbersTheRestsPlaceholders() {
        XCTAssertEqual(
            CompletionContinuation.continuation(
                of: "a cart with {int} item(s) at {float} EUR", after: "a cart with 3 it", snippets: true)?.newText,
            "a cart with 3 item at ${1:1.5} EUR")
        XCTAssertEqual(
            CompletionContinuation.continuation(
                of: "a cart with {int} item(s) at {float} EUR", after: "a cart with 3 items", snippets: true)?.newText,
            "a cart with 3 items at ${1:1.5} EUR")
        XCTAssertEqual(
            CompletionContinuation.continuation(
                of: "price in $ is {float} {word}", after: "price in $ is 2", snippets: true)?
                .newText,
            "price in \\$ is 2 ${1:word}")
    }
}
