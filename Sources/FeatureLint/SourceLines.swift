import Gherkin

/// A feature file's lines as the parser counts them: ended by `\n` or `\r\n`, without their
/// line end. (Split as characters, a `\r\n` file would be one line: `"\r\n"` is one character.)
package enum SourceLines {
    /// The lines of `text`, the last one too when it has no line end.
    package static func of(_ text: String) -> [Substring] {
        text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { bytes in
            let line = Substring(bytes)
            return line.utf8.last == UInt8(ascii: "\r") ? Substring(line.utf8.dropLast()) : line
        }
    }

    /// The numbers (1-based) of the lines between `doc`'s delimiters in `lines`: up to the first
    /// line that starts with its delimiter (an escaped one does not), or to the end of the file.
    static func content(of doc: DocString, in lines: [Substring]) -> Range<Int> {
        let first = doc.location.line + 1
        var end = first
        while end <= lines.count, !lines[end - 1].trimmingSpaces.hasPrefix(doc.delimiter) { end += 1 }
        return first..<end
    }
}
