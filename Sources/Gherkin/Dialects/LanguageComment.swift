/// A `# language: xx` comment read from text, for tools around the parser (the parser
/// itself reads it from bytes as it scans, in `LanguageHeader`).
public enum LanguageComment {
    /// The language a line names, if it is a `# language:` comment.
    public static func language(inLine line: Substring) -> String? {
        let body = line.drop { $0 == " " || $0 == "\t" }
        guard body.hasPrefix("#") else { return nil }
        let afterHash = body.dropFirst().drop { $0 == " " || $0 == "\t" }
        guard afterHash.hasPrefix("language") else { return nil }
        let afterWord = afterHash.dropFirst("language".count).drop { $0 == " " || $0 == "\t" }
        guard afterWord.hasPrefix(":") else { return nil }
        let name = afterWord.dropFirst().drop { $0 == " " || $0 == "\t" }
        let trimmed = name.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed()
        return trimmed.isEmpty ? nil : String(trimmed)
    }

    /// The language a source names in the comments before its first other line; English if none.
    public static func language(of source: String) -> String {
        for line in source.split(separator: "\n", maxSplits: 50, omittingEmptySubsequences: true) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) { continue }
            guard line.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("#") else { break }
            if let language = language(inLine: line) { return language }
        }
        return "en"
    }
}
