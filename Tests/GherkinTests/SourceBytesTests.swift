@testable import Gherkin
import XCTest

/// The word-at-a-time searches must find exactly what a byte-by-byte search finds:
/// at every offset, in the first, a middle and the last partial word, next to bytes
/// with their high bit set (where the carry trick could misfire).
final class SourceBytesTests: XCTestCase {
    func test_indexOf_randomRangesOfRandomBytes_equalsByteByByteSearch() {
        var random = SplitMix(seed: 7)
        let alphabet: [UInt8] = [UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "a"), 0x00, 0x7C ^ 0x80, 0xFF, 0x7B, 0x7D]
        for _ in 0..<2_000 {
            let bytes = (0..<random.next(below: 41)).map { _ in alphabet[random.next(below: alphabet.count)] }
            bytes.withUnsafeBufferPointer { buffer in
                let source = SourceBytes(base: buffer)
                let start = random.next(below: bytes.count + 1)
                let end = start + random.next(below: bytes.count - start + 1)
                let expected = bytes[start..<end].firstIndex(of: UInt8(ascii: "|")) ?? end
                XCTAssertEqual(source.index(of: UInt8(ascii: "|"), from: start, before: end), expected, "\(bytes) \(start)..<\(end)")
            }
        }
    }

    func test_asciiBytesEqualTo_randomASCIIWords_flagsExactlyTheEqualBytes() {
        var random = SplitMix(seed: 5)
        let alphabet: [UInt8] = [UInt8(ascii: "|"), UInt8(ascii: "\\"), 0x00, 0x01, 0x7F, 0x7B, 0x7D, 0x5B, 0x5D, 0x20]
        for _ in 0..<2_000 {
            let bytes = (0..<8).map { _ in alphabet[random.next(below: alphabet.count)] }
            let word = bytes.enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << UInt64($1.offset * 8) }
            for byte in [UInt8(ascii: "|"), UInt8(ascii: "\\")] {
                let expected = bytes.enumerated().reduce(UInt64(0)) { $1.element == byte ? $0 | 0x80 << UInt64($1.offset * 8) : $0 }
                XCTAssertEqual(SourceBytes.asciiBytes(equalTo: byte, in: word), expected, "\(bytes) \(byte)")
            }
        }
    }

    func test_word_everyOffsetWithEightBytesLeft_readsThemFirstByteLowest() {
        let bytes = Array("abcdefghij".utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let source = SourceBytes(base: buffer)
            XCTAssertEqual(source.word(at: 0), UInt64(littleEndian: 0x6867_6665_6463_6261))
            XCTAssertEqual(source.word(at: 2), UInt64(littleEndian: 0x6A69_6867_6665_6463))
            for offset in 0...2 {
                let expected = (0..<8).reduce(UInt64(0)) { $0 | UInt64(bytes[offset + $1]) << UInt64($1 * 8) }
                XCTAssertEqual(source.word(at: offset), expected, "offset \(offset)")
            }
        }
    }

    func test_scan_indentationOfSpacesTabsAndWideSpaces_countsScalars() {
        for (line, indent) in [("          Given x", 10), ("\t  \t Given x", 5), ("        \u{3000}x", 9), ("        ", 8), ("", 0)] {
            let bytes = Array(line.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                var scanner = LineScanner(SourceBytes(base: buffer))
                XCTAssertEqual(scanner.next().line.indent, indent, line)
            }
        }
    }
}
