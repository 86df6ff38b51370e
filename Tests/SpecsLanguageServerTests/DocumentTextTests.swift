import ConformanceData
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

    /// An open document's lines, read through its kept line starts, are the lines the text
    /// reads as, in both ways of ending lines, after edits too.
    func test_openDocumentLines_areTheTextsLines() {
        let pieces = ["a", "é", "😀", " ", "\n", "\r\n", "\r", "\t"]
        var generator = SystemRandomNumberGenerator()
        for lone in [true, false] {
            EditorLineEnds.current.loneCarriageReturnEndsLine = lone
            defer { EditorLineEnds.current.loneCarriageReturnEndsLine = true }
            for _ in 0..<300 {
                let text = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                var document = OpenDocument(text: text)
                let count = DocumentText.lineCount(of: text)
                XCTAssertEqual(document.lineCount(), count, text.debugDescription)
                for number in 0...count {
                    XCTAssertEqual(
                        String(document.line(number)), String(DocumentText.line(number, of: text)),
                        "\(text.debugDescription) line \(number), lone \(lone)")
                }
                document.text += "x\ny"
                XCTAssertEqual(document.lineCount(), DocumentText.lineCount(of: document.text))
            }
        }
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

    func test_applying_rangeBetweenTheHalvesOfAnAstralCharacter_isNothing() {
        // `😀` is two UTF-16 units; `e` and its combining accent are two characters to the protocol.
        XCTAssertNil(DocumentText.applying(change(0, 2, 0, 2, "!"), to: "a\u{1F600}b"))
        XCTAssertNil(DocumentText.applying(change(0, 0, 0, 2, "!"), to: "a\u{1F600}b"))
        XCTAssertEqual(DocumentText.applying(change(0, 1, 0, 3, "!"), to: "a\u{1F600}b"), "a!b")
        XCTAssertEqual(DocumentText.applying(change(0, 2, 0, 2, "!"), to: "ae\u{301}b"), "ae!\u{301}b")
    }

    func test_applying_positionPastTheEnd_appends() {
        XCTAssertEqual(DocumentText.applying(change(9, 0, 9, 0, "!"), to: "a\nb"), "a\nb!")
        XCTAssertEqual(DocumentText.applying(change(0, 40, 0, 40, "!"), to: "a\nb"), "a!\nb")
    }

    func test_line_returnsTheLineWithoutItsBreak() {
        XCTAssertEqual(DocumentText.line(1, of: "a\nbc\nd"), "bc")
        XCTAssertEqual(DocumentText.line(5, of: "a\nbc\nd"), "")
    }

    func test_applying_loneCarriageReturn_endsALine() {
        XCTAssertEqual(DocumentText.applying(change(1, 0, 2, 0, "X\n"), to: "a\rb\r\nc\n"), "a\rX\nc\n")
        XCTAssertEqual(DocumentText.lineCount(of: "a\rb\r\nc\n\r"), 5)
        XCTAssertEqual(DocumentText.line(1, of: "a\rb\r\nc"), "b")
        XCTAssertEqual(DocumentText.lineStart(2, in: "a\r\r\nc"), 4)
    }

    /// Applies edits as an editor does: each range, of the text before any of them, replaced.
    private func apply(_ edits: [DocumentEdits.Edit], to text: String) -> String {
        edits.reversed().reduce(text) { text, edit in
            DocumentText.applying(TextChange(range: edit.range, text: edit.newText), to: text) ?? "(splits a character)"
        }
    }

    func test_edits_crlfDocument_appliedGiveTheNewTextExactly() {
        let old = "Feature: F\r\nScenario: s\r\n  Given a\r\n   Then b\r\n"
        let new = "Feature: F\r\n\r\n  Scenario: s\r\n    Given a\r\n    Then b\r\n"
        let edits = DocumentEdits.edits(from: old, to: new)
        XCTAssertEqual(edits.first?.range.start, Position(line: 1, character: 0), "the unchanged first line is kept")
        XCTAssertLessThan(edits.last?.range.end.line ?? 4, 4, "the empty last line is kept")
        XCTAssertEqual(apply(edits, to: old), new)
    }

    func test_edits_lastLineWithoutLineEnd_endAtTheDocumentsEnd() {
        let old = "a\nb\n😀c"
        let new = "a\nb\n😀d\n"
        XCTAssertEqual(apply(DocumentEdits.edits(from: old, to: new), to: old), new)
        XCTAssertEqual(DocumentEdits.edits(from: old, to: new).last?.range.end, Position(line: 2, character: 3))
        XCTAssertTrue(DocumentEdits.edits(from: old, to: old).isEmpty)
    }

    func test_edits_linesRemovedAndAdded_appliedGiveTheNewText() {
        for (old, new) in [
            ("a\nb\nc\n", "a\nc\n"), ("a\nc\n", "a\nb\nc\n"), ("x", ""), ("", "x\n"), ("\u{FEFF}a\n", "\u{FEFF}b\n"),
            ("a\n b\nc\n\n\nd\n e\n", "a\nb\nc\n\nd\ne\n"), ("a\rb\n c\n", "a\rb\nc\n"),
        ] {
            XCTAssertEqual(apply(DocumentEdits.edits(from: old, to: new), to: old), new, "\(old.debugDescription)")
        }
    }

    func test_edits_linesApartChanged_replaceOnlyThem() {
        let old = "a\n x\rb\nc\n y\n\n"
        let new = "a\nx\rb\nc\ny\n"
        let edits = DocumentEdits.edits(from: old, to: new)
        XCTAssertEqual(edits.map(\.range.start.line), [1, 4])
        XCTAssertEqual(apply(edits, to: old), new)
        XCTAssertEqual(DocumentEdits.edits(from: "a\n b\rc\n d\n", to: "a\n b\rc\nd\n").map(\.newText), ["d\n"])
    }

    func test_edits_lineEndsMixed_leaveThemAsTheyAre() {
        let old = "Feature: F\r\n  Scenario: S\n    Given a\r\n"
        XCTAssertTrue(DocumentEdits.edits(from: old, to: "Feature: F\r\n  Scenario: S\r\n    Given a\r\n").isEmpty)
        let edits = DocumentEdits.edits(from: old, to: "Feature: F\r\n  Scenario: S\r\n    Given b\r\n")
        XCTAssertEqual(edits.map(\.newText), ["b"], "the character that changes")
        XCTAssertEqual(edits.map(\.range.start), [Position(line: 2, character: 10)])
    }

    /// Lines that end mixed and a last line without a line end, which the new text ends: the
    /// line end is added, with a range that starts before it ends (every editor, Neovim's end
    /// past the last line too). It used to be read as the same line, its line end lost, and an
    /// edit past the document's end given a start after its end.
    func test_edits_mixedLineEndsAndNoFinalLineEnd_addTheLineEndWithARangeInOrder() {
        let old = "Feature: f\r\n  Scenario: s\r\n  Given a\n    Given x"
        let new = "Feature: f\r\n\r\n  Scenario: s\r\n    Given a\r\n    Given x\r\n"
        for neovim in [false, true] {
            let edits = DocumentEdits.edits(from: old, to: new, endPastLastLine: neovim)
            for edit in edits {
                let (start, end) = (edit.range.start, edit.range.end)
                XCTAssertTrue((start.line, start.character) <= (end.line, end.character), "\(edit)")
            }
            let applied = apply(edits, to: old)
            XCTAssertTrue(
                applied.hasSuffix("    Given x\r\n") || applied.hasSuffix("    Given x\n"), applied.debugDescription)
        }
    }

    func test_edits_insertionAfterTheFinalLineEnd_startsOnTheLineBefore() {
        let edits = DocumentEdits.edits(from: "a\r\n\r\n", to: "a\r\n\r\nb\r\n")
        XCTAssertEqual(edits.map(\.range.start), [Position(line: 1, character: 0)])
        XCTAssertEqual(apply(edits, to: "a\r\n\r\n"), "a\r\n\r\nb\r\n")
    }

    func test_edits_newTextWithACarriageReturn_holdOnlyTheCharactersThatChange() {
        for (old, new) in [
            ("F\n  x \r\r\n  y\n", "F\n  x \r\n  y\n"), ("F\ra\rb\r", "F\ra\rb\n"),
            ("F\r\n   G a\r\n", "F\r\n  G a\r\n"), ("😀\r\n😁 \r\n", "😀\r\n😂\r\n"),
        ] {
            let edits = DocumentEdits.edits(from: old, to: new)
            let applied = apply(edits, to: old)
            XCTAssertTrue(
                applied == new, "\(old.debugDescription) to \(new.debugDescription): \(applied.debugDescription)")
            XCTAssertFalse(edits.contains { $0.newText.contains("\r") }, "\(old.debugDescription): \(edits)")
        }
        XCTAssertEqual(
            DocumentEdits.edits(from: "F\r\n   G a\r\n", to: "F\r\n  G a\r\n").map(\.range.start),
            [Position(line: 1, character: 2)])
    }

    func test_lines_editorCountingLineFeedsAlone_readALoneCarriageReturnAsContent() {
        EditorLineEnds.current.loneCarriageReturnEndsLine = false
        defer { EditorLineEnds.current.loneCarriageReturnEndsLine = true }
        XCTAssertEqual(DocumentText.lineCount(of: "a\rb\r\nc\n"), 3)
        XCTAssertEqual(DocumentText.line(0, of: "a\rb\r\nc"), "a\rb")
        XCTAssertFalse(DocumentText.hasLoneCarriageReturn("a\rb"))
        let edits = DocumentEdits.edits(from: "F\n  a\rb\n c\n", to: "F\n  a\rb\nc\n")
        XCTAssertEqual(edits.map(\.range.start), [Position(line: 2, character: 0)])
    }

    /// Neovim makes each `\r` of an edit's new text a line break: formatting a line that holds a
    /// lone `\r` with the line after it re-indented too is edited around the `\r`, so that the
    /// step stays one (tester W's F4: `Given a\r   Then b` became two steps).
    func test_edits_editorCountingLineFeedsAlone_neverPutALoneCarriageReturnInANewText() {
        EditorLineEnds.current.loneCarriageReturnEndsLine = false
        defer { EditorLineEnds.current.loneCarriageReturnEndsLine = true }
        let old = "Feature: F\n\n  Scenario: S\n       Given a\r   Then b\n     And  c\n"
        let new = "Feature: F\n\n  Scenario: S\n    Given a\r   Then b\n    And c\n"
        let edits = DocumentEdits.edits(from: old, to: new)
        XCTAssertFalse(edits.contains { $0.newText.contains("\r") }, "\(edits)")
        XCTAssertEqual(apply(edits, to: old), new)
        // Seeded: lines of words and lone `\r`s, ended alike (`\n` or `\r\n`: mixed line ends are
        // kept line by line, by design), re-indented and respaced.
        var generator = SeededGenerator(seed: 4)
        let pieces = ["Given a", "\r", "   Then b", " ", "c", "😀", "\t"]
        for _ in 0..<500 {
            let end = Bool.random(using: &generator) ? "\n" : "\r\n"
            // A `\r` at a line's end would make `\r\n` of it: such a line ends in `c`.
            let lines = (0..<Int.random(in: 1...5, using: &generator)).map { _ in
                let line = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
                    pieces.randomElement(using: &generator)!
                }.joined()
                return line.hasSuffix("\r") ? line + "c" : line
            }
            let old = lines.joined(separator: end) + (Bool.random(using: &generator) ? end : "")
            // The same lines with their indentation and double spaces changed, the `\r`s kept.
            let new =
                lines.map { line in
                    String(repeating: " ", count: Int.random(in: 0...6, using: &generator))
                        + line.drop { $0 == " " || $0 == "\t" }.replacingOccurrences(of: "  ", with: " ")
                }.joined(separator: end) + end
            let edits = DocumentEdits.edits(from: old, to: new)
            let applied = apply(edits, to: old)
            XCTAssertTrue(
                applied == new, "\(old.debugDescription) to \(new.debugDescription): \(applied.debugDescription)")
            let loneReturns = { (text: String) in
                text.utf16.indices.filter { index in
                    text.utf16[index] == 13
                        && (text.utf16.index(after: index) == text.utf16.endIndex
                            || text.utf16[text.utf16.index(after: index)] != 10)
                }.count
            }
            if loneReturns(old) == loneReturns(new) {
                XCTAssertFalse(edits.contains { loneReturns($0.newText) > 0 }, "\(old.debugDescription) \(edits)")
            }
        }
    }

    /// Mixed line ends, lines re-indented, blank lines dropped and added: no new text for Neovim
    /// holds a `\r` whose `\n` the edit leaves outside (Neovim makes that `\r` a line of its own:
    /// tester Y's Y2 added a line to a doc string), and the edits applied give the new text.
    /// Lines that end mixed keep each its own line end through any edit: a line re-indented keeps
    /// the one it had, wherever the edits' ranges fall (tester Y's Y6: Emacs gave a CRLF line an LF,
    /// and a blank line put in the CRLF, when a blank line removed further down became an edit of its own).
    func test_edits_mixedLineEnds_eachWordedLineKeepsItsOwnLineEnd() {
        let example = DocumentEdits.edits(
            from: "Feature: F\n   Scenario: S\r\n    When b\n\r\n", to: "Feature: F\n\n  Scenario: S\n    When b\n")
        XCTAssertEqual(
            apply(example, to: "Feature: F\n   Scenario: S\r\n    When b\n\r\n"),
            "Feature: F\n\r\n  Scenario: S\r\n    When b\n", "\(example)")
        var generator = SeededGenerator(seed: 7_601)
        func ends(_ text: String) -> [String: String] {
            var found: [String: String] = [:]
            // By scalars: `\r\n` is one Character, which a split at "\n" would not cut.
            for line in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                let words = String(line).split { $0 == " " || $0 == "\r" }.joined(separator: " ")
                if !words.isEmpty { found[words] = line.last == "\r" ? "\r\n" : "\n" }
            }
            return found
        }
        for _ in 0..<1_000 {
            // Lines of words of their own (each line told apart by its words), blank lines between.
            var old = ""
            var new = ""
            for number in 0..<Int.random(in: 2...10, using: &generator) {
                let words = "step \(number)"
                old += String(repeating: " ", count: Int.random(in: 0...6, using: &generator)) + words
                old += Bool.random(using: &generator) ? "\n" : "\r\n"
                new += String(repeating: " ", count: Int.random(in: 0...6, using: &generator)) + words + "\n"
                if Int.random(in: 0..<3, using: &generator) == 0 {
                    old += Bool.random(using: &generator) ? "\n" : "\r\n"
                }
                if Int.random(in: 0..<3, using: &generator) == 0 { new += "\n" }
            }
            // Only a file whose lines end mixed keeps them so; one of a single line end takes the new text's.
            guard old.utf8.contains(13), old.replacingOccurrences(of: "\r\n", with: "").utf8.contains(10) else {
                continue
            }
            let applied = apply(DocumentEdits.edits(from: old, to: new), to: old)
            XCTAssertEqual(ends(applied), ends(old), "\(old.debugDescription) to \(new.debugDescription)")
        }
    }

    func test_edits_mixedLineEndsForNeovim_neverCutACarriageReturnFromItsLineFeed() {
        EditorLineEnds.current.loneCarriageReturnEndsLine = false
        defer { EditorLineEnds.current.loneCarriageReturnEndsLine = true }
        let old = "Feature: F\nScenario: S\nWhen b\n\"\"\"json\n\nw\r\n\"\"\"\n\n"
        let new = "Feature: F\n\n  Scenario: S\r\n    When b\r\n      \"\"\"json\r\n\n      w\n      \"\"\"\n"
        // Lines that end mixed keep each its own line end (by design): the texts compare without `\r`s.
        func withoutReturns(_ text: String) -> String { text.replacingOccurrences(of: "\r", with: "") }
        let example = DocumentEdits.edits(from: old, to: new)
        XCTAssertEqual(withoutReturns(apply(example, to: old)), withoutReturns(new))
        XCTAssertFalse(example.contains { $0.newText.hasSuffix("\r") }, "\(example)")
        var generator = SeededGenerator(seed: 7_502)
        let vocabulary = ["Feature: F", "Scenario: S", "Given a", "\"\"\"json", "\"\"\"", "x", "", "  w", "| a | 1 |"]
        func end() -> String { Bool.random(using: &generator) ? "\n" : "\r\n" }
        for _ in 0..<1_000 {
            let lines = (0..<Int.random(in: 1...8, using: &generator)).map { _ in
                (vocabulary.randomElement(using: &generator)!, end())
            }
            var changed: [(String, String)] = []
            for (line, ending) in lines {
                if line.isEmpty && Bool.random(using: &generator) { continue }
                changed.append((String(repeating: " ", count: Int.random(in: 0...6, using: &generator)) + line, ending))
                if Int.random(in: 0..<4, using: &generator) == 0 { changed.append(("", end())) }
            }
            let old = lines.map { $0.0 + $0.1 }.joined()
            let new = changed.map { $0.0 + $0.1 }.joined()
            let edits = DocumentEdits.edits(from: old, to: new)
            XCTAssertEqual(
                withoutReturns(apply(edits, to: old)), withoutReturns(new),
                "\(old.debugDescription) to \(new.debugDescription)")
            for edit in edits {
                let units = Array(edit.newText.utf16)
                let lone = units.indices.contains { units[$0] == 13 && ($0 + 1 == units.count || units[$0 + 1] != 10) }
                XCTAssertFalse(lone, "\(old.debugDescription) to \(new.debugDescription): \(edits)")
            }
        }
    }

    func test_language_crlfAndByteOrderMark_readTheLanguageLine() {
        XCTAssertEqual(DocumentText.language(of: "\u{FEFF}# language: fr\r\nFonctionnalité: F\r\n"), "fr")
        XCTAssertEqual(DocumentText.language(of: "Feature: F\n"), "en")
    }
}
