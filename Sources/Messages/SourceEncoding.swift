import Foundation

/// How a feature file's bytes are text: UTF-8, with or without a byte order mark, unless a
/// UTF-16 byte order mark or an `# encoding:` line says otherwise. The line is read as
/// Cucumber-Ruby reads it: among the comment and blank lines that open the file,
/// `# encoding: NAME` (any case, spaces optional) names the encoding of the whole file.
public struct SourceEncoding: Sendable, Equatable {
    /// The encoding's name as the file gives it (`iso-8859-1`), or `utf-8`.
    public let name: String
    /// The encoding Foundation decodes and encodes with.
    public let encoding: String.Encoding
    /// The byte order mark the file starts with, kept when it is written back.
    public let byteOrderMark: [UInt8]

    /// UTF-8 without a byte order mark: what a file without an `# encoding:` line is.
    public static let utf8 = SourceEncoding(name: "utf-8", encoding: .utf8, byteOrderMark: [])

    /// The names an `# encoding:` line may give (lowercased, `_` read as `-`), and what
    /// Foundation decodes them as.
    static let known: [(names: [String], encoding: String.Encoding)] = [
        (["utf-8", "utf8"], .utf8),
        (["us-ascii", "ascii"], .ascii),
        (["iso-8859-1", "iso8859-1", "latin1", "latin-1", "l1", "binary"], .isoLatin1),
        (["iso-8859-2", "iso8859-2", "latin2", "latin-2", "l2"], .isoLatin2),
        (["windows-1250", "cp1250"], .windowsCP1250),
        (["windows-1251", "cp1251"], .windowsCP1251),
        (["windows-1252", "cp1252"], .windowsCP1252),
        (["windows-1253", "cp1253"], .windowsCP1253),
        (["windows-1254", "cp1254"], .windowsCP1254),
        (["utf-16le"], .utf16LittleEndian),
        (["utf-16be"], .utf16BigEndian),
        (["utf-16"], .utf16),
        (["utf-32le"], .utf32LittleEndian),
        (["utf-32be"], .utf32BigEndian),
        (["utf-32"], .utf32),
        (["shift-jis", "sjis", "windows-31j", "cp932"], .shiftJIS),
        (["euc-jp", "eucjp"], .japaneseEUC),
        (["iso-2022-jp"], .iso2022JP),
        (["macroman", "macintosh"], .macOSRoman),
        (["iso-8859-3", "latin3"], core(0x0203)), (["iso-8859-4", "latin4"], core(0x0204)),
        (["iso-8859-5"], core(0x0205)), (["iso-8859-6"], core(0x0206)), (["iso-8859-7"], core(0x0207)),
        (["iso-8859-8"], core(0x0208)), (["iso-8859-9", "latin5"], core(0x0209)),
        (["iso-8859-10", "latin6"], core(0x020A)), (["iso-8859-11"], core(0x020B)),
        (["iso-8859-13", "latin7"], core(0x020D)), (["iso-8859-14", "latin8"], core(0x020E)),
        (["iso-8859-15", "latin9"], core(0x020F)), (["iso-8859-16", "latin10"], core(0x0210)),
        (["windows-1255", "cp1255"], core(0x0505)), (["windows-1256", "cp1256"], core(0x0506)),
        (["windows-1257", "cp1257"], core(0x0507)), (["windows-1258", "cp1258"], core(0x0508)),
        (["koi8-r"], core(0x0A02)), (["koi8-u"], core(0x0A08)), (["gbk", "cp936"], core(0x0631)),
        (["gb18030"], core(0x0632)), (["big5"], core(0x0A03)), (["euc-kr"], core(0x0940)),
    ]

    /// An encoding Foundation knows by its Core Foundation number only.
    private static func core(_ number: UInt) -> String.Encoding { String.Encoding(rawValue: 0x8000_0000 | number) }

    /// The encoding a name stands for, if it is one of `known`.
    static func named(_ name: String) -> String.Encoding? {
        let key = name.lowercased().replacingOccurrences(of: "_", with: "-")
        return known.first { $0.names.contains(key) }?.encoding
    }

    /// The file's text in this encoding, as bytes; nil when a character cannot be written in it.
    public func encode(_ text: String) -> [UInt8]? {
        if encoding == .utf8 { return byteOrderMark + Array(text.utf8) }
        // Foundation writes a byte order mark of its own for plain UTF-16 and UTF-32.
        let explicit: String.Encoding =
            switch encoding {
            case .utf16: byteOrderMark == [0xFE, 0xFF] ? .utf16BigEndian : .utf16LittleEndian
            case .utf32: byteOrderMark == [0, 0, 0xFE, 0xFF] ? .utf32BigEndian : .utf32LittleEndian
            default: encoding
            }
        guard let data = text.data(using: explicit) else { return nil }
        return byteOrderMark + Array(data)
    }
}

/// The `# encoding:` line among the comment and blank lines that open a file.
struct EncodingPragma {
    /// The name it gives, as written.
    let name: String
    /// Its line and the column of the name (1-based).
    let line: Int
    let column: Int

    /// The line in `bytes`, read as ASCII (any other byte is neither blank nor `#`), or in
    /// UTF-16 when the bytes are UTF-16 text without a byte order mark (`#\0` or `\0#`).
    static func find(in bytes: ArraySlice<UInt8>) -> EncodingPragma? {
        let scalars: [Unicode.Scalar]
        let start = bytes.startIndex
        if bytes.count >= 2, bytes[start] != 0, bytes[start + 1] == 0 {
            scalars = utf16Scalars(bytes, bigEndian: false)
        } else if bytes.count >= 2, bytes[start] == 0, bytes[start + 1] != 0 {
            scalars = utf16Scalars(bytes, bigEndian: true)
        } else {
            // Most files open with a keyword: no comment, so no pragma.
            let first = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
            guard first == UInt8(ascii: "#") else { return nil }
            // Only the opening lines are looked at: a few kilobytes at most in practice.
            scalars = bytes.prefix(4096).map { Unicode.Scalar($0) }
        }
        var number = 0
        for line in scalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            let text = String(String.UnicodeScalarView(line))
            guard let hash = text.firstIndex(where: { !$0.isWhitespace }) else { continue }
            guard text[hash] == "#" else { return nil }
            if let pragma = pragma(in: text, after: hash, line: number) { return pragma }
        }
        return nil
    }

    /// `# encoding: NAME` in a comment line, the `#` at `hash`.
    private static func pragma(in text: String, after hash: String.Index, line: Int) -> EncodingPragma? {
        var rest = text[text.index(after: hash)...].drop { $0.isWhitespace }
        guard rest.lowercased().hasPrefix("encoding") else { return nil }
        rest = rest.dropFirst("encoding".count).drop { $0.isWhitespace }
        guard rest.first == ":" else { return nil }
        rest = rest.dropFirst().drop { $0.isWhitespace }
        let name = rest.prefix { !$0.isWhitespace }
        guard !name.isEmpty else { return nil }
        return EncodingPragma(
            name: String(name), line: line,
            column: text.unicodeScalars.distance(from: text.startIndex, to: name.startIndex) + 1)
    }

    private static func utf16Scalars(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> [Unicode.Scalar] {
        var units: [UInt16] = []
        var index = bytes.startIndex
        while index + 1 < bytes.endIndex, units.count < 4096 {
            let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
            units.append(bigEndian ? first << 8 | second : second << 8 | first)
            index += 2
        }
        return Array(String(decoding: units, as: UTF16.self).unicodeScalars)
    }
}
