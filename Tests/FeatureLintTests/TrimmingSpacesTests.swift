import XCTest

@testable import FeatureLint

/// A line without its spaces and tabs at both ends, found on bytes: the same text as trimming
/// character by character, also where an accent joins a space (` ́` is one character, no space).
final class TrimmingSpacesTests: XCTestCase {
    private func characterByCharacter(_ text: Substring) -> String {
        String(String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed()))
    }

    func test_trimmingSpaces_everyLineOfUpToFourPieces_isWhatTrimmingCharacterByCharacterGives() {
        let pieces = [" ", "\t", "a", "é", "e\u{301}", "\u{301}", " \u{301}", "\r", "\n", "\r\n", "日", "👍🏽", "\u{200D}"]
        var lines: [String] = [""]
        for _ in 0..<4 { lines += lines.flatMap { line in pieces.map { line + $0 } } }
        for text in Set(lines) {
            let line = Substring("x" + text + "y").dropFirst().dropLast()
            XCTAssertEqual(String(line.trimmingSpaces), characterByCharacter(line), text.debugDescription)
            XCTAssertEqual(String(text.trimmingSpaces), characterByCharacter(text[...]), text.debugDescription)
        }
    }
}
