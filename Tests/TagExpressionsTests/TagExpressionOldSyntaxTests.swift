import XCTest

@testable import TagExpressions

/// Cucumber's old tag syntax (`~@wip`, `@a,@b`) and the expression that says it today.
final class TagExpressionOldSyntaxTests: XCTestCase {
    func test_oldSyntaxMistake_tildeAndCommas_sayTodaysExpression() {
        XCTAssertEqual(TagExpression.oldSyntaxMistake("~@wip"), "'~@wip' is the old tag syntax; write 'not @wip'")
        XCTAssertEqual(TagExpression.oldSyntaxMistake("@a,@b"), "'@a,@b' is the old tag syntax; write '@a or @b'")
        XCTAssertEqual(TagExpression.oldSyntaxMistake("~wip"), "'~wip' is the old tag syntax; write 'not @wip'")
        XCTAssertEqual(
            TagExpression.oldSyntaxMistake("~wip,@a"), "'~wip,@a' is the old tag syntax; write 'not @wip or @a'")
        XCTAssertEqual(
            TagExpression.oldSyntaxMistake("@a,~@b(1)"),
            "'@a,~@b(1)' is the old tag syntax; write '@a or not @b\\(1\\)'")
    }

    func test_bareNameMistake_operatorAgainstItsTag_suggestsTheSpace() throws {
        XCTAssertEqual(
            try TagExpressionParser.parse("not@smoke").bareNameMistake,
            "'not@smoke' is not a tag, tags start with @. Did you mean 'not @smoke'?")
        XCTAssertEqual(
            try TagExpressionParser.parse("smoke").bareNameMistake,
            "'smoke' is not a tag, tags start with @. Did you mean '@smoke'?")
        XCTAssertEqual(
            try TagExpressionParser.parse("notable").bareNameMistake,
            "'notable' is not a tag, tags start with @. Did you mean '@notable'?")
    }

    func test_oldSyntaxMistake_otherNames_areNone() {
        for name in ["@wip", "wip", "~", "~~wip", "~w@ip", "@a,", ",@a", "@a,b", "~~@a", "@a@b,@c", "~@"] {
            XCTAssertNil(TagExpression.oldSyntaxMistake(name), name)
        }
    }
}
