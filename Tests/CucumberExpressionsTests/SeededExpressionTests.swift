import ConformanceData
import CucumberExpressions
import Foundation
import XCTest

/// Seeded expressions of the characters that mean something in Cucumber Expressions
/// (parameters, optionals, alternatives, escapes) and in regular expressions: each one
/// compiles or is refused with an error, never a crash, and what compiles matches text.
final class SeededExpressionTests: XCTestCase {
    private static let pieces = [
        "{", "}", "(", ")", "/", "\\", " ", "a", "é", "😀", "{int}", "{float}", "{word}", "{string}", "{}",
        "{bigdecimal}",
        "{unknown}", "(s)", "a/b", "\\{", "\\(", "\\/", "^", "$", "[", "]", "*", "+", "?", ".", "|", "\"", "'", "1",
        "-",
    ]

    private func expression(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 1...12, using: &generator)).map { _ in Self.pieces.randomElement(using: &generator)! }
            .joined()
    }

    func test_init_seededExpressions_compileOrAreRefusedAndWhatCompilesMatches() {
        var generator = SeededGenerator(seed: 741)
        var compiled = 0
        for _ in 0..<5_000 {
            let source = expression(&generator)
            let text = expression(&generator) + " 12 3.5 \"x\" word"
            if let cucumber = try? CucumberExpression(source) {
                compiled += 1
                XCTAssertNoThrow(try NSRegularExpression(pattern: cucumber.regularExpression), source)
                _ = try? cucumber.match(text)?.map { try $0.value() }
            }
            if let regular = try? RegularExpression(source) {
                _ = try? regular.match(text)?.map { try $0.value() }
            }
        }
        // The pieces make valid expressions often enough that matching is exercised.
        XCTAssertGreaterThan(compiled, 500)
    }
}
