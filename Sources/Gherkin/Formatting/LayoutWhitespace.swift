/// The whitespace `specs format` owns, and what a text is without it.
///
/// The formatter's invariant is that the formatted text parses to the same document as the
/// source (`DocumentMeaning`: the keywords and texts of every step and heading, tags,
/// comments, descriptions, tables, doc strings and pickles); `FeatureFormatter.checkedFormat`
/// checks it after formatting, and a file that would break it is left as it is. Within that,
/// it changes only layout whitespace: `skeleton(formatted) == skeleton(source)`.
///
/// Layout whitespace is a line's indentation, whitespace at its end, blank lines, line ends,
/// whitespace next to a table row's unescaped `|`, and the length of any other run of
/// whitespace (between tags, between a keyword and its text, before a tag line's comment,
/// after a doc string's delimiter): a run may become one space, but whitespace never
/// appears or disappears between two other characters. The run after a step keyword is not
/// layout where one space would make the line read as a longer keyword of the file's
/// language (`Et  que x` in French is `Et ` and `que x`): there it stays as written, or the
/// shortest start of it that keeps the keyword.
package enum LayoutWhitespace {
    /// The text's non-blank lines, each trimmed, a table row without the whitespace next to
    /// its bars, and every other run of whitespace one space.
    package static func skeleton(_ text: String) -> [String] {
        var result: [String] = []
        // By bytes: "\r\n" is one Character, and a split by Characters would not see it.
        for bytes in text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            let line = SourceLine(Substring(bytes))
            var trimmed = line.trimmed()
            guard !trimmed.isEmpty else { continue }
            if trimmed.hasPrefix("|") {
                let row = line.row
                trimmed = "|" + row.cells.map { $0 + "|" }.joined() + row.tail
            }
            result.append(collapsingRuns(trimmed))
        }
        return result
    }

    private static func collapsingRuns(_ text: String) -> String {
        var view = String.UnicodeScalarView()
        var inRun = false
        for scalar in text.unicodeScalars {
            if scalar.isGherkinWhitespace {
                if !inRun { view.append(" ") }
                inRun = true
            } else {
                view.append(scalar)
                inRun = false
            }
        }
        return String(view)
    }
}
