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
        let newText = DocumentText.applying(edit, to: text)
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
        XCTAssertTrue(known.apply(edit, giving: DocumentText.applying(edit, to: text)))
        XCTAssertEqual(known.step(atLine: 3)?.texts, ["1 apples", "2 apples"])
        XCTAssertEqual(known.step(atLine: 4)?.text, "done!")
    }

    func test_apply_wholeTextReplaced_isLeftToAFullCheck() {
        var known = FeatureAnalysis(text: Self.text, uri: "file:///cart.feature")
        XCTAssertFalse(known.apply(TextChange(range: nil, text: "Feature: G\n"), giving: "Feature: G\n"))
        XCTAssertFalse(known.provisional)
    }

    func test_semanticTokenData_writesTheProtocolsRelativeNumbers() {
        var data = SemanticTokenData()
        data.add(line: 0, start: 0, length: 8, type: 0)
        data.add(line: 2, start: 4, length: 5, type: 0)
        data.add(line: 2, start: 29, length: 4, type: 2)
        data.add(line: 12, start: 4, length: 3, type: 0)
        XCTAssertEqual(
            String(decoding: data.json, as: UTF8.self), #"{"data":[0,0,8,0,0,2,4,5,0,0,0,25,4,2,0,10,4,3,0,0]}"#)
    }

    func test_lineCountAndLineStart_longText_countLineFeeds() {
        let text = String(repeating: "    Given a step\r\n", count: 10_000)
        XCTAssertEqual(DocumentText.lineCount(of: text), 10_001)
        XCTAssertEqual(DocumentText.lineStart(9_999, in: text), 9_999 * 18)
        XCTAssertNil(DocumentText.lineStart(10_001, in: text))
        XCTAssertEqual(DocumentText.line(5_000, of: text), "    Given a step\r")
    }
}
