/// The canonical layout of a feature file, as the official pretty printer lays it out:
/// two spaces per level (Feature, then Background/Rule/Scenario, then steps and
/// Examples, then tables and doc strings), one empty line between blocks, tags on the
/// line above what they tag, data tables aligned by display width (CJK and emoji count
/// as two columns), doc strings and comments kept, the file's language and keywords kept.
///
/// Given the source, it also keeps what the file is beyond its AST: its line ends (CRLF
/// stays CRLF), its byte order mark, its `# language:` line as written (an explicit `en`
/// too), and each comment where it stands among the lines of a description.
/// Formatting twice gives the same text; the AST and pickles stay those of the original.
public struct FeatureFormatter: Sendable {
    /// A formatter with the house style: two spaces per level, tables aligned.
    public init() {}

    /// The formatted text of a parsed document, without its source: LF line ends, and a
    /// language line only for a language other than English.
    public func format(_ document: GherkinDocument) -> String {
        format(document, source: nil)
    }

    /// The formatted text of a document parsed from `source` (its text, a byte order mark
    /// dropped: `byteOrderMark` says whether the file had one).
    public func format(_ document: GherkinDocument, source: String?, byteOrderMark: Bool = false) -> String {
        let layout = source.map(SourceLayout.init)
        var comments = document.comments
        if let language = layout?.languageLine { comments.append(language) }
        var writer = Writer(comments: comments.sorted { $0.location.line < $1.location.line }, layout: layout)
        if let feature = document.feature {
            if layout?.languageLine == nil && feature.language != "en" {
                writer.line("# language: \(feature.language)", indent: 0)
            }
            writer.feature(feature)
        }
        writer.flushComments(before: Int.max, indent: 0)
        var text = writer.text
        if layout?.crlf == true { text = text.replacing("\n", with: "\r\n") }
        return byteOrderMark ? "\u{FEFF}" + text : text
    }

    /// What the formatter keeps of a source beyond its AST.
    struct SourceLayout {
        /// The source's lines, line ends aside.
        let lines: [Substring]
        /// Whether most of its lines end in CRLF.
        let crlf: Bool
        /// The line that names the file's language (it is not a comment of the AST).
        let languageLine: Comment?

        init(_ source: String) {
            var lines: [Substring] = []
            var crlf = 0
            // By bytes: "\r\n" is one Character, and a split by Characters would not see it.
            for bytes in source.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                let line = Substring(bytes)
                if bytes.last == 0x0D {
                    crlf += 1
                    lines.append(Substring(bytes.dropLast()))
                } else {
                    lines.append(line)
                }
            }
            self.lines = lines
            self.crlf = crlf * 2 > lines.count - 1 && crlf > 0
            // The language line is the first `# language:` line among the comments and blank
            // lines that open the file; later ones are comments.
            var found: Comment?
            for (index, line) in lines.enumerated() {
                let body = line.drop { $0 == " " || $0 == "\t" }
                if body.isEmpty { continue }
                guard body.hasPrefix("#") else { break }
                if LanguageComment.language(inLine: line) != nil {
                    found = Comment(location: Location(line: index + 1, column: 1), text: String(line))
                    break
                }
            }
            languageLine = found
        }

        /// The source line of each line of a description of the header at `header`, given
        /// the lines that hold comments: the description starts at the first line after its
        /// header that is not blank, and comments stand between its lines.
        func descriptionLines(after header: Int, count: Int, commentLines: Set<Int>) -> [Int] {
            var number = header + 1
            while number <= lines.count, lines[number - 1].allSatisfy({ $0 == " " || $0 == "\t" }) { number += 1 }
            var result: [Int] = []
            while result.count < count {
                if !commentLines.contains(number) { result.append(number) }
                number += 1
            }
            return result
        }
    }

    private struct Writer {
        var text = ""
        var comments: [Comment]
        var next = 0
        let layout: SourceLayout?
        let commentLines: Set<Int>

        init(comments: [Comment], layout: SourceLayout?) {
            self.comments = comments
            self.layout = layout
            commentLines = Set(comments.map(\.location.line))
        }

        mutating func line(_ content: String, indent: Int) {
            text += String(repeating: " ", count: indent) + content + "\n"
        }

        mutating func blank() {
            if !text.isEmpty && !text.hasSuffix("\n\n") { text += "\n" }
        }

        /// The comments written before `line` in the source, as they were written (a
        /// comment's text, its indentation included, is part of the AST).
        mutating func flushComments(before line: Int, indent: Int) {
            while next < comments.count, comments[next].location.line < line {
                self.line(comments[next].text, indent: 0)
                next += 1
            }
        }

        mutating func header(_ keyword: String, _ name: String, tags: [Tag], line: Int, indent: Int) {
            let first = tags.map(\.location.line).min() ?? line
            flushComments(before: first, indent: indent)
            if !tags.isEmpty {
                // Tags keep the lines they were written on.
                var byLine: [(Int, [String])] = []
                for tag in tags {
                    if let last = byLine.last, last.0 == tag.location.line {
                        byLine[byLine.count - 1].1.append(tag.name)
                    } else {
                        byLine.append((tag.location.line, [tag.name]))
                    }
                }
                for (tagLine, names) in byLine {
                    flushComments(before: tagLine, indent: indent)
                    self.line(names.joined(separator: " "), indent: indent)
                }
            }
            flushComments(before: line, indent: indent)
            self.line(name.isEmpty ? keyword + ":" : keyword + ": " + name, indent: indent)
        }

        /// A description is free text: its lines are kept as written (the AST holds them so),
        /// and the comments written among them stay where they were.
        mutating func description(_ text: String, after header: Int) {
            guard !text.isEmpty else { return }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let places = layout?.descriptionLines(after: header, count: lines.count, commentLines: commentLines)
            for (index, line) in lines.enumerated() {
                if let places { flushComments(before: places[index], indent: 0) }
                self.line(String(line), indent: 0)
            }
        }

        mutating func feature(_ feature: Feature) {
            header(feature.keyword, feature.name, tags: feature.tags, line: feature.location.line, indent: 0)
            description(feature.description, after: feature.location.line)
            for child in feature.children {
                switch child {
                case .background(let background): self.background(background, indent: 2)
                case .scenario(let scenario): self.scenario(scenario, indent: 2)
                case .rule(let rule): self.rule(rule)
                }
            }
        }

        mutating func rule(_ rule: Rule) {
            blank()
            header(rule.keyword, rule.name, tags: rule.tags, line: rule.location.line, indent: 2)
            description(rule.description, after: rule.location.line)
            for child in rule.children {
                switch child {
                case .background(let background): self.background(background, indent: 4)
                case .scenario(let scenario): self.scenario(scenario, indent: 4)
                }
            }
        }

        mutating func background(_ background: Background, indent: Int) {
            blank()
            header(background.keyword, background.name, tags: [], line: background.location.line, indent: indent)
            description(background.description, after: background.location.line)
            for step in background.steps { self.step(step, indent: indent + 2) }
        }

        mutating func scenario(_ scenario: Scenario, indent: Int) {
            blank()
            header(scenario.keyword, scenario.name, tags: scenario.tags, line: scenario.location.line, indent: indent)
            description(scenario.description, after: scenario.location.line)
            for step in scenario.steps { self.step(step, indent: indent + 2) }
            for examples in scenario.examples {
                blank()
                header(
                    examples.keyword, examples.name, tags: examples.tags, line: examples.location.line,
                    indent: indent + 2)
                description(examples.description, after: examples.location.line)
                var rows: [TableRow] = []
                if let header = examples.tableHeader { rows.append(header) }
                rows += examples.tableBody
                table(rows, indent: indent + 4)
            }
        }

        mutating func step(_ step: Step, indent: Int) {
            flushComments(before: step.location.line, indent: indent)
            line(step.keyword + step.text, indent: indent)
            // A step may have both arguments: they keep their order.
            let table = step.dataTable
            let doc = step.docString
            if let table, let doc, doc.location.line < table.location.line {
                docString(doc, indent: indent + 2)
                self.table(table.rows, indent: indent + 2)
                return
            }
            if let table { self.table(table.rows, indent: indent + 2) }
            if let doc { docString(doc, indent: indent + 2) }
        }

        mutating func table(_ rows: [TableRow], indent: Int) {
            let cells = rows.map { $0.cells.map { Writer.escapeCell($0.value) } }
            let columns = cells.map(\.count).max() ?? 0
            let widths = (0..<columns).map { column in
                cells.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
            }
            for (row, values) in zip(rows, cells) {
                flushComments(before: row.location.line, indent: indent)
                let padded = values.enumerated().map { column, value in
                    value + String(repeating: " ", count: widths[column] - DisplayWidth.of(value))
                }
                // A row of no cells is a bare `|`: `|  |` would be a row of one empty cell.
                line(padded.isEmpty ? "|" : "| " + padded.joined(separator: " | ") + " |", indent: indent)
            }
        }

        static func escapeCell(_ value: String) -> String {
            var result = ""
            for character in value {
                switch character {
                case "\\": result += "\\\\"
                case "|": result += "\\|"
                case "\n": result += "\\n"
                default: result.append(character)
                }
            }
            return result
        }

        mutating func docString(_ doc: DocString, indent: Int) {
            flushComments(before: doc.location.line, indent: indent)
            line(doc.delimiter + (doc.mediaType ?? ""), indent: indent)
            if !doc.content.isEmpty {
                for contentLine in doc.content.split(separator: "\n", omittingEmptySubsequences: false) {
                    // A delimiter inside the content is escaped, as the parser reads it back.
                    let escaped = String(contentLine).replacing(
                        doc.delimiter, with: doc.delimiter.map { "\\\($0)" }.joined())
                    line(escaped, indent: escaped.isEmpty ? 0 : indent)
                }
            }
            line(doc.delimiter, indent: indent)
        }
    }
}
