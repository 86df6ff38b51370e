/// Cuts a source into lines at line feeds; a carriage return stays on its line
/// (line rules trim it), as the reference scanners do.
struct LineScanner {
    private let source: SourceBytes
    private var position = 0
    private(set) var lineNumber = 0

    init(_ source: SourceBytes) { self.source = source }

    /// The next line, or a token with no line at the end of the source.
    mutating func next() -> Token {
        lineNumber += 1
        let count = source.count
        guard position < count else {
            return Token(
                line: Line(number: lineNumber, start: count, end: count, contentStart: count, indent: 0), isEOF: true)
        }
        let start = position
        let end = source.lineFeed(from: start)
        position = end + 1
        var contentStart = start
        var indent = 0
        while contentStart < end {
            let byte = source[contentStart]
            if byte == 0x20 || byte == 0x09 {
                contentStart += 1
            } else {
                let length = source.whitespaceLength(at: contentStart, limit: end)
                guard length > 0 else { break }
                contentStart += length
            }
            indent += 1
        }
        return Token(line: Line(number: lineNumber, start: start, end: end, contentStart: contentStart, indent: indent))
    }
}
