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
