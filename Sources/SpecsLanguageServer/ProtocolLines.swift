/// Where the lines the parser reads lie in the lines the protocol counts. The parser ends a
/// line at `\n` (and `\r\n`) alone and reads a lone `\r` as part of the line (`Given a\rb` is
/// one step); the protocol, and every editor, ends a line there too. Made only for a text that
/// holds a lone `\r`: in any other the two count the same lines.
struct ProtocolLines: Sendable {
    /// Each lone `\r`: its parser line (1-based) and its UTF-16 offset in that line, in order.
    private let breaks: [(line: Int, offset: Int)]

    init(_ text: String) {
        var breaks: [(line: Int, offset: Int)] = []
        var line = 1
        var offset = 0
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case 10:
                line += 1
                offset = 0
                continue
            case 13 where index + 1 == bytes.count || bytes[index + 1] != 10:
                breaks.append((line, offset))
            default: break
            }
            // UTF-16 units: one for each byte that starts a scalar, two for a scalar past the BMP.
            if byte & 0xC0 != 0x80 { offset += byte >= 0xF0 ? 2 : 1 }
        }
        self.breaks = breaks
    }

    /// The protocol's line and UTF-16 column (both 1-based) of a parser line and UTF-16 column.
    func place(line: Int, column: Int) -> (line: Int, column: Int) {
        var low = 0
        var high = breaks.count
        while low < high {
            let middle = (low + high) / 2
            if breaks[middle].line < line { low = middle + 1 } else { high = middle }
        }
        var protocolLine = line + low
        var protocolColumn = column
        var index = low
        while index < breaks.count, breaks[index].line == line, breaks[index].offset < column - 1 {
            protocolLine += 1
            protocolColumn = column - 1 - breaks[index].offset
            index += 1
        }
        return (protocolLine, protocolColumn)
    }
}
