/// Splits tag lines and table rows into items that keep their columns. Works on the
/// line's UTF-8 bytes; columns count Unicode scalars.
enum LineItems {
    /// The tags of a tag line; anything after whitespace followed by `#` is a comment.
    static func tags(of line: GherkinLine) throws(ParseError) -> [LineItem] {
        let bytes = line.bytes
        var (content, _) = UTF8Bytes.trim(bytes, 0..<bytes.count)
        // Cut at the first whitespace followed by '#'.
        var index = content.lowerBound + 1
        while index < content.upperBound {
            if bytes[index] == UInt8(ascii: "#") {
                let previous = UTF8Bytes.scalarStart(before: index, in: bytes)
                if UTF8Bytes.scalar(at: previous, in: bytes).0.isGherkinWhitespace {
                    content = content.lowerBound..<previous
                    break
                }
            }
            index += 1
        }
        var items: [LineItem] = []
        var column = line.indent + 1
        // Split on '@'; the part before the first '@' is dropped.
        var partStart: Int?
        func finish(_ start: Int, _ end: Int) throws(ParseError) {
            let (nameRange, _) = UTF8Bytes.trim(bytes, start..<end)
            for position in nameRange where bytes[position] < 0x80 ? Unicode.Scalar(bytes[position]).isGherkinWhitespace
                : (UTF8Bytes.isScalarStart(bytes[position]) && UTF8Bytes.scalar(at: position, in: bytes).0.isGherkinWhitespace) {
                throw ParseError(message: "A tag may not contain whitespace", location: Location(line: line.number, column: column))
            }
            items.append(LineItem(column: column, text: "@" + UTF8Bytes.string(bytes, nameRange)))
            column += UTF8Bytes.scalarCount(bytes, start..<end) + 1
        }
        for position in content where bytes[position] == UInt8(ascii: "@") {
            if let start = partStart { try finish(start, position) }
            partStart = position + 1
        }
        if let start = partStart { try finish(start, content.upperBound) }
        return items
    }

    /// The cells of a table row, unescaped (`\|` → `|`, `\\` → `\`, `\n` → newline).
    static func cells(of line: GherkinLine) -> [LineItem] {
        let source = line.bytes
        let (row, _) = UTF8Bytes.trim(source, 0..<source.count)
        var cells: [LineItem] = []
        var cell: [UInt8] = []
        var column = 0
        var startColumn = 1
        var seenFirstPipe = false
        var index = row.lowerBound
        while index < row.upperBound {
            let byte = source[index]
            if UTF8Bytes.isScalarStart(byte) { column += 1 }
            if byte == UInt8(ascii: "|") {
                if seenFirstPipe { cells.append(item(cell, startColumn: startColumn, indent: line.indent)) }
                seenFirstPipe = true
                cell.removeAll(keepingCapacity: true)
                startColumn = column + 1
                index += 1
            } else if byte == UInt8(ascii: "\\") {
                index += 1
                guard index < row.upperBound else { cell.append(byte); break }
                let next = source[index]
                if UTF8Bytes.isScalarStart(next) { column += 1 }
                switch next {
                case UInt8(ascii: "n"): cell.append(0x0A)
                case UInt8(ascii: "|"), UInt8(ascii: "\\"): cell.append(next)
                default:
                    cell.append(byte)
                    cell.append(next)
                }
                index += 1
            } else {
                cell.append(byte)
                index += 1
            }
        }
        return cells
    }

    private static func item(_ raw: [UInt8], startColumn: Int, indent: Int) -> LineItem {
        let (range, leading) = UTF8Bytes.trim(raw, 0..<raw.count, keepLineFeeds: true)
        return LineItem(column: startColumn + indent + leading, text: UTF8Bytes.string(raw, range))
    }
}
