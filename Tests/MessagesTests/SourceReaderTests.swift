import Messages
import XCTest

/// A feature file's bytes read as text: one cut short in a character of two or four bytes is
/// an error saying so, not read without its last half character (tester Z1's Z1-1).
final class SourceReaderTests: XCTestCase {
    private func utf16LittleEndian(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    func test_decode_utf16WithAByteOrderMarkCutShort_isAnErrorSayingSo() throws {
        let whole = [0xFF, 0xFE] + utf16LittleEndian("Feature: f\n  Scenario: s\n    Given a step that passes\n")
        XCTAssertEqual(
            try SourceReader.decode(whole, uri: "f.feature"),
            "Feature: f\n  Scenario: s\n    Given a step that passes\n")
        XCTAssertThrowsError(try SourceReader.decode(whole + [0x41], uri: "f.feature")) { error in
            XCTAssertTrue("\(error)".contains("ends in half a character"), "\(error)")
        }
    }

    func test_decode_utf16ByItsEncodingLineCutShort_isAnErrorAtTheLine() throws {
        let whole = utf16LittleEndian("# encoding: utf-16\nFeature: f\n")
        XCTAssertEqual(try SourceReader.decode(whole, uri: "f.feature"), "# encoding: utf-16\nFeature: f\n")
        XCTAssertThrowsError(try SourceReader.decode(whole + [0x41], uri: "f.feature")) { error in
            XCTAssertTrue("\(error)".contains("ends in part of a utf-16 character"), "\(error)")
        }
    }
}
