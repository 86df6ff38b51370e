/// Reads a `# language: xx` header: `^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`.
enum LanguageHeader {
    static func language(in line: GherkinLine) -> String? {
        let bytes = line.bytes
        guard bytes.first == UInt8(ascii: "#") else { return nil }
        var index = 1
        func skipSpace() {
            while index < bytes.count {
                let (scalar, length) = UTF8Bytes.scalar(at: index, in: bytes)
                guard scalar.isGherkinWhitespace else { return }
                index += length
            }
        }
        func expect(_ literal: StaticString) -> Bool {
            let count = literal.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] { return false }
            index += count
            return true
        }
        skipSpace()
        guard expect("language") else { return nil }
        skipSpace()
        guard expect(":") else { return nil }
        skipSpace()
        let start = index
        while index < bytes.count, isLanguageNameByte(bytes[index]) { index += 1 }
        let end = index
        skipSpace()
        guard end > start, index == bytes.count else { return nil }
        return UTF8Bytes.string(bytes, start..<end)
    }

    private static func isLanguageNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: true
        default: false
        }
    }
}
