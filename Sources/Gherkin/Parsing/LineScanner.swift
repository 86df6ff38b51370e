/// Cuts a source into lines at line feeds; a carriage return stays on its line
/// (line rules trim it), as the reference scanners do.
struct LineScanner {
    private let source: String
    /// The UTF-8 offset where each line ends (its line feed, or the end of the source).
    private let lineEnds: [Int]
    private var nextLine = 0
    private(set) var lineNumber = 0

    init(_ source: String) {
        var text = source
        text.makeContiguousUTF8()
        self.source = text
        var ends: [Int] = []
        let count = text.utf8.count
        text.utf8.withContiguousStorageIfAvailable { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index] == 0x0A { ends.append(index) }
                index += 1
            }
        }
        if ends.last.map({ $0 + 1 < count }) ?? (count > 0) { ends.append(count) }
        lineEnds = ends
    }

    /// The next line, or a token with no line at the end of the source.
    mutating func next() -> Token {
        lineNumber += 1
        guard nextLine < lineEnds.count else { return Token(line: nil, lineNumber: lineNumber) }
        let utf8 = source.utf8
        let start = nextLine == 0 ? 0 : lineEnds[nextLine - 1] + 1
        let startIndex = utf8.index(utf8.startIndex, offsetBy: start)
        let endIndex = utf8.index(utf8.startIndex, offsetBy: lineEnds[nextLine])
        nextLine += 1
        return Token(line: GherkinLine(source[startIndex..<endIndex], number: lineNumber), lineNumber: lineNumber)
    }
}
