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
}
