/// Splits tag lines and table rows into items that keep their columns.
enum LineItems {
    /// The tags of a tag line; anything after ` #` is a comment.
    static func tags(of line: GherkinLine) throws(ParseError) -> [LineItem] {
        let scalars = Array(line.trimmed.trimmingWhitespace().unicodeScalars)
        // Cut at the first whitespace followed by '#'.
        var end = scalars.count
        if scalars.count > 1 {
            for index in 1..<scalars.count where scalars[index] == "#" && scalars[index - 1].isGherkinWhitespace {
                end = index - 1
                break
            }
        }
        let content = Array(scalars[..<end])
        var items: [LineItem] = []
        var column = line.indent + 1
        // Split on '@'; the part before the first '@' is dropped.
        var parts: [[Unicode.Scalar]] = [[]]
        for scalar in content {
            if scalar == "@" { parts.append([]) } else { parts[parts.count - 1].append(scalar) }
        }
        for part in parts.dropFirst() {
            var name = String(String.UnicodeScalarView(part))
            name = "@" + String(Substring(name).trimmingWhitespace())
            if name.unicodeScalars.contains(where: \.isGherkinWhitespace) {
                throw ParseError(message: "A tag may not contain whitespace", location: Location(line: line.number, column: column))
            }
            items.append(LineItem(column: column, text: name))
            column += part.count + 1
        }
        return items
    }

    /// The cells of a table row, unescaped (`\|` → `|`, `\\` → `\`, `\n` → newline).
    static func cells(of line: GherkinLine) -> [LineItem] {
        let row = line.trimmed.trimmingWhitespace().unicodeScalars
        var cells: [LineItem] = []
        var cell = String.UnicodeScalarView()
        var column = 0
        var startColumn = 1
        var seenFirstPipe = false
        var iterator = row.makeIterator()
        while let scalar = iterator.next() {
            column += 1
            if scalar == "|" {
                if seenFirstPipe { cells.append(item(cell, startColumn: startColumn, indent: line.indent)) }
                seenFirstPipe = true
                cell = String.UnicodeScalarView()
                startColumn = column + 1
            } else if scalar == "\\" {
                let next = iterator.next()
                column += 1
                switch next {
                case "n": cell.append("\n")
                case "|", "\\": cell.append(next!)
                case let other?:
                    cell.append("\\")
                    cell.append(other)
                case nil: cell.append("\\")
                }
            } else {
                cell.append(scalar)
            }
        }
        return cells
    }

    private static func item(_ raw: String.UnicodeScalarView, startColumn: Int, indent: Int) -> LineItem {
        var scalars = Substring(String(raw)).unicodeScalars[...]
        var leading = 0
        while let first = scalars.first, first.isGherkinWhitespace, first != "\n" {
            scalars.removeFirst()
            leading += 1
        }
        while let last = scalars.last, last.isGherkinWhitespace, last != "\n" { scalars.removeLast() }
        return LineItem(column: startColumn + indent + leading, text: String(String.UnicodeScalarView(scalars)))
    }
}
