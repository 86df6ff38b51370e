import SpecsRunner
import XCTest

@testable import SpecsReporting

/// Control characters from outside are written out, never sent to the terminal.
final class TerminalTextTests: XCTestCase {
    func test_escape_titleAndClearScreenSequences_areWrittenOut() {
        XCTAssertEqual(TerminalText.escape("a \u{1B}]0;pwned\u{07} b"), "a \\u{1B}]0;pwned\\u{7} b")
        XCTAssertEqual(TerminalText.escape("\u{1B}[2Jclear"), "\\u{1B}[2Jclear")
    }

    func test_escape_lineFeedTabAndPrintableText_areKept() {
        let text = "line one\n\tline two: café, 日本語, ©"
        XCTAssertEqual(TerminalText.escape(text), text)
    }

    func test_escape_carriageReturnDeleteAndC1Controls_areWrittenOut() {
        XCTAssertEqual(TerminalText.escape("a\rb\u{7F}c\u{9B}2J"), "a\\u{D}b\\u{7F}c\\u{9B}2J")
    }

    func test_escape_seededRandomText_leavesNoControlCharacter() {
        var state: UInt64 = 55
        for _ in 0..<2_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<20 {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let value = UInt32(truncatingIfNeeded: state >> 33) % 0x180
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let escaped = TerminalText.escape(String(scalars))
            XCTAssertFalse(escaped.unicodeScalars.contains(where: TerminalText.isControl), escaped)
        }
    }

    func test_escape_bidirectionalOverridesAndIsolates_areWrittenOutAndQuotesKept() {
        XCTAssertEqual(
            TerminalText.escape("pay \u{202E}tnuocca\u{202C} \u{2066}x\u{2069} “quoted”"),
            "pay \\u{202E}tnuocca\\u{202C} \\u{2066}x\\u{2069} “quoted”")
    }

    func test_gitHubAnnotation_escapeSequenceInAMessage_isWrittenOut() {
        XCTAssertEqual(GitHubAnnotations.escapeData("red \u{1B}[2J\nnext 100%"), "red \\u{1B}[2J%0Anext 100%25")
    }

    func test_paint_ofEscapedText_keepsOnlyThePalettesCodes() {
        let painted = Palette.ansi.paint(TerminalText.escape("evil \u{1B}[2J name"), .red)
        XCTAssertEqual(painted, "\u{1B}[31mevil \\u{1B}[2J name\u{1B}[0m")
    }
}
