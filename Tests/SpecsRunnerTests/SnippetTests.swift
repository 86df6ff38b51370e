import CucumberExpressions
import XCTest

@testable import SpecsRunner

/// The Swift a snippet writes for a step: a string literal that compiles, holding an
/// expression that matches the step's text again.
final class SnippetTests: XCTestCase {
    static let hostileTexts = [
        "the tab\there", "text with \"\\\"\" quotes", "she says \"hi \\(name)\" twice",
        "a path C:\\temp\\log.txt is read", "the text ends with a backslash \\", "the price is (approx) 3 {EUR}",
        "a /slash/ and a | pipe", "an emoji 😀 and 𝔘 arrive", "hash # and \\u{41} escape", "it's Bob's turn",
        "a bell \u{7} and a zero width\u{200B} joiner", "an unclosed \" quote", "we have <angle> brackets",
    ]

    func test_swift_hostileTexts_writeALiteralWhoseExpressionMatchesTheText() throws {
        for text in Self.hostileTexts {
            let code = Snippet.swift(text: text, type: .context, table: false, docString: false)
            let open = try XCTUnwrap(code.range(of: "steps.given(\""), "\(code)")
            let close = try XCTUnwrap(code.range(of: "\") {", options: .backwards), "\(code)")
            let literal = String(code[open.upperBound..<close.lowerBound])
            XCTAssertFalse(
                literal.unicodeScalars.contains { $0.properties.generalCategory == .control },
                "raw control in \(literal)")
            let expression = try Self.swiftLiteralValue(literal)
            XCTAssertEqual(expression, Snippet.expression(for: text, types: []).0, text)
            XCTAssertNotNil(try CucumberExpression(expression).match(text), "'\(expression)' does not match '\(text)'")
        }
    }

    /// Custom types as a team registers them: `opgrp` matches the `b` of `bob` and `belly`.
    private static let teamTypes = [
        ParameterType(name: "color", regularExpressions: ["red|blue|green"]) { $0[0] ?? "" },
        ParameterType(name: "opgrp", regularExpressions: [#"(a)?b(c)?"#]) { $0[0] ?? "" },
    ]

    /// Each text with the expression the official generator (cucumber-expressions 20.1.0) gives.
    private func assertExpressions(
        _ cases: [(String, String)], types: [ParameterType] = [], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var registry = ParameterTypeRegistry()
        for type in types { try registry.define(type) }
        for (text, expected) in cases {
            let (expression, _) = Snippet.expression(for: text, types: types)
            XCTAssertEqual(expression, expected, text, file: file, line: line)
            XCTAssertNotNil(
                try CucumberExpression(expression, registry: registry).match(text),
                "'\(expression)' does not match '\(text)'", file: file,
                line: line)
        }
    }

    func test_swift_typeNamesEndingInADigit_giveEveryParameterItsOwnName() {
        let types = [
            ParameterType(name: "v1", regularExpressions: ["one"]) { $0[0] ?? "" },
            ParameterType(name: "v", regularExpressions: ["two"]) { $0[0] ?? "" },
        ]
        let text = "one " + Array(repeating: "two", count: 10).joined(separator: " ")
        let snippet = Snippet.swift(text: text, type: .context, table: false, docString: false, types: types)
        XCTAssertTrue(snippet.contains("v1_1: "), snippet)
        XCTAssertTrue(snippet.contains("v11: "), snippet)
        let names =
            snippet.split(separator: "(world, ").last?.split(separator: ")").first?
            .split(separator: ", ").map { $0.split(separator: ":")[0] } ?? []
        XCTAssertEqual(names.count, 11, snippet)
        XCTAssertEqual(Set(names).count, names.count, "a name given twice: " + snippet)
    }

    func test_expression_customTypeMatchingInsideAWord_leavesTheWordAsText() throws {
        try assertExpressions(
            [
                ("the user logs in as bob", "the user logs in as bob"),
                ("say unanchored 5 please", "say unanchored {int} please"),
                ("double NaN", "double NaN"),
                ("I have 2 cucumbers in my belly/stomach", #"I have {int} cucumbers in my belly\/stomach"#),
                ("red blue-green redder", "{color} {color}-{color} redder"),
            ], types: Self.teamTypes)
    }

    /// A step of thousands of values (tester Z1's Z1-7: its snippet took a search of the whole text
    /// per value, 65 s for 20,000): the first values become parameters, the rest stays text, and the
    /// expression still matches the step.
    func test_expression_stepOfThousandsOfValues_boundedAndStillMatching() throws {
        let text = (0..<5_000).map { "\"q\($0)\" \($0)" }.joined(separator: " ")
        let (expression, parameters) = Snippet.expression(for: text)
        XCTAssertTrue(expression.hasPrefix("{string} {int} {string} {int}"), String(expression.prefix(80)))
        XCTAssertGreaterThan(parameters.count, 100)
        XCTAssertLessThan(parameters.count, 1_000)
        XCTAssertTrue(expression.hasSuffix("\"q4999\" 4999"), String(expression.suffix(40)))
        XCTAssertNotNil(try CucumberExpression(expression, registry: ParameterTypeRegistry()).match(text))
    }

    func test_expression_quotesInsideWords_areNotAString() throws {
        try assertExpressions([
            (#"the user's path is C:\temp\new and it's fine"#, #"the user's path is C:\\temp\\new and it's fine"#),
            ("it's Bob's turn", "it's Bob's turn"),
            (#"a"quoted"word"#, #"a"quoted"word"#),
            (#"she says "hi" and 'bye'"#, "she says {string} and {string}"),
            (#""x" at start"#, "{string} at start"),
        ])
    }

    func test_expression_numbersBetweenPunctuationOrSymbols_becomeParameters() throws {
        try assertExpressions([
            (
                "1 and 1.0 and .5 and 1E5 and 1,5 and +3 and -0",
                "{int} and {float} and {float} and {float} and {int},{int} and {float} and {int}"
            ),
            ("it costs $5 and #3", "it costs ${int} and #{int}"),
            ("3,5 Birnen", "{int},{int} Birnen"),
            ("version 1.0.0 is out", "version {float}.{int} is out"),
            ("room 12b and 5th floor", "room 12b and 5th floor"),
            ("-5 degrees and 1e5", "{int} degrees and 1e5"),
            ("a price of 3.50€", "a price of {float}€"),
            ("(5) items [7] {8}", #"\({int}\) items [{int}] \{{int}\}"#),
            ("x=5;y=-3", "x={int};y={int}"),
            ("an emoji 😀5 and 5😀", "an emoji 😀{int} and {int}😀"),
        ])
    }

    func test_expression_customTypeWhoseValuesAClosureCannotTake_isLeftOut() throws {
        let list = ParameterType(name: "list", regularExpressions: [#"\w+(?:,\w+)+"#]) { groups in
            (groups[0] ?? "").split(separator: ",").map(String.init)
        }
        try assertExpressions(
            [("int 1,5", "int {int},{int}"), ("a list a,b,c here", "a list a,b,c here")], types: [list])
    }

    func test_expression_customTypesThatWouldNotMatchTheStepAgain_giveWayToTheBuiltInOnes() throws {
        let amount = ParameterType(name: "amount", regularExpressions: [#"(?<n>\d+) EUR"#]) { $0[0] ?? "" }
        let double = ParameterType(name: "dbl", regularExpressions: [#"(\w)\1"#]) { $0[0] ?? "" }
        try assertExpressions(
            [("I pay 5 EUR then 6 EUR", "I pay {int} EUR then {int} EUR"), ("I see aa here", "I see aa here")],
            types: [amount, double])
        try assertExpressions([("I pay 5 EUR", "I pay {amount}")], types: [amount])
    }

    func test_expression_thousandsOfCustomTypeMatches_givesAnExpressionThatMatchesTheStepAgain() throws {
        var registry = ParameterTypeRegistry()
        for type in Self.teamTypes { try registry.define(type) }
        for count in [500, 5000] {
            let text = "and " + Array(repeating: "red", count: count).joined(separator: " ") + " end"
            let (expression, parameters) = Snippet.expression(for: text, types: Self.teamTypes)
            XCTAssertNotNil(try CucumberExpression(expression, registry: registry).match(text), "\(count) words")
            if count == 500 {
                XCTAssertEqual(parameters.count, 500)
                XCTAssertEqual(
                    expression, "and " + Array(repeating: "{color}", count: 500).joined(separator: " ") + " end")
            }
        }
    }

    func test_swift_customTypeNamesThatAreNotSwiftNames_giveParameterNamesThatCompile() {
        let types = ["e-mail", "date time", "1st", "a.b", "größe"].map { name in
            ParameterType(name: name, regularExpressions: ["<\(name)>"]) { $0[0] ?? "" }
        }
        let code = Snippet.swift(
            text: "<e-mail> <date time> <1st> <a.b> <größe>", type: .context, table: false, docString: false,
            types: types)
        XCTAssertTrue(
            code.contains(
                "(world, eMail1: String, dateTime2: String, _1st3: String, aB4: String, größe5: String) in"),
            code)
    }

    func test_swift_customTypeOfANestedType_namesItWithTheTypeItIsIn() {
        let sku = ParameterType(name: "sku", regularExpressions: [#"SKU-\d+"#]) { _ in SnippetTests.Sku() }
        let code = Snippet.swift(text: "item SKU-12 here", type: .context, table: false, docString: false, types: [sku])
        XCTAssertTrue(code.contains("(world, sku1: SnippetTests.Sku) in"), code)
    }

    struct Sku: StepArgument {}

    func test_swiftEscaped_controlCharacters_areWrittenAsEscapes() {
        XCTAssertEqual(Snippet.swiftEscaped("a\tb\u{7}\"\\"), "a\\tb\\u{7}\\\"\\\\")
    }

    /// The value of a Swift string literal's body with the escapes a snippet writes.
    private static func swiftLiteralValue(_ body: String) throws -> String {
        var result = ""
        var scalars = body.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\\" else {
                XCTAssertNotEqual(scalar, "\"", "an unescaped quote ends the literal: \(body)")
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.popFirst() {
            case "\\": result += "\\"
            case "\"": result += "\""
            case "t": result += "\t"
            case "n": result += "\n"
            case "r": result += "\r"
            case "u":
                XCTAssertEqual(scalars.popFirst(), "{")
                var hex = ""
                while let digit = scalars.popFirst(), digit != "}" { hex.unicodeScalars.append(digit) }
                result.unicodeScalars.append(try XCTUnwrap(UInt32(hex, radix: 16).flatMap(Unicode.Scalar.init)))
            case let other: XCTFail("not a Swift escape: \\\(String(describing: other)) in \(body)")
            }
        }
        return result
    }
}
