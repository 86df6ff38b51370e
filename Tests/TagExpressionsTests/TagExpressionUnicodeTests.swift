import TagExpressions
import XCTest

/// Tags compare scalar for scalar, as Cucumber compares them: a tag written with a composed
/// accent is not the same tag as one written decomposed, though Swift's strings call them equal.
final class TagExpressionUnicodeTests: XCTestCase {
    private let composed = "@v\u{E1}lido"
    private let decomposed = "@va\u{301}lido"

    func test_evaluate_tagInOtherNormalization_isNotTheTag() throws {
        XCTAssertEqual(composed, decomposed, "Swift compares them under canonical equivalence")
        let expression = try TagExpressionParser.parse(composed)
        XCTAssertTrue(expression.evaluate([composed]))
        XCTAssertFalse(expression.evaluate([decomposed]))
        XCTAssertTrue(try TagExpressionParser.parse("not \(composed)").evaluate([decomposed]))
        XCTAssertTrue(try TagExpressionParser.parse(decomposed).evaluate(["@x", decomposed]))
    }
}
