/// A `# language: xx` comment read from text, for tools around the parser (the parser
/// itself reads it from bytes as it scans, in `LanguageHeader`), as the parser reads it:
/// `^\s*#\s*language\s*:\s*([a-zA-Z\-_]+)\s*$`, whitespace being Unicode whitespace.
public enum LanguageComment {
    /// The language a line names, if it is a `# language:` comment.
    public static func language(inLine line: Substring) -> String? {
        var scalars = line.unicodeScalars
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
        let name = scalars.prefix { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" || $0 == "_" }
        scalars.removeFirst(name.count)
        skipSpace()
        guard !name.isEmpty, scalars.isEmpty else { return nil }
        return String(String.UnicodeScalarView(name))
    }

    /// Whether a line is blank as the parser reads it: Unicode whitespace only.
    public static func isBlank(_ line: Substring) -> Bool {
        line.unicodeScalars.allSatisfy(\.isGherkinWhitespace)
    }

    /// Whether a line is a comment as the parser reads it: `#` after Unicode whitespace.
    public static func isComment(_ line: Substring) -> Bool {
        line.unicodeScalars.first { !$0.isGherkinWhitespace } == "#"
    }

    /// The language a source names in the comments before its first other line; English if none.
    public static func language(of source: String) -> String {
        // "\r\n" is one Character: split at it too, or a CRLF file is one line (read as English).
        for line in source.split(
            maxSplits: 50, omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        {
            if isBlank(line) { continue }
            guard isComment(line) else { break }
            if let language = language(inLine: line) { return language }
        }
        return "en"
    }
}
