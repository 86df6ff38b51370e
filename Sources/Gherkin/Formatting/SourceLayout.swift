extension FeatureFormatter {
    /// What the formatter keeps of a source beyond its AST.
    struct SourceLayout {
        /// The source's lines, line ends aside.
        let lines: [Substring]
        /// Whether most of its lines end in CRLF.
        let crlf: Bool
        /// The line that names the file's language (it is not a comment of the AST).
        let languageLine: Comment?

        init(_ source: String) {
            var lines: [Substring] = []
            var crlf = 0
            // By bytes: "\r\n" is one Character, and a split by Characters would not see it.
            let segments = source.utf8.split(separator: 0x0A, omittingEmptySubsequences: false)
            for (index, bytes) in segments.enumerated() {
                let line = Substring(bytes)
                if bytes.last == 0x0D {
                    // The last line has no line end: a `\r` that ends it is no CRLF.
                    if index < segments.count - 1 { crlf += 1 }
                    lines.append(Substring(bytes.dropLast()))
                } else {
                    lines.append(line)
                }
            }
            self.lines = lines
            self.crlf = crlf * 2 > lines.count - 1 && crlf > 0
            // The language line is the first `# language:` line among the comments and blank
            // lines that open the file; later ones are comments.
            var found: Comment?
            for (index, line) in lines.enumerated() {
                // Blank as the parser reads it: Unicode whitespace only (U+00A0, U+3000, a form feed).
                if LanguageComment.isBlank(line) { continue }
                guard LanguageComment.isComment(line) else { break }
                if LanguageComment.language(inLine: line) != nil {
                    found = Comment(location: Location(line: index + 1, column: 1), text: String(line))
                    break
                }
            }
            languageLine = found
        }

        /// The source line of each line of a description of the header at `header`, given
        /// the lines that hold comments: the description starts at the first line after its
        /// header that is not blank (Unicode whitespace only), and comments stand between its lines.
        func descriptionLines(after header: Int, count: Int, commentLines: Set<Int>) -> [Int] {
            var number = header + 1
            while number <= lines.count, LanguageComment.isBlank(lines[number - 1]) { number += 1 }
            var result: [Int] = []
            while result.count < count {
                if !commentLines.contains(number) { result.append(number) }
                number += 1
            }
            return result
        }
    }
}
