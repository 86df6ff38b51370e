import XCTest

@testable import SpecsLanguageServer

final class DocumentTextTests: XCTestCase {
    private func change(
        _ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String
    ) -> TextChange {
        TextChange(
            range: TextRange(
                start: Position(line: startLine, character: startCharacter),
                end: Position(line: endLine, character: endCharacter)),
            text: text)
    }

    func test_applying_rangeAfterAnAstralCharacter_countsUTF16Units() {
        // 📕 is two UTF-16 units: character 3 is the space after it.
        let text = "📕 Feature: Libro\n  Given x\n"
        XCTAssertEqual(
            DocumentText.applying(change(0, 3, 0, 11, "Característica:"), to: text),
            "📕 Característica: Libro\n  Given x\n")
    }

    func test_applying_rangeOverLines_joinsThem() {
        XCTAssertEqual(DocumentText.applying(change(0, 1, 2, 1, "-"), to: "ab\ncd\nef"), "a-f")
    }

    func test_applying_noRange_replacesTheWholeText() {
        XCTAssertEqual(DocumentText.applying(TextChange(range: nil, text: "new"), to: "old"), "new")
    }

    func test_applying_positionPastTheEnd_appends() {
        XCTAssertEqual(DocumentText.applying(change(9, 0, 9, 0, "!"), to: "a\nb"), "a\nb!")
        XCTAssertEqual(DocumentText.applying(change(0, 40, 0, 40, "!"), to: "a\nb"), "a!\nb")
    }

    func test_line_returnsTheLineWithoutItsBreak() {
        XCTAssertEqual(DocumentText.line(1, of: "a\nbc\nd"), "bc")
        XCTAssertEqual(DocumentText.line(5, of: "a\nbc\nd"), "")
    }

    /// Applies an edit as an editor does: the range's text replaced.
    private func apply(_ edit: (range: TextRange, newText: String)?, to text: String) -> String {
        guard let edit else { return text }
        return DocumentText.applying(TextChange(range: edit.range, text: edit.newText), to: text)
    }

    func test_edit_crlfDocument_appliedGivesTheNewTextExactly() {
        let old = "Feature: F\r\nScenario: s\r\n  Given a\r\n   Then b\r\n"
        let new = "Feature: F\r\n\r\n  Scenario: s\r\n    Given a\r\n    Then b\r\n"
        let edit = DocumentText.edit(from: old, to: new)
        XCTAssertEqual(edit?.range.start, Position(line: 1, character: 0), "the unchanged first line is kept")
        XCTAssertEqual(edit?.range.end, Position(line: 4, character: 0), "the empty last line is kept")
        XCTAssertEqual(apply(edit, to: old), new)
    }

    func test_edit_lastLineWithoutLineEnd_endsAtTheStartOfTheLineAfterIt() {
        let old = "a\nb\n😀c"
        let new = "a\nb\n😀d\n"
        XCTAssertEqual(apply(DocumentText.edit(from: old, to: new), to: old), new)
        XCTAssertEqual(DocumentText.edit(from: old, to: new)?.range.end, Position(line: 3, character: 0))
        XCTAssertNil(DocumentText.edit(from: old, to: old))
    }

    func test_edit_linesRemovedAndAdded_appliedGivesTheNewText() {
        for (old, new) in [
            ("a\nb\nc\n", "a\nc\n"), ("a\nc\n", "a\nb\nc\n"), ("x", ""), ("", "x\n"), ("\u{FEFF}a\n", "\u{FEFF}b\n"),
        ] {
            XCTAssertEqual(apply(DocumentText.edit(from: old, to: new), to: old), new, "\(old.debugDescription)")
        }
    }

    func test_language_crlfAndByteOrderMark_readTheLanguageLine() {
        XCTAssertEqual(DocumentText.language(of: "\u{FEFF}# language: fr\r\nFonctionnalité: F\r\n"), "fr")
        XCTAssertEqual(DocumentText.language(of: "Feature: F\n"), "en")
    }
}
