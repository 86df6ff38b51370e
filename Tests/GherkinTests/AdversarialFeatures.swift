import ConformanceData
import Gherkin

/// Feature files as real teams and their tools write them, at their strangest: comments in
/// every position, `# language:` lines anywhere, descriptions with blank lines and
/// comments, empty rows and cells, escaped pipes and backslashes, doc strings with escaped
/// delimiters, CRLF, a byte order mark, tabs, CJK and emoji; and what the parser leaves out
/// of the AST: comments after tags, text after a row's last `|` (a forgotten closing bar),
/// the separator after a keyword that has no space of its own (`前提 50 円`), backslashes in
/// cells that escape nothing (`C:\temp\log.txt`), text after a doc string's closing
/// delimiter; lines of Unicode spaces alone (U+00A0, U+2003, U+3000, a form feed), which the
/// parser reads as blank; whitespace after a tag's `@` (`@ smoke`). Deterministic for a seed.
struct AdversarialFeatures {
    /// The same files for the same seed on every platform.
    private var random: SeededGenerator

    init(seed: UInt64) {
        random = SeededGenerator(seed: seed)
    }

    private mutating func next() -> UInt64 { random.next() }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    private mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    /// A file: its text as bytes would decode (a byte order mark as U+FEFF), ready to write.
    mutating func file() -> String {
        language = pick(["en", "en", "en", "fr", "es", "ja", "em"])
        dialect = Dialect.named(language) ?? Dialect.named("en")!
        var lines: [String] = []
        // What opens the file: blank lines, comments, and the language line among them.
        for _ in 0..<below(3) { lines.append(chance(50) ? blank() : comment()) }
        if language != "en" || chance(40) {
            lines.append(
                pick([
                    "# language: \(language)", "#language:\(language)", "  # language:  \(language)  ",
                    "\t#language: \(language)",
                ]))
        }
        for _ in 0..<below(2) { lines.append(chance(50) ? blank() : comment()) }
        lines += tags(indent: "")
        lines.append(header(pick(dialect.feature), indent: pick(["", " ", "\t"])))
        lines += description()
        if chance(30) { lines += background(indent: "  ") }
        for _ in 0..<below(4) { lines += scenario(indent: pick(["  ", "    ", "\t"])) }
        for _ in 0..<below(3) {
            lines += tags(indent: "  ")
            lines.append(header(pick(dialect.rule), indent: "  "))
            lines += description()
            if chance(30) { lines += background(indent: "    ") }
            for _ in 0..<below(3) { lines += scenario(indent: "    ") }
        }
        for _ in 0..<below(2) { lines.append(chance(50) ? comment() : "") }
        let crlf = chance(15)
        var text = lines.map { crlf ? $0 + "\r\n" : $0 + "\n" }.joined()
        if chance(10) { text = String(text.dropLast(crlf ? 2 : 1)) }
        return chance(10) ? "\u{FEFF}" + text : text
    }

    private var language = "en"
    private var dialect = Dialect.named("en")!

    private mutating func words() -> String {
        let vocabulary = [
            "cart", "user", "pays", "日本語", "🛒", "naïve", "a\tb", "x|y", "back\\slash", "Ärger", "<count>",
            "emoji 👩‍👩‍👧", "Rules:", "EXAMPLES:", ". Scenario: no", "# not a comment", "@notatag", "100%", "\"quoted\"",
        ]
        return (0..<1 + below(4)).map { _ in pick(vocabulary) }.joined(separator: " ")
    }

    /// A line the parser reads as blank: empty, or whitespace alone, Unicode spaces too.
    private mutating func blank() -> String {
        pick(["", "", "   ", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{0C}", " \u{00A0}\t"])
    }

    private mutating func comment() -> String {
        pick([
            "# a comment", "#", "  # indented", "\t# tab", "# language: fr", "#language: es", "# \(words())",
            "    #  🛒 x",
        ])
    }

    private mutating func header(_ keyword: String, indent: String) -> String {
        let name = chance(80) ? words() : ""
        let spacing = pick([" ", "  ", "\t", ""])
        return indent + keyword + ":" + (name.isEmpty ? pick(["", " "]) : spacing + name) + pick(["", "", " ", "\t"])
    }

    private mutating func tags(indent: String) -> [String] {
        var lines: [String] = []
        for _ in 0..<below(3) {
            if chance(30) { lines.append(comment()) }
            lines.append(
                indent
                    + (0..<1 + below(3)).map { _ in
                        pick(["@a", "@wip", "@xctest:Suite/test", "@日本", "@b-c", "@ smoke", "@  x", "@\tb"])
                    }
                    .joined(separator: pick([" ", "  ", "\t"]))
                    + pick(["", " ", " # trailing comment", " # flaky on CI, see issue 42", "\t#x  y ", "  #"]))
        }
        return lines
    }

    /// Free text under a header: blank lines inside and around it, comments among its
    /// lines (before its first line too, which the grammar then reads as blank-first).
    private mutating func description() -> [String] {
        guard chance(50) else { return chance(20) ? [comment()] : [] }
        var lines: [String] = []
        for _ in 0..<below(3) { lines.append(blank()) }
        if chance(30) { lines.append(comment()) }
        if chance(30) { lines.append(blank()) }
        for _ in 0..<1 + below(4) {
            switch below(6) {
            case 0: lines.append(blank())
            case 1: lines.append(comment())
            case 2: lines.append("   ")
            default: lines.append(pick(["  ", "    ", "", "\t"]) + words())
            }
        }
        return lines
    }

    private mutating func background(indent: String) -> [String] {
        var lines = [header(pick(dialect.background), indent: indent)]
        lines += description()
        for _ in 0..<1 + below(3) { lines += step(indent: indent + "  ") }
        return lines
    }

    private mutating func scenario(indent: String) -> [String] {
        let outline = chance(35)
        var lines = tags(indent: indent)
        lines.append(header(pick(outline ? dialect.scenarioOutline : dialect.scenario), indent: indent))
        lines += description()
        for _ in 0..<below(5) { lines += step(indent: indent + "  ") }
        guard outline else { return lines }
        for _ in 0..<below(3) {
            lines += tags(indent: indent + "  ")
            lines.append(header(pick(dialect.examples), indent: indent + "  "))
            lines += description()
            if chance(85) { lines += table(indent: indent + "    ", columns: 1 + below(3)) }
        }
        return lines
    }

    private mutating func step(indent: String) -> [String] {
        var lines: [String] = []
        if chance(20) { lines.append(comment()) }
        let keyword = pick(dialect.given + dialect.when + dialect.then + dialect.and + dialect.but)
        // A keyword without a space of its own (`前提`, `もし`) keeps whatever follows it.
        let separator = keyword.hasSuffix(" ") ? "" : pick(["", " ", "  ", "\t"])
        lines.append(indent + keyword + separator + words() + pick(["", " ", "\t"]))
        switch below(5) {
        case 0: lines += table(indent: indent + pick(["  ", "    ", "\t"]), columns: below(4))
        case 1: lines += docString(indent: indent + pick(["  ", "      ", "\t"]))
        default: break
        }
        if chance(10) { lines.append("") }
        return lines
    }

    /// A table: `columns` 0 makes rows of no cells (`|`).
    private mutating func table(indent: String, columns: Int) -> [String] {
        var lines: [String] = []
        for _ in 0..<1 + below(4) {
            if chance(15) { lines.append(comment()) }
            if chance(5) { lines.append("") }
            guard columns > 0 else {
                lines.append(indent + pick(["|", "|  ", " |"]))
                continue
            }
            let cells = (0..<columns).map { _ in
                pick([
                    "", " ", "a", "\\|", "\\\\", "\\n", "x\\|y", "日本語", "🛒🛒", "a\tb", " padded ", "\\\\|", "<count>",
                    "1.5", "C:\\temp\\log.txt", "trailing\\", "\\t", "a\\ b",
                ])
            }
            // Text after the last bar is not a cell: a forgotten closing `|`, or a note.
            let tail = chance(80) ? "" : pick([" comment", "x", " | ", "\\", " # note ", "\\|y"])
            lines.append(indent + "|" + cells.joined(separator: "|") + "|" + tail + pick(["", " ", "\t"]))
        }
        return lines
    }

    private mutating func docString(indent: String) -> [String] {
        let delimiter = pick(["\"\"\"", "```"])
        var lines = [indent + delimiter + pick(["", "", "json", "text/plain", " spaced", "  xml", "\tjson"])]
        for _ in 0..<below(5) {
            lines.append(
                pick(["", indent, indent + "  ", "", "\t"])
                    + pick([
                        "plain", "{\"a\": 1}", "\\\"\\\"\\\"", "\\`\\`\\`", "# not a comment", "| not a table |",
                        "日本語 🛒", "   ", "\\\\",
                        "Scenario: not a header", "@not a tag",
                    ]))
        }
        lines.append(indent + delimiter + pick(["", "", "", " end", "\"\""]))
        return lines
    }
}
