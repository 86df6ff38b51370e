/// Reads a `# language: xx` header: `^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`.
enum LanguageHeader {
    /// The byte range of the language name, when the line is a header.
    static func language(in line: Line, source: SourceBytes) -> Range<Int>? {
        let end = line.end
        var index = line.contentStart
        guard index < end, source[index] == UInt8(ascii: "#") else { return nil }
        index += 1
        func skipSpace() {
            while index < end {
                let length = source.whitespaceLength(at: index, limit: end)
                guard length > 0 else { return }
                index += length
            }
        }
        func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= end else { return false }
            for offset in 0..<count where source[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }
        skipSpace()
        guard expect("language") else { return nil }
        skipSpace()
        guard expect(":") else { return nil }
        skipSpace()
        let start = index
        while index < end, isLanguageNameByte(source[index]) { index += 1 }
        let nameEnd = index
        skipSpace()
        guard nameEnd > start, index == end else { return nil }
        return start..<nameEnd
    }

    private static func isLanguageNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        default: false
        }
    }
}
