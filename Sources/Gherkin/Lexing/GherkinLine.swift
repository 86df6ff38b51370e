/// One physical line of a source, with its indentation measured in Unicode scalars.
struct GherkinLine {
    /// The whole line, without its line feed.
    let text: Substring
    /// The line without leading whitespace.
    let trimmed: Substring
    /// Leading whitespace, in Unicode scalars.
    let indent: Int
    let number: Int

    init(_ text: Substring, number: Int) {
        self.text = text
        (trimmed, indent) = text.trimmingLeadingWhitespace()
        self.number = number
    }

    var isEmpty: Bool { trimmed.trimmingTrailingWhitespace().isEmpty }

    func starts(with prefix: String) -> Bool { trimmed.utf8.starts(with: prefix.utf8) }

    func startsWithTitle(_ keyword: String) -> Bool {
        starts(with: keyword) && trimmed.utf8.dropFirst(keyword.utf8.count).first == UInt8(ascii: ":")
    }

    /// The trimmed text after `scalars` leading Unicode scalars, itself trimmed.
    func rest(afterScalars scalars: Int) -> String {
        let start = trimmed.unicodeScalars.index(trimmed.startIndex, offsetBy: scalars, limitedBy: trimmed.endIndex) ?? trimmed.endIndex
        return String(trimmed[start...].trimmingWhitespace())
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
