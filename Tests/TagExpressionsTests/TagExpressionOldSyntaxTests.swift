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

    func test_bareNameMistake_otherToolsNegation_saysNot() throws {
        for sign in ["!", "-", "^"] {
            XCTAssertEqual(
                try TagExpressionParser.parse("\(sign)@wip").bareNameMistake,
                "'\(sign)@wip' is not a tag, tags start with @: '\(sign)' is no operator here; write 'not @wip'")
        }
    }

    /// A `\\` at the end escapes nothing: refused as the official parsers refuse it, not read
    /// as no tag (a lone `\\` selected every scenario).
    func test_parse_escapeAtTheEnd_isRefused() {
        for text in ["\\", "@a\\", "@a and \\"] {
            XCTAssertThrowsError(try TagExpressionParser.parse(text), text) { error in
                XCTAssertTrue("\(error)".hasSuffix("Illegal escape before <EOF>."), "\(error)")
            }
        }
        XCTAssertNoThrow(try TagExpressionParser.parse("@a\\\\"), "an escaped `\\` at the end is one")
    }

    func test_oldSyntaxMistake_otherNames_areNone() {
        for name in ["@wip", "wip", "~", "~~wip", "~w@ip", "@a,", ",@a", "@a,b", "~~@a", "@a@b,@c", "~@"] {
            XCTAssertNil(TagExpression.oldSyntaxMistake(name), name)
        }
    }
}
