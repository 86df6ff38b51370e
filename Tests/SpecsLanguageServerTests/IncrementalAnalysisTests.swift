import XCTest

@testable import SpecsLanguageServer

final class IncrementalAnalysisTests: XCTestCase {
    private static let text = """
        Feature: Cart
          Scenario: one
            Given a cart
            When I add 2 apples
          Scenario: two
            Given a cart
            Then it holds 0 items

        """

    private func change(
        _ line: Int, _ character: Int, _ endLine: Int, _ endCharacter: Int, _ text: String
    )
        -> TextChange
    {
        TextChange(
            range: TextRange(
                start: Position(line: line, character: character), end: Position(line: endLine, character: endCharacter)
            ),
            text: text)
    }

    /// The steps and headings an analysis knows, by line.
    private func outline(_ analysis: FeatureAnalysis) -> [String] {
        analysis.headings.map { "\($0.line) \($0.title)" }
            + analysis.steps.map { "\($0.line) \($0.keyword)\($0.text) \($0.texts)" }
    }

    /// Applies `edit` both ways: line by line to the full check of `text`, and whole.
    private func assertIncrementalEqualsWhole(
        _ text: String, _ edit: TextChange, file: StaticString = #filePath, line: UInt = #line
    ) {
        var known = FeatureAnalysis(text: text, uri: "file:///cart.feature")
        let newText = DocumentText.applying(edit, to: text) ?? "(splits a character)"
        XCTAssertTrue(known.apply(edit, giving: newText), file: file, line: line)
        XCTAssertTrue(known.provisional, file: file, line: line)
        XCTAssertEqual(known.text, newText, file: file, line: line)
        let whole = FeatureAnalysis(text: newText, uri: "file:///cart.feature")
        XCTAssertEqual(outline(known), outline(whole), file: file, line: line)
    }

    func test_apply_characterTypedInAStep_rereadsThatStepAlone() {
        assertIncrementalEqualsWhole(Self.text, change(3, 23, 3, 23, "s"))
    }

    func test_apply_lineInserted_movesTheStepsAndHeadingsBelow() {
        assertIncrementalEqualsWhole(Self.text, change(3, 0, 3, 0, "    And a coupon\n"))
    }

    func test_apply_linesJoined_dropsTheStepsTheyHeld() {
        assertIncrementalEqualsWhole(Self.text, change(3, 0, 5, 0, ""))
    }

    func test_apply_headingTyped_isAHeadingOfTheOutline() {
        assertIncrementalEqualsWhole(Self.text, change(7, 0, 7, 0, "  Scenario: three\n    Given a cart\n"))
    }

    func test_apply_unchangedOutlineStep_keepsItsExamplesRows() {
        let text = """
            Feature: F
              Scenario Outline: o
                Given <n> apples
                Then done
                Examples:
                  | n |
                  | 1 |
                  | 2 |

            """
        var known = FeatureAnalysis(text: text, uri: "file:///o.feature")
        let edit = change(3, 13, 3, 13, "!")
        XCTAssertTrue(known.apply(edit, giving: DocumentText.applying(edit, to: text) ?? "(splits a character)"))
        XCTAssertEqual(known.step(atLine: 3)?.texts, ["1 apples", "2 apples"])
        XCTAssertEqual(known.step(atLine: 4)?.text, "done!")
    }

    func test_apply_wholeTextReplaced_isLeftToAFullCheck() {
        var known = FeatureAnalysis(text: Self.text, uri: "file:///cart.feature")
        XCTAssertFalse(known.apply(TextChange(range: nil, text: "Feature: G\n"), giving: "Feature: G\n"))
        XCTAssertFalse(known.provisional)
    }

    private static func token(_ line: Int32, _ start: Int32, _ length: Int32, _ type: Int32) -> DocumentTokens.Token {
        DocumentTokens.Token(line: line, start: start, length: length, type: type)
    }

    func test_semanticTokenData_writesTheProtocolsRelativeNumbers() {
        let tokens = DocumentTokens([
            Self.token(0, 0, 8, 0), Self.token(2, 4, 5, 0), Self.token(2, 29, 4, 2), Self.token(12, 4, 3, 0),
        ])
        XCTAssertEqual(
            String(decoding: SemanticTokenData.full(resultId: "1", data: tokens.encoded), as: UTF8.self),
            #"{"resultId":"1","data":[0,0,8,0,0,2,4,5,0,0,0,25,4,2,0,10,4,3,0,0]}"#)
    }

    func test_documentTokens_lineInserted_replacesTheEditedLinesAndMovesTheRest() {
        var tokens = DocumentTokens([Self.token(0, 0, 8, 0), Self.token(2, 4, 5, 0), Self.token(12, 4, 3, 0)])
        let before = tokens.encoded
        // A step typed on a new line 3: line 3 replaced by two lines.
        tokens.replace(lines: 3, through: 3, delta: 1, with: [Self.token(3, 4, 3, 0), Self.token(3, 8, 3, 3)])
        XCTAssertEqual(tokens.tokens.map(\.line), [0, 2, 3, 3, 13])
        let edit = DocumentTokens.edit(from: before, to: tokens.encoded)
        // The new tokens are inserted; the moved one is still 10 lines after the token before it.
        XCTAssertEqual(edit?.start, 10)
        XCTAssertEqual(edit?.deleteCount, 0)
        XCTAssertEqual(edit.map { Array($0.data) }, [1, 4, 3, 0, 0, 0, 4, 3, 3, 0])
        XCTAssertEqual(
            String(decoding: SemanticTokenData.delta(resultId: "2", edit: edit), as: UTF8.self),
            #"{"resultId":"2","edits":[{"start":10,"deleteCount":0,"data":[1,4,3,0,0,0,4,3,3,0]}]}"#)
        XCTAssertNil(DocumentTokens.edit(from: before, to: before))
    }

    func test_lineCountAndLineStart_longText_countLineFeeds() {
        let text = String(repeating: "    Given a step\r\n", count: 10_000)
        XCTAssertEqual(DocumentText.lineCount(of: text), 10_001)
        XCTAssertEqual(DocumentText.lineStart(9_999, in: text), 9_999 * 18)
        XCTAssertNil(DocumentText.lineStart(10_001, in: text))
        XCTAssertEqual(DocumentText.line(5_000, of: text), "    Given a step")
    }
}
