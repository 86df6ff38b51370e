import XCTest

@testable import Gherkin

/// Byte searches and the line scanner on sources with multi-byte scalars and
/// bytes with their high bit set.
final class SourceBytesTests: XCTestCase {
    func test_indexOf_randomRangesOfRandomBytes_equalsFirstIndex() {
        var random = SplitMix(seed: 7)
        let alphabet: [UInt8] = [
            UInt8(ascii: "|"), UInt8(ascii: " "), UInt8(ascii: "a"), 0x00, 0x7C ^ 0x80, 0xFF, 0x7B, 0x7D,
        ]
        for _ in 0..<2_000 {
            let bytes = (0..<random.next(below: 41)).map { _ in alphabet[random.next(below: alphabet.count)] }
            let source = SourceBytes(base: bytes)
            let start = random.next(below: bytes.count + 1)
            let end = start + random.next(below: bytes.count - start + 1)
            let expected = bytes[start..<end].firstIndex(of: UInt8(ascii: "|")) ?? end
            XCTAssertEqual(
                source.index(of: UInt8(ascii: "|"), from: start, before: end), expected, "\(bytes) \(start)..<\(end)")
        }
    }

    func test_trim_wideSpacesAroundText_dropsThemAndCountsLeadingScalars() {
        let source = SourceBytes(base: Array("\u{3000} ab\u{00A0} ".utf8))
        let (range, leading) = source.trim(0..<source.count)
        XCTAssertEqual(source.string(range), "ab")
        XCTAssertEqual(leading, 2)
    }

    func test_scan_indentationOfSpacesTabsAndWideSpaces_countsScalars() {
        for (line, indent) in [
            ("          Given x", 10), ("\t  \t Given x", 5), ("        \u{3000}x", 9), ("        ", 8), ("", 0),
        ] {
            var scanner = LineScanner(SourceBytes(base: Array(line.utf8)))
            XCTAssertEqual(scanner.next().line.indent, indent, line)
        }
    }
}
