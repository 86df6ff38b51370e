import Foundation
import Gherkin

/// A document's text as the protocol addresses it: lines, and characters counted in UTF-16.
enum DocumentText {
    /// `text` with one `contentChanges` entry applied: a range replaced, or the whole text; nil
    /// when the range starts or ends between the two UTF-16 units of one character (an emoji,
    /// say): no text of the editor's has such an edit, whose place here would be a guess.
    static func applying(_ change: TextChange, to text: String) -> String? {
        guard let range = change.range else { return change.text }
        var result = text
        let lower = index(line: range.start.line, character: range.start.character, in: result)
        let upper = max(lower, index(line: range.end.line, character: range.end.character, in: result))
        let scalars = text.unicodeScalars
        guard lower.samePosition(in: scalars) != nil, upper.samePosition(in: scalars) != nil else { return nil }
        result.replaceSubrange(lower..<upper, with: change.text)
        return result
    }

    /// How many lines the protocol sees: one more than the line ends (`\n`, `\r\n`, a lone `\r`
    /// unless the editor reads it as part of its line, see `EditorLineEnds`).
    /// Where each line starts (UTF-8 offsets), lines ended as the editor ends them.
    static func lineStarts(of text: String) -> [Int] {
        var text = text
        let lone = EditorLineEnds.current.loneCarriageReturnEndsLine
        return text.withUTF8 { bytes -> [Int] in
            var starts = [0]
            var offset = 0
            while let next = nextLineStart(after: offset, in: bytes, lone: lone) {
                offset = next
                starts.append(next)
            }
            return starts
        }
    }

    static func lineCount(of text: String) -> Int {
        var text = text
        let lone = EditorLineEnds.current.loneCarriageReturnEndsLine
        return text.withUTF8 { bytes -> Int in
            var count = 1
            var offset = 0
            while let next = nextLineStart(after: offset, in: bytes, lone: lone) {
                offset = next
                count += 1
            }
            return count
        }
    }

    /// The 0-based line `number`, without its line end.
    static func line(_ number: Int, of text: String) -> Substring {
        let start = index(line: number, character: 0, in: text)
        let units = text.utf16
        var end = units[start...].firstIndex(of: 10) ?? units.endIndex
        if end < units.endIndex, end > start, units[units.index(before: end)] == 13 { end = units.index(before: end) }
        // The last line too ends at a lone `\r` where the editor ends lines there.
        if EditorLineEnds.current.loneCarriageReturnEndsLine, let carriage = units[start..<end].firstIndex(of: 13) {
            end = carriage
        }
        return text[start..<end]
    }

    /// The index of a protocol position: past the end of a line is its end, past the last line the text's.
    static func index(line: Int, character: Int, in text: String) -> String.Index {
        let units = text.utf16
        var index: String.Index
        if let offset = lineStart(line, in: text) {
            index = text.utf8.index(text.utf8.startIndex, offsetBy: offset)
        } else {
            return text.endIndex
        }
        var remaining = character
        let end: UInt16 = EditorLineEnds.current.loneCarriageReturnEndsLine ? 13 : 10
        while remaining > 0, index < units.endIndex, units[index] != 10, units[index] != end {
            index = units.index(after: index)
            remaining -= 1
        }
        return index
    }

    /// The UTF-8 offset where the 0-based line `number` starts, nil past the last line. Lines
    /// end as the protocol ends them: `\n`, `\r\n` or a lone `\r` (see `EditorLineEnds`). Line
    /// ends are found with `memchr`, so a keystroke in a long document costs no walk over its text.
    static func lineStart(_ number: Int, in text: String) -> Int? {
        var text = text
        let lone = EditorLineEnds.current.loneCarriageReturnEndsLine
        return text.withUTF8 { bytes -> Int? in
            var offset = 0
            var line = 0
            while line < number {
                guard let next = nextLineStart(after: offset, in: bytes, lone: lone) else { return nil }
                offset = next
                line += 1
            }
            return offset
        }
    }

    /// Where the line after the one holding UTF-8 offset `offset` starts, nil on the last line;
    /// `lone` when a lone `\r` ends a line.
    private static func nextLineStart(after offset: Int, in bytes: UnsafeBufferPointer<UInt8>, lone: Bool) -> Int? {
        guard let base = bytes.baseAddress, offset < bytes.count else { return nil }
        let rest = bytes.count - offset
        let feed = memchr(base + offset, 10, rest).map {
            UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base
        }
        guard lone else { return feed.map { $0 + 1 } }
        // A carriage return before the line feed ends the line: alone, or with the feed after it.
        let searched = (feed ?? bytes.count) - offset
        if searched > 0, let found = memchr(base + offset, 13, searched) {
            let carriage = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
            return carriage + 1 < bytes.count && bytes[carriage + 1] == 10 ? carriage + 2 : carriage + 1
        }
        return feed.map { $0 + 1 }
    }

    /// Whether the text holds a carriage return that is not before a line feed: a line end for
    /// the protocol, and line content for the parser. False when the editor reads it as part of
    /// its line too (see `EditorLineEnds`).
    static func hasLoneCarriageReturn(_ text: String) -> Bool {
        guard EditorLineEnds.current.loneCarriageReturnEndsLine else { return false }
        var text = text
        return text.withUTF8 { bytes -> Bool in
            guard let base = bytes.baseAddress else { return false }
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, 13, bytes.count - offset) {
                let carriage = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                if carriage + 1 == bytes.count || bytes[carriage + 1] != 10 { return true }
                offset = carriage + 2
            }
            return false
        }
    }

    /// The text's lines as the protocol counts them, each with the line end that ends it (`\n`,
    /// `\r\n` or a lone `\r`); the last has none (and is empty when the text ends with one).
    static func segments(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var text = text
        let lone = EditorLineEnds.current.loneCarriageReturnEndsLine
        let offsets = text.withUTF8 { bytes -> [Int] in
            var offsets: [Int] = []
            var offset = 0
            while let next = nextLineStart(after: offset, in: bytes, lone: lone) {
                offsets.append(next)
                offset = next
            }
            return offsets
        }
        let utf8 = text.utf8
        var start = text.startIndex
        var previous = 0
        for offset in offsets {
            let end = utf8.index(start, offsetBy: offset - previous)
            result.append(text[start..<end])
            (start, previous) = (end, offset)
        }
        result.append(text[start...])
        return result
    }
}

extension DocumentText {
    /// The language a `# language:` line names, read from the opening lines however they end
    /// (`\r\n` too) and after a byte order mark.
    static func language(of text: String) -> String {
        var opening = ""
        for line in text.utf8.split(separator: 10, maxSplits: 50, omittingEmptySubsequences: false).prefix(50) {
            var bytes = line[...]
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
            if bytes.last == 13 { bytes = bytes.dropLast() }
            opening += String(decoding: bytes, as: UTF8.self) + "\n"
        }
        return LanguageComment.language(of: opening)
    }
}
