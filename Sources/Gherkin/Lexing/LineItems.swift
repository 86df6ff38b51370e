/// Splits tag lines and table rows into items that keep their columns. Works on the
/// source's UTF-8 bytes; columns count Unicode scalars.
enum LineItems {
    /// The tags of a tag line; anything after whitespace followed by `#` is a comment.
    /// The line's first byte is `@` (the matcher checked it).
    static func tags(of line: Line, in source: SourceBytes, into items: inout [LineItem]) throws(ParseError) {
        let lineEnd = source.trimTrailing(line.contentStart..<line.end)
        // Cut at the first whitespace followed by '#'.
        var end = lineEnd
        var hash = source.index(of: UInt8(ascii: "#"), from: line.contentStart + 1, before: lineEnd)
        while hash < lineEnd {
            let previous = source.scalarStart(before: hash, from: line.contentStart)
            if source.scalar(at: previous, limit: hash).0.isGherkinWhitespace {
                end = previous
                break
            }
            hash = source.index(of: UInt8(ascii: "#"), from: hash + 1, before: lineEnd)
        }
        // Split on '@': each part is a tag's name, trimmed, and moves the column on by
        // its scalars and its '@'.
        var column = line.indent + 1
        var partStart = line.contentStart + 1
        while true {
            let at = source.index(of: UInt8(ascii: "@"), from: partStart, before: end)
            let (name, scalars, spaced) = tagName(partStart..<at, source)
            if spaced {
                throw ParseError(
                    message: "A tag may not contain whitespace", location: Location(line: line.number, column: column))
            }
            items.append(LineItem(column: column, range: name, unescaped: nil))
            guard at < end else { break }
            column += scalars + 1
            partStart = at + 1
        }
    }

    /// A tag line's part trimmed, how many scalars the whole part holds, and whether
    /// the trimmed name holds whitespace. Most parts are a name of visible ASCII
    /// followed by spaces, read in one pass; the others scalar by scalar.
    private static func tagName(_ part: Range<Int>, _ source: SourceBytes) -> (Range<Int>, Int, Bool) {
        var index = part.lowerBound
        while index < part.upperBound, source[index] &- 0x21 < 0x5F { index += 1 }
        let nameEnd = index
        while index < part.upperBound, source[index] == 0x20 { index += 1 }
        guard index == part.upperBound, nameEnd > part.lowerBound else { return tagNameScalars(part, source) }
        return (part.lowerBound..<nameEnd, part.count, false)
    }

    /// `tagName` for any part, scalar by scalar.
    private static func tagNameScalars(_ part: Range<Int>, _ source: SourceBytes) -> (Range<Int>, Int, Bool) {
        let (name, _) = source.trim(part)
        var spaced = false
        var position = name.lowerBound
        while position < name.upperBound {
            if SourceBytes.isScalarStart(source[position]),
                source.whitespaceLength(at: position, limit: name.upperBound) > 0
            {
                spaced = true
                break
            }
            position += 1
        }
        return (name, source.scalarCount(part), spaced)
    }

    /// The cells of a table row; cells with escapes (`\|` → `|`, `\\` → `\`, `\n` →
    /// newline) get their unescaped text added to `unescaped`.
    static func cells(of line: Line, in source: SourceBytes, into items: inout [LineItem], unescaped: inout [String]) {
        let row = line.contentStart..<source.trimTrailing(line.contentStart..<line.end)
        if plainCells(of: row, indent: line.indent, source, into: &items) { return }
        var column = 0
        var startColumn = 1
        var cellStart = -1
        var escaped = false
        var index = row.lowerBound
        while index < row.upperBound {
            let byte = source[index]
            if SourceBytes.isScalarStart(byte) { column += 1 }
            if byte == UInt8(ascii: "|") {
                if cellStart >= 0 {
                    items.append(
                        cell(
                            cellStart..<index, escaped: escaped, startColumn: startColumn + line.indent, source,
                            &unescaped))
                }
                cellStart = index + 1
                escaped = false
                startColumn = column + 1
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                if index + 1 < row.upperBound {
                    index += 1
                    if SourceBytes.isScalarStart(source[index]) { column += 1 }
                }
            }
            index += 1
        }
    }

    /// The cells of a row that is ASCII without a backslash (most rows are): its columns
    /// are then byte offsets and no cell has an escape. False, with nothing added, for
    /// any other row.
    private static func plainCells(
        of row: Range<Int>, indent: Int, _ source: SourceBytes, into items: inout [LineItem]
    ) -> Bool {
        let first = items.count
        // The row's first byte is its first bar.
        var cellStart = row.lowerBound + 1
        for index in cellStart..<max(cellStart, row.upperBound) {
            let byte = source[index]
            guard byte < 0x80, byte != UInt8(ascii: "\\") else {
                items.removeSubrange(first...)
                return false
            }
            if byte == UInt8(ascii: "|") {
                var lower = cellStart
                var upper = index
                while lower < upper, SourceBytes.isASCIIWhitespace(source[lower]) { lower += 1 }
                while upper > lower, SourceBytes.isASCIIWhitespace(source[upper - 1]) { upper -= 1 }
                items.append(
                    LineItem(column: lower - row.lowerBound + 1 + indent, range: lower..<upper, unescaped: nil))
                cellStart = index + 1
            }
        }
        return true
    }

    private static func cell(
        _ raw: Range<Int>, escaped: Bool, startColumn: Int, _ source: SourceBytes, _ unescaped: inout [String]
    ) -> LineItem {
        guard escaped else {
            let (range, leading) = source.trim(raw)
            return LineItem(column: startColumn + leading, range: range, unescaped: nil)
        }
        var text: [UInt8] = []
        var index = raw.lowerBound
        while index < raw.upperBound {
            let byte = source[index]
            if byte == UInt8(ascii: "\\"), index + 1 < raw.upperBound {
                let next = source[index + 1]
                switch next {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "|"), UInt8(ascii: "\\"): text.append(next)
                default:
                    text.append(byte)
                    text.append(next)
                }
                index += 2
            } else {
                text.append(byte)
                index += 1
            }
        }
        // Trim whitespace, but not the line feeds that escapes produced.
        let scalars = String(decoding: text, as: UTF8.self).unicodeScalars
        var start = scalars.startIndex
        var leading = 0
        while start < scalars.endIndex, scalars[start] != "\n", scalars[start].isGherkinWhitespace {
            scalars.formIndex(after: &start)
            leading += 1
        }
        var end = scalars.endIndex
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before] != "\n", scalars[before].isGherkinWhitespace else { break }
            end = before
        }
        unescaped.append(String(scalars[start..<end]))
        return LineItem(column: startColumn + leading, range: raw, unescaped: unescaped.count - 1)
    }
}
