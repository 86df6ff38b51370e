/// One line of a source as the formatter reads it again: what the parser leaves out of the
/// AST (a comment after tags, text after a row's last `|`, the space after a keyword) and
/// what it changes (escapes in cells and doc strings) are taken from here, as written.
/// Works on Unicode scalars, as the parser's columns count them.
package struct SourceLine {
    /// The line's scalars, its line end aside.
    package let scalars: [Unicode.Scalar]

    package init(_ text: Substring) {
        scalars = Array(text.unicodeScalars)
    }

    /// How many whitespace scalars open the line.
    package var indent: Int {
        scalars.prefix { $0.isGherkinWhitespace }.count
    }

    /// The scalars from `start` on, without whitespace at either end.
    package func trimmed(from start: Int = 0) -> String {
        var lower = min(start, scalars.count)
        var upper = scalars.count
        while lower < upper, scalars[lower].isGherkinWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].isGherkinWhitespace { upper -= 1 }
        return Self.string(scalars[lower..<upper])
    }

    /// " " when whitespace follows `prefix` written at `column` (1-based), "" when the text
    /// follows it directly: `前提 50 円` keeps its space, `前提50 円` stays without.
    package func separator(afterPrefixOf length: Int, at column: Int) -> String {
        let after = column - 1 + length
        guard after < scalars.count else { return "" }
        return scalars[after].isGherkinWhitespace ? " " : ""
    }

    /// The run of whitespace that starts at scalar `index` (0-based), as written.
    package func whitespaceRun(from index: Int) -> String {
        guard index >= 0, index < scalars.count else { return "" }
        return Self.string(scalars[index...].prefix { $0.isGherkinWhitespace })
    }

    /// The comment after a tag line's tags (`@smoke # flaky on CI`), from its `#` on: the
    /// first `#` after whitespace, as the parser cuts it.
    package var tagComment: String? {
        tagCommentStart.map { trimmed(from: $0) }
    }

    /// A tag line's tags as written, before its comment: each run of whitespace one space,
    /// none added or removed (`@a@b`, and `@ smoke`, which the parser reads as `@smoke`).
    package var tags: String {
        var result = String.UnicodeScalarView()
        var inRun = false
        for scalar in scalars[indent..<(tagCommentStart ?? scalars.count)] {
            if scalar.isGherkinWhitespace {
                inRun = true
                continue
            }
            if inRun && !result.isEmpty { result.append(" ") }
            result.append(scalar)
            inRun = false
        }
        return String(result)
    }

    private var tagCommentStart: Int? {
        var index = indent + 1
        while index < scalars.count {
            if scalars[index] == "#", scalars[index - 1].isGherkinWhitespace { return index }
            index += 1
        }
        return nil
    }

    /// A table row's cells as written (escapes kept, whitespace around each dropped) and the
    /// text after its last `|`, which the parser leaves out (empty when there is none).
    package var row: (cells: [String], tail: String) {
        var cells: [String] = []
        var index = indent
        guard index < scalars.count, scalars[index] == "|" else { return ([], trimmed()) }
        var cellStart = index + 1
        index += 1
        while index < scalars.count {
            switch scalars[index] {
            case "\\":
                index += 2
                continue
            case "|":
                cells.append(trimmed(cellStart..<index))
                cellStart = index + 1
            default: break
            }
            index += 1
        }
        return (cells, trimmed(min(cellStart, scalars.count)..<scalars.count))
    }

    /// Where the text after a row's last `|` starts (1-based column), when there is text.
    package var rowTailColumn: Int? {
        var index = indent
        guard index < scalars.count, scalars[index] == "|" else { return nil }
        var tailStart = index + 1
        index += 1
        while index < scalars.count {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            if scalars[index] == "|" { tailStart = index + 1 }
            index += 1
        }
        var start = tailStart
        while start < scalars.count, scalars[start].isGherkinWhitespace { start += 1 }
        return start < scalars.count ? start + 1 : nil
    }

    /// A doc string's content line as written, escapes kept: the line without the
    /// indentation of its opening delimiter, as the parser removes it (all of its own when
    /// it is indented less).
    package func docStringContent(removing indentation: Int) -> String {
        Self.string(scalars[min(indent, indentation)...])
    }

    /// The 1-based column of the first `needle` at or after `column`, if there is one.
    package func column(of needle: String, from column: Int) -> Int? {
        let target = Array(needle.unicodeScalars)
        guard !target.isEmpty, target.count <= scalars.count else { return nil }
        var index = max(0, column - 1)
        while index + target.count <= scalars.count {
            if scalars[index..<index + target.count].elementsEqual(target) { return index + 1 }
            index += 1
        }
        return nil
    }

    private func trimmed(_ range: Range<Int>) -> String {
        var lower = range.lowerBound
        var upper = range.upperBound
        while lower < upper, scalars[lower].isGherkinWhitespace { lower += 1 }
        while upper > lower, scalars[upper - 1].isGherkinWhitespace { upper -= 1 }
        return Self.string(scalars[lower..<upper])
    }

    private static func string(_ slice: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }
}
