/// Cuts a source into lines at line feeds; a carriage return stays on its line
/// (line rules trim it), as the reference scanners do.
struct LineScanner {
    private let source: Substring
    private var position: String.Index
    private(set) var lineNumber = 0

    init(_ source: String) {
        self.source = source[...]
        self.position = source.startIndex
    }

    /// The next line, or a token with no line at the end of the source.
    mutating func next() -> Token {
        lineNumber += 1
        guard position < source.endIndex else { return Token(line: nil, lineNumber: lineNumber) }
        let utf8 = source.utf8
        let end = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
        let text = source[position..<end]
        position = end < utf8.endIndex ? utf8.index(after: end) : end
        return Token(line: GherkinLine(text, number: lineNumber), lineNumber: lineNumber)
    }
}
