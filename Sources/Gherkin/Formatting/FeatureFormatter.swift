/// The canonical layout of a feature file, as the official pretty printer lays it out:
/// two spaces per level (Feature, then Background/Rule/Scenario, then steps and
/// Examples, then tables and doc strings), one empty line between blocks, tags on the
/// line above what they tag, data tables aligned by display width (CJK and emoji count
/// as two columns), doc strings and comments kept, the file's language and keywords kept.
/// Formatting twice gives the same text; the AST and pickles stay those of the original.
public struct FeatureFormatter: Sendable {
    public init() {}

    /// The formatted text of a parsed document.
    public func format(_ document: GherkinDocument) -> String {
        var writer = Writer(comments: document.comments.sorted { $0.location.line < $1.location.line })
        if let feature = document.feature {
            if feature.language != "en" || writer.hasLanguageHeader {
                writer.line("# language: \(feature.language)", indent: 0)
            }
            writer.feature(feature)
        }
        writer.flushComments(before: Int.max, indent: 0)
        return writer.text
    }

    private struct Writer {
        var text = ""
        var comments: [Comment]
        var next = 0
        /// Whether the source names its language in a comment (that comment is the header).
        var hasLanguageHeader: Bool

        init(comments: [Comment]) {
            self.comments = comments.filter { !Writer.isLanguageHeader($0.text) }
            hasLanguageHeader = comments.contains { Writer.isLanguageHeader($0.text) }
        }

        static func isLanguageHeader(_ text: String) -> Bool { LanguageComment.language(inLine: text[...]) != nil }

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
                    if let last = byLine.last, last.0 == tag.location.line { byLine[byLine.count - 1].1.append(tag.name) } else { byLine.append((tag.location.line, [tag.name])) }
                }
                for (tagLine, names) in byLine {
                    flushComments(before: tagLine, indent: indent)
                    self.line(names.joined(separator: " "), indent: indent)
                }
            }
            flushComments(before: line, indent: indent)
            self.line(name.isEmpty ? keyword + ":" : keyword + ": " + name, indent: indent)
        }

        /// A description is free text: its lines are kept as written (the AST holds them so).
        mutating func description(_ text: String, indent: Int) {
            guard !text.isEmpty else { return }
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { self.line(String(line), indent: 0) }
        }

        mutating func feature(_ feature: Feature) {
            header(feature.keyword, feature.name, tags: feature.tags, line: feature.location.line, indent: 0)
            description(feature.description, indent: 2)
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
            description(rule.description, indent: 4)
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
            description(background.description, indent: indent + 2)
            for step in background.steps { self.step(step, indent: indent + 2) }
        }

        mutating func scenario(_ scenario: Scenario, indent: Int) {
            blank()
            header(scenario.keyword, scenario.name, tags: scenario.tags, line: scenario.location.line, indent: indent)
            description(scenario.description, indent: indent + 2)
            for step in scenario.steps { self.step(step, indent: indent + 2) }
            for examples in scenario.examples {
                blank()
                header(examples.keyword, examples.name, tags: examples.tags, line: examples.location.line, indent: indent + 2)
                description(examples.description, indent: indent + 4)
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
            let table = step.dataTable, doc = step.docString
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
            let widths = (0..<columns).map { column in cells.map { column < $0.count ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0 }
            for (row, values) in zip(rows, cells) {
                flushComments(before: row.location.line, indent: indent)
                let padded = values.enumerated().map { column, value in
                    value + String(repeating: " ", count: widths[column] - DisplayWidth.of(value))
                }
                line("| " + padded.joined(separator: " | ") + " |", indent: indent)
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
                    let escaped = String(contentLine).replacing(doc.delimiter, with: doc.delimiter.map { "\\\($0)" }.joined())
                    line(escaped, indent: escaped.isEmpty ? 0 : indent)
                }
            }
            line(doc.delimiter, indent: indent)
        }
    }
}
