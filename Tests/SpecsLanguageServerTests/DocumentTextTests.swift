import XCTest

@testable import SpecsLanguageServer

final class DocumentTextTests: XCTestCase {
    private func change(
        _ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int, _ text: String
    )
        -> [String: Any]
    {
        [
            "range": [
                "start": ["line": startLine, "character": startCharacter],
                "end": ["line": endLine, "character": endCharacter],
            ],
            "text": text,
        ]
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
        XCTAssertEqual(DocumentText.applying(["text": "new"], to: "old"), "new")
    }

    func test_applying_positionPastTheEnd_appends() {
        XCTAssertEqual(DocumentText.applying(change(9, 0, 9, 0, "!"), to: "a\nb"), "a\nb!")
        XCTAssertEqual(DocumentText.applying(change(0, 40, 0, 40, "!"), to: "a\nb"), "a!\nb")
    }

    func test_line_returnsTheLineWithoutItsBreak() {
        XCTAssertEqual(DocumentText.line(1, of: "a\nbc\nd"), "bc")
        XCTAssertEqual(DocumentText.line(5, of: "a\nbc\nd"), "")
    }
}
