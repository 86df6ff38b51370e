import Foundation
import XCTest

@testable import SpecsRunner

/// The first syntax error or repeated key of a JSON text, at its line and column.
final class JSONSyntaxTests: XCTestCase {
    private func problem(_ text: String) -> JSONSyntax.Problem? { JSONSyntax.problem(in: Data(text.utf8)) }

    func test_problem_wellFormedJSON_isNone() {
        for text in [
            #"{}"#, #"[]"#, #" {"a": [1, -2.5e+3, 0, true, false, null, "x\"\u00e9\n"], "b": {"c": {}}} "#, #""s""#,
            "12", #"{"a": 1, "A": 2}"#,
        ] {
            XCTAssertNil(problem(text), text)
        }
    }

    func test_problem_missingComma_isAtTheValueAfterIt() {
        XCTAssertEqual(
            problem("{\n  \"default\": { \"tags\": \"@a\" \"timeout\": 30 }\n}\n"),
            .init(line: 2, column: 29, message: "expected ',' or '}' after a value, found '\"' (a comma missing?)"))
    }

    func test_problem_keyGivenTwice_namesBothPlaces() {
        XCTAssertEqual(
            problem("{\"a\": {\"tags\": 1,\n  \"t\\u0061gs\": 2}}"),
            .init(line: 2, column: 3, message: "the key 'tags' is given twice (first at 1:8)"))
        XCTAssertNil(problem(#"{"a": {"tags": 1}, "b": {"tags": 2}}"#))
    }

    func test_problem_commonSlips_sayWhatIsWrong() {
        let cases: [(String, String)] = [
            (#"{"a": 1,}"#, "1:9: expected a key after ',' (a comma too many?)"),
            (#"[1, 2"#, "1:6: the file ends before every '{' and '[' is closed"),
            (#"{"a": "open}"#, "1:7: a string is not closed"),
            (#"{'a': 1}"#, "1:2: expected a key in double quotes, found '''"),
            (#"{"a" 1}"#, "1:6: expected ':' after the key 'a', found '1'"),
            (#"{"a": 01}"#, "1:7: a number is written as -12, 0.5 or 1e3"),
            (#"{"a": yes}"#, "1:7: expected a value, found 'y'"),
            (#"{} {}"#, "1:4: unexpected '{' after the end of the JSON value"),
            ("{\"é\": \"x\" \"b\": 1}", "1:11: expected ',' or '}' after a value, found '\"' (a comma missing?)"),
            ("", "1:1: the file ends where a value should be"),
        ]
        for (text, expected) in cases {
            let found = problem(text).map { "\($0.line):\($0.column): \($0.message)" }
            XCTAssertEqual(found, expected, text)
        }
    }

    func test_problem_deepNesting_isRefusedWhereItPassesTheLimit() {
        let limit = JSONSyntax.maxDepth
        XCTAssertNil(problem(String(repeating: "[", count: limit) + String(repeating: "]", count: limit)))
        let depth = 200_000
        let deep = problem(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        XCTAssertEqual(
            deep.map { "\($0.line):\($0.column): \($0.message)" },
            "1:\(limit + 1): nesting deeper than \(limit) levels is refused")
    }

    func test_placeOfKey_nestedKey_isWhereTheKeyIsWritten() {
        let text = Data("{\"a\": [{\"b\": 1}],\n \"b\": {\"a\": {\"b\": 2}},\n \"c\": {\"b\": 3}}".utf8)
        XCTAssertEqual(JSONSyntax.place(ofKey: ["b", "a", "b"], in: text).map { "\($0.line):\($0.column)" }, "2:14")
        XCTAssertEqual(JSONSyntax.place(ofKey: ["c", "b"], in: text).map { "\($0.line):\($0.column)" }, "3:8")
        XCTAssertEqual(JSONSyntax.place(ofKey: ["b"], in: text).map { "\($0.line):\($0.column)" }, "2:2")
        XCTAssertEqual(JSONSyntax.place(ofKey: [], in: Data("  \n [1]".utf8)).map { "\($0.line):\($0.column)" }, "2:2")
        XCTAssertNil(JSONSyntax.place(ofKey: ["a", "b"], in: text), "a key of an array's item has no key path")
        XCTAssertNil(JSONSyntax.place(ofKey: ["d"], in: text))
    }
}
