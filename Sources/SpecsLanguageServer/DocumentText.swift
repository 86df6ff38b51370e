/// A document's text as the protocol addresses it: lines, and characters counted in UTF-16.
enum DocumentText {
    /// `text` with one `contentChanges` entry applied: a range replaced, or the whole text.
    static func applying(_ change: [String: Any], to text: String) -> String {
        guard let newText = change["text"] as? String else { return text }
        guard let range = change["range"] as? [String: Any], let start = position(range["start"]),
            let end = position(range["end"])
        else { return newText }
        var result = text
        let lower = index(line: start.line, character: start.character, in: result)
        let upper = max(lower, index(line: end.line, character: end.character, in: result))
        result.replaceSubrange(lower..<upper, with: newText)
        return result
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
        var index = units.startIndex
        var current = 0
        while current < line {
            guard let newline = units[index...].firstIndex(of: 10) else { return units.endIndex }
            index = units.index(after: newline)
            current += 1
        }
        var remaining = character
        while remaining > 0, index < units.endIndex, units[index] != 10 {
            index = units.index(after: index)
            remaining -= 1
        }
        return index
    }

    static func position(_ value: Any?) -> (line: Int, character: Int)? {
        guard let position = value as? [String: Any], let line = position["line"] as? Int,
            let character = position["character"] as? Int
        else { return nil }
        return (line, character)
    }
}
