/// One physical line of a source, with its indentation measured in Unicode scalars.
struct GherkinLine {
    /// The whole line, without its line feed.
    let text: Substring
    /// The line without leading whitespace.
    let trimmed: Substring
    /// Leading whitespace, in Unicode scalars.
    let indent: Int
    let number: Int

    /// Whether the line holds only whitespace.
    let isEmpty: Bool
    /// The trimmed line's UTF-8 bytes, for fast keyword comparison.
    let bytes: [UInt8]

    init(_ text: Substring, number: Int) {
        self.text = text
        (trimmed, indent) = text.trimmingLeadingWhitespace()
        self.number = number
        isEmpty = trimmed.isEmpty || trimmed.trimmingTrailingWhitespace().isEmpty
        bytes = Array(trimmed.utf8)
    }

    func starts(with prefix: String) -> Bool { starts(with: Keyword(prefix)) }

    /// Whether the trimmed line starts with `keyword`'s bytes.
    func starts(with keyword: Keyword) -> Bool {
        let prefix = keyword.bytes
        guard bytes.count >= prefix.count else { return false }
        guard let first = prefix.first else { return true }
        guard bytes[0] == first else { return false }
        for index in 1..<prefix.count where bytes[index] != prefix[index] { return false }
        return true
    }



    /// The trimmed text after a prefix given as a string.
    func rest(after prefix: String) -> String {
        let start = trimmed.utf8.index(trimmed.startIndex, offsetBy: prefix.utf8.count)
        return String(trimmed[start...].trimmingWhitespace())
    }

    /// The line with up to `indentToRemove` leading scalars removed; the trimmed line
    /// when the line is indented less than that.
    func text(removingIndent indentToRemove: Int) -> Substring {
        guard indentToRemove <= indent else { return trimmed }
        let start = text.unicodeScalars.index(text.startIndex, offsetBy: indentToRemove)
        return text[start...]
    }
}

/// A keyword with its UTF-8 bytes, computed once.
struct Keyword: Sendable {
    let text: String
    let bytes: [UInt8]

    init(_ text: String) {
        self.text = text
        bytes = Array(text.utf8)
    }
}
