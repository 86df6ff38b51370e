/// Reads a `# language: xx` header: `^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`.
enum LanguageHeader {
    static func language(in trimmed: Substring) -> String? {
        var scalars = Substring.UnicodeScalarView(trimmed.unicodeScalars)
        func skipSpace() {
            while let first = scalars.first, first.isGherkinWhitespace { scalars.removeFirst() }
        }
        func expect(_ literal: String) -> Bool {
            guard scalars.starts(with: literal.unicodeScalars) else { return false }
            scalars.removeFirst(literal.unicodeScalars.count)
            return true
        }
        skipSpace()
        guard expect("#") else { return nil }
        skipSpace()
        guard expect("language") else { return nil }
        skipSpace()
        guard expect(":") else { return nil }
        skipSpace()
        var name = ""
        while let first = scalars.first, first.isLanguageNameCharacter {
            name.unicodeScalars.append(first)
            scalars.removeFirst()
        }
        skipSpace()
        return !name.isEmpty && scalars.isEmpty ? name : nil
    }
}

private extension Unicode.Scalar {
    var isLanguageNameCharacter: Bool {
        switch value {
        case 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F: return true
        default: return false
        }
    }
}
