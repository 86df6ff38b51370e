/// The canonical layout of a feature file, as the official pretty printer lays it out:
/// one indentation level per nesting (Feature, then Background/Rule/Scenario, then steps
/// and Examples, then tables and doc strings), one empty line between blocks, tags on the
/// line above what they tag, data tables aligned by display width (CJK and emoji count
/// as two columns), doc strings and comments kept, the file's language and keywords kept.
///
/// Given the source, it changes only the whitespace it owns, and keeps every other
/// character as written, in order: its invariant is that the output with layout whitespace
/// removed (`LayoutWhitespace.skeleton`) is the source with layout whitespace removed. So
/// it keeps a comment after tags, text after a row's last `|`, the separator after a
/// keyword (`前提 50 円`, and none in `前提50 円`), escapes in cells and doc strings as
/// written, the file's line ends (CRLF stays CRLF), its byte order mark, its `# language:`
/// line as written (an explicit `en` too), and each comment where it stands among the lines
/// of a description (whitespace at a comment's end is layout, and goes). The whitespace after
/// a step keyword stays as written where one space would read as a longer keyword of the
/// file's language (`Et  que x` is `Et ` and `que x`; `Et que x` would be `Et que ` and `x`).
/// Formatting twice gives the same text. Given the source, the formatted text is checked to
/// parse to the same document (`DocumentMeaning`): when it would not, the source is kept.
public struct FeatureFormatter: Sendable {
    /// The text of one indentation level: two spaces unless set.
    public var indentation: String

    /// A formatter that indents each level by `indentation` (two spaces, four, a tab).
    public init(indentation: String = "  ") {
        self.indentation = indentation
    }

    /// The formatted text of a parsed document, without its source: LF line ends, and a
    /// language line only for a language other than English.
    public func format(_ document: GherkinDocument) -> String {
        laidOut(document, source: nil, byteOrderMark: false)
    }

    /// The formatted text of a document parsed from `source` (its text, a byte order mark
    /// dropped: `byteOrderMark` says whether the file had one); the source as it is when
    /// formatting would change what one of its lines means (see `checkedFormat`).
    public func format(_ document: GherkinDocument, source: String?, byteOrderMark: Bool = false) -> String {
        guard let source else { return laidOut(document, source: nil, byteOrderMark: byteOrderMark) }
        do {
            return try checkedFormat(document, source: source, byteOrderMark: byteOrderMark)
        } catch {
            return byteOrderMark ? "\u{FEFF}" + source : source
        }
    }

    /// The formatted text of a document parsed from `source`, as `format` gives it; throws,
    /// naming the first line of the source whose meaning would change, when the formatted
    /// text would not parse to the same document: the same keywords and texts of every step
    /// and heading, tags, comments, descriptions, tables, doc strings and pickles.
    public func checkedFormat(
        _ document: GherkinDocument, source: String, byteOrderMark: Bool = false
    ) throws(FormattingChange) -> String {
        let formatted = laidOut(document, source: source, byteOrderMark: false)
        guard formatted != source else { return byteOrderMark ? "\u{FEFF}" + formatted : formatted }
        let meaning = DocumentMeaning(document)
        var ids = IncrementingIdGenerator()
        let reread: DocumentMeaning
        do { reread = DocumentMeaning(try Parser().parse(formatted, uri: document.uri, ids: &ids)) } catch {
            throw FormattingChange(location: meaning.entries.first?.location ?? Location(line: 1, column: 1))
        }
        if let location = meaning.firstChange(in: reread) { throw FormattingChange(location: location) }
        return byteOrderMark ? "\u{FEFF}" + formatted : formatted
    }

    /// The canonical layout of `document`, unchecked.
    private func laidOut(_ document: GherkinDocument, source: String?, byteOrderMark: Bool) -> String {
        let layout = source.map(SourceLayout.init)
        var comments = document.comments
        if let language = layout?.languageLine { comments.append(language) }
        var writer = Writer(
            comments: comments.sorted { $0.location.line < $1.location.line }, layout: layout, unit: indentation,
            dialect: document.feature.flatMap { Dialect.named($0.language) })
        if let feature = document.feature {
            if layout?.languageLine == nil && feature.language != "en" {
                writer.line("# language: \(feature.language)", level: 0)
            }
            writer.feature(feature)
        }
        writer.flushComments(before: Int.max)
        var text = writer.text
        if layout?.crlf == true { text = text.replacing("\n", with: "\r\n") }
        return byteOrderMark ? "\u{FEFF}" + text : text
    }

    private struct Writer {
        var text = ""
        var comments: [Comment]
        var next = 0
        let layout: SourceLayout?
        let commentLines: Set<Int>
        let unit: String
        /// For each step keyword of the document's language, the longer ones it starts
        /// (`Et ` starts `Et que `), longest first: where the parser could read a longer one.
        let longerKeywords: [String: [String]]

        init(comments: [Comment], layout: SourceLayout?, unit: String, dialect: Dialect?) {
            self.comments = comments
            self.layout = layout
            self.unit = unit
            commentLines = Set(comments.map(\.location.line))
            let keywords = dialect?.stepKeywords.map(\.keyword) ?? []
            var longer: [String: [String]] = [:]
            for keyword in keywords {
                let found = keywords.filter {
                    $0.utf8.count > keyword.utf8.count && $0.utf8.starts(with: keyword.utf8)
                }
                if !found.isEmpty { longer[keyword] = found }
            }
            longerKeywords = longer
        }

        /// The source's line `number` (1-based), when the source is known.
        func source(_ number: Int) -> SourceLine? {
            guard let layout, number >= 1, number <= layout.lines.count else { return nil }
            return SourceLine(layout.lines[number - 1])
        }

        mutating func line(_ content: String, level: Int) {
            text += String(repeating: unit, count: level) + content + "\n"
        }

        mutating func blank() {
            if !text.isEmpty && !text.hasSuffix("\n\n") { text += "\n" }
        }

        /// The comments written before `line` in the source, as they were written (a
        /// comment's text, its indentation included, is part of the AST), but for the
        /// whitespace at their ends, which is layout.
        mutating func flushComments(before line: Int) {
            while next < comments.count, comments[next].location.line < line {
                var comment = comments[next].text.unicodeScalars[...]
                while let last = comment.last, last.isGherkinWhitespace { comment.removeLast() }
                text += String(comment) + "\n"
                next += 1
            }
        }

        /// The separator between a keyword written at `location` and the text after it: one
        /// space where the source has whitespace there, none where it has none.
        func separator(afterPrefixOf length: Int, at location: Location, default fallback: String) -> String {
            guard let line = source(location.line), let column = location.column else { return fallback }
            return line.separator(afterPrefixOf: length, at: column)
        }

        mutating func header(_ keyword: String, _ name: String, tags: [Tag], location: Location, level: Int) {
            let first = tags.map(\.location.line).min() ?? location.line
            flushComments(before: first)
            if !tags.isEmpty {
                // Tags keep the lines they were written on, and a comment after them.
                // Gathered a line at a time, so that a line of many tags costs what it holds.
                var byLine: [(line: Int, tags: [Tag])] = []
                var current: (line: Int, tags: [Tag])?
                for tag in tags {
                    if current?.line == tag.location.line {
                        current?.tags.append(tag)
                    } else {
                        if let current { byLine.append(current) }
                        current = (tag.location.line, [tag])
                    }
                }
                if let current { byLine.append(current) }
                for (tagLine, lineTags) in byLine {
                    flushComments(before: tagLine)
                    // As written: `@ smoke` keeps its space, though the AST names it `@smoke`.
                    var content = source(tagLine)?.tags ?? Writer.tagLine(lineTags)
                    if let comment = source(tagLine)?.tagComment { content += " " + comment }
                    self.line(content, level: level)
                }
            }
            flushComments(before: location.line)
            let separator =
                name.isEmpty
                ? "" : self.separator(afterPrefixOf: keyword.unicodeScalars.count + 1, at: location, default: " ")
            self.line(keyword + ":" + separator + name, level: level)
        }

        /// Tags written on one line, without their source: one space between them where the
        /// columns leave a gap, none where they leave none (`@a@b`).
        static func tagLine(_ tags: [Tag]) -> String {
            var line = ""
            var end: Int?
            for tag in tags {
                if let end, tag.location.column != end { line += " " }
                line += tag.name
                end = tag.location.column.map { $0 + tag.name.unicodeScalars.count }
            }
            return line
        }

        /// A description is free text: its lines are kept as written (the AST holds them so),
        /// and the comments written among them stay where they were.
        mutating func description(_ text: String, after header: Int) {
            guard !text.isEmpty else { return }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let places = layout?.descriptionLines(after: header, count: lines.count, commentLines: commentLines)
            for (index, line) in lines.enumerated() {
                if let places { flushComments(before: places[index]) }
                self.text += line + "\n"
            }
        }

        mutating func feature(_ feature: Feature) {
            header(feature.keyword, feature.name, tags: feature.tags, location: feature.location, level: 0)
            description(feature.description, after: feature.location.line)
            for child in feature.children {
                switch child {
                case .background(let background): self.background(background, level: 1)
                case .scenario(let scenario): self.scenario(scenario, level: 1)
                case .rule(let rule): self.rule(rule)
                }
            }
        }

        mutating func rule(_ rule: Rule) {
            blank()
            header(rule.keyword, rule.name, tags: rule.tags, location: rule.location, level: 1)
            description(rule.description, after: rule.location.line)
            for child in rule.children {
                switch child {
                case .background(let background): self.background(background, level: 2)
                case .scenario(let scenario): self.scenario(scenario, level: 2)
                }
            }
        }

        mutating func background(_ background: Background, level: Int) {
            blank()
            header(background.keyword, background.name, tags: [], location: background.location, level: level)
            description(background.description, after: background.location.line)
            for step in background.steps { self.step(step, level: level + 1) }
        }

        mutating func scenario(_ scenario: Scenario, level: Int) {
            blank()
            header(scenario.keyword, scenario.name, tags: scenario.tags, location: scenario.location, level: level)
            description(scenario.description, after: scenario.location.line)
            for step in scenario.steps { self.step(step, level: level + 1) }
            for examples in scenario.examples {
                blank()
                header(
                    examples.keyword, examples.name, tags: examples.tags, location: examples.location, level: level + 1)
                description(examples.description, after: examples.location.line)
                var rows: [TableRow] = []
                if let header = examples.tableHeader { rows.append(header) }
                rows += examples.tableBody
                table(rows, level: level + 2)
            }
        }

        mutating func step(_ step: Step, level: Int) {
            flushComments(before: step.location.line)
            line(step.keyword + separator(of: step) + step.text, level: level)
            // A step may have both arguments: they keep their order.
            let table = step.dataTable
            let doc = step.docString
            if let table, let doc, doc.location.line < table.location.line {
                docString(doc, level: level + 1)
                self.table(table.rows, level: level + 1)
                return
            }
            if let table { self.table(table.rows, level: level + 1) }
            if let doc { docString(doc, level: level + 1) }
        }

        /// The whitespace between a step's keyword and its text. A keyword with its space
        /// (`Given `) is followed by its text; one without (`前提`) keeps one space where the
        /// source has whitespace. Where that would read as a longer keyword of the language
        /// (`Et ` and `que x` as `Et que x`), the shortest start of the source's whitespace
        /// that keeps the keyword, else the whitespace as written.
        func separator(of step: Step) -> String {
            guard !step.text.isEmpty else { return "" }
            let length = step.keyword.unicodeScalars.count
            let collapsed =
                step.keyword.unicodeScalars.last?.isGherkinWhitespace ?? true
                ? "" : separator(afterPrefixOf: length, at: step.location, default: "")
            guard let longer = longerKeywords[step.keyword] else { return collapsed }
            func keepsKeyword(_ separator: String) -> Bool {
                let line = step.keyword + separator + step.text
                return !longer.contains { line.utf8.starts(with: $0.utf8) }
            }
            guard !keepsKeyword(collapsed) else { return collapsed }
            var written = " "
            if let line = source(step.location.line), let column = step.location.column {
                written = line.whitespaceRun(from: column - 1 + length)
            }
            var candidate = String.UnicodeScalarView()
            for scalar in written.unicodeScalars {
                candidate.append(scalar)
                let run = String(candidate)
                if keepsKeyword(run) { return run }
            }
            return written
        }

        /// A row's cells as written in the source (escapes kept) and the text after its last
        /// `|`; without the source, the cells' values escaped.
        func cells(of row: TableRow) -> (cells: [String], tail: String) {
            if let written = source(row.location.line)?.row, written.cells.count == row.cells.count {
                return written
            }
            return (row.cells.map { Writer.escapeCell($0.value) }, "")
        }

        mutating func table(_ rows: [TableRow], level: Int) {
            let written = rows.map(cells(of:))
            let columns = written.map(\.cells.count).max() ?? 0
            let widths = (0..<columns).map { column in
                written.map { column < $0.cells.count ? DisplayWidth.of($0.cells[column]) : 0 }.max() ?? 0
            }
            for (row, values) in zip(rows, written) {
                flushComments(before: row.location.line)
                let padded = values.cells.enumerated().map { column, value in
                    value + String(repeating: " ", count: widths[column] - DisplayWidth.of(value))
                }
                // A row of no cells is a bare `|`: `|  |` would be a row of one empty cell.
                var content = padded.isEmpty ? "|" : "| " + padded.joined(separator: " | ") + " |"
                if !values.tail.isEmpty { content += " " + values.tail }
                line(content, level: level)
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

        mutating func docString(_ doc: DocString, level: Int) {
            flushComments(before: doc.location.line)
            let mediaType = doc.mediaType ?? ""
            let separator = mediaType.isEmpty ? "" : self.separator(afterPrefixOf: 3, at: doc.location, default: "")
            line(doc.delimiter + separator + mediaType, level: level)
            if let written = writtenContent(of: doc) {
                for contentLine in written.lines { line(contentLine, level: contentLine.isEmpty ? 0 : level) }
                // Text after the closing delimiter, which the parser leaves out, stays.
                line(written.closing, level: level)
                return
            }
            if !doc.content.isEmpty {
                for contentLine in doc.content.split(separator: "\n", omittingEmptySubsequences: false) {
                    // A delimiter inside the content is escaped, as the parser reads it back.
                    let escaped = String(contentLine).replacing(
                        doc.delimiter, with: doc.delimiter.map { "\\\($0)" }.joined())
                    line(escaped, level: escaped.isEmpty ? 0 : level)
                }
            }
            line(doc.delimiter, level: level)
        }

        /// A doc string's content lines as written in the source (escapes kept, the opening
        /// delimiter's indentation removed as the parser removes it) and its closing line.
        func writtenContent(of doc: DocString) -> (lines: [String], closing: String)? {
            guard let opening = source(doc.location.line) else { return nil }
            var lines: [String] = []
            var number = doc.location.line + 1
            while let line = source(number) {
                let trimmed = line.trimmed()
                if trimmed.hasPrefix(doc.delimiter) { return (lines, trimmed) }
                lines.append(line.docStringContent(removing: opening.indent))
                number += 1
            }
            return nil
        }
    }
}
