import Foundation
import Gherkin

/// A document's text as the protocol addresses it: lines, and characters counted in UTF-16.
enum DocumentText {
    /// `text` with one `contentChanges` entry applied: a range replaced, or the whole text.
    static func applying(_ change: TextChange, to text: String) -> String {
        guard let range = change.range else { return change.text }
        var result = text
        let lower = index(line: range.start.line, character: range.start.character, in: result)
        let upper = max(lower, index(line: range.end.line, character: range.end.character, in: result))
        result.replaceSubrange(lower..<upper, with: change.text)
        return result
    }

    /// How many lines the protocol sees: one more than the line feeds.
    static func lineCount(of text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes -> Int in
            guard let base = bytes.baseAddress else { return 1 }
            var count = 1
            var offset = 0
            while offset < bytes.count, let found = memchr(base + offset, 10, bytes.count - offset) {
                offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                count += 1
            }
            return count
        }
    }

    /// The 0-based line `number`, without its line break.
    static func line(_ number: Int, of text: String) -> Substring {
        let start = index(line: number, character: 0, in: text)
        let end = text.utf16[start...].firstIndex(of: 10) ?? text.endIndex
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
        while remaining > 0, index < units.endIndex, units[index] != 10 {
            index = units.index(after: index)
            remaining -= 1
        }
        return index
    }

    /// The UTF-8 offset where the 0-based line `number` starts, nil past the last line: line
    /// feeds found with `memchr`, so a keystroke in a long document costs no walk over its text.
    static func lineStart(_ number: Int, in text: String) -> Int? {
        var text = text
        return text.withUTF8 { bytes -> Int? in
            guard let base = bytes.baseAddress else { return number == 0 ? 0 : nil }
            var offset = 0
            var line = 0
            while line < number {
                guard let found = memchr(base + offset, 10, bytes.count - offset) else { return nil }
                offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base + 1
                line += 1
            }
            return offset
        }
    }

    /// The one edit that turns `old` into `new`: the lines from the first that differs to the
    /// last that differs, each line with its own line end (`\r\n` stays whole); nil when equal.
    /// An edit of a last line without a line end ends on the line after it.
    static func edit(from old: String, to new: String) -> (range: TextRange, newText: String)? {
        guard old != new else { return nil }
        let before = segments(old)
        let after = segments(new)
        // Compared byte for byte: lines that differ only in their Unicode normalization differ.
        func same(_ a: Substring, _ b: Substring) -> Bool { a.utf8.elementsEqual(b.utf8) }
        let shorter = min(before.count, after.count)
        var prefix = 0
        while prefix < shorter - 1, same(before[prefix], after[prefix]) { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, same(before[before.count - 1 - suffix], after[after.count - 1 - suffix]) {
            suffix += 1
        }
        let start = Position(line: prefix, character: 0)
        let end: Position
        if suffix > 0 {
            end = Position(line: before.count - suffix, character: 0)
        } else if before[before.count - 1].isEmpty {
            end = Position(line: before.count - 1, character: 0)
        } else {
            // A last line without a line end: the edit ends at the start of the line after it, the
            // document's end as editors clamp it. Ended inside that line instead, an editor that
            // keeps the final line end apart (Neovim) would write one more after the new text's.
            end = Position(line: before.count, character: 0)
        }
        return (TextRange(start: start, end: end), after[prefix..<(after.count - suffix)].joined())
    }

    /// The text's lines, each with the line feed that ends it; the last has none (and is
    /// empty when the text ends with one).
    static func segments(_ text: String) -> [Substring] {
        var result: [Substring] = []
        var start = text.startIndex
        let units = text.utf8
        var index = units.startIndex
        while let newline = units[index...].firstIndex(of: 10) {
            index = units.index(after: newline)
            result.append(text[start..<index])
            start = index
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
