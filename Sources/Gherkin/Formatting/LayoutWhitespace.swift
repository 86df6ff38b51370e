/// The whitespace `specs format` owns, and what a text is without it: the formatter's
/// invariant is that `skeleton(formatted) == skeleton(source)` for every file it formats.
///
/// Layout whitespace is a line's indentation, whitespace at its end, blank lines, line ends,
/// whitespace next to a table row's unescaped `|`, and the length of any other run of
/// whitespace (between tags, between a keyword and its text, before a tag line's comment,
/// after a doc string's delimiter): a run may become one space, but whitespace never
/// appears or disappears between two other characters.
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
