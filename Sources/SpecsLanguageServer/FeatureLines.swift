import Foundation
import Gherkin

/// A feature file read line by line with its dialect's keywords, for a file that does not
/// parse: its step lines and headings, doc strings skipped, and a Scenario Outline's steps
/// matched by the texts its Examples rows give them (as the pickles would), so that a typo
/// elsewhere does not make them undefined.
enum FeatureLines {
    /// `language` names the dialect of lines read apart from the file's `# language:` line.
    static func read(
        _ text: String, language: String? = nil
    ) -> (steps: [FeatureAnalysis.StepSite], headings: [FeatureAnalysis.Heading]) {
        guard let dialect = Dialect.named(language ?? DocumentText.language(of: text)) ?? Dialect.named("en") else {
            return ([], [])
        }
        // Each step keyword with the kind it gives; nil for And and But, which continue the last.
        let stepKeywords: [(String, PickleStepType?)] =
            (dialect.given.map { ($0, .context) } + dialect.when.map { ($0, .action) }
            + dialect.then.map { ($0, .outcome) } + (dialect.and + dialect.but).map { ($0, nil) })
            .sorted { $0.0.count > $1.0.count }
        var lastType: PickleStepType?
        let headingKeywords: [(String, FeatureAnalysis.Heading.Kind)] =
            (dialect.feature.map { ($0, .feature) } + dialect.rule.map { ($0, .rule) }
            + dialect.background.map { ($0, .background) } + dialect.scenario.map { ($0, .scenario) }
            + dialect.scenarioOutline.map { ($0, .scenario) } + dialect.examples.map { ($0, .examples) })
            .sorted { $0.0.count > $1.0.count }
        let outlineKeywords = Set(dialect.scenarioOutline)
        var steps: [FeatureAnalysis.StepSite] = []
        var headings: [FeatureAnalysis.Heading] = []
        var docString: String?
        var outline = Outline()
        // What the line before was: a step (a table or doc string after it is its own).
        var afterStep = false
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        for (index, line) in lines.enumerated() {
            let body = line.drop { $0 == " " || $0 == "\t" }
            // Whitespace after the text is none of it, as the parser reads it (a no-break space,
            // an ideographic space too: the Unicode White_Space the reference parsers strip).
            let trimmed = String(body.reversed().drop(while: \.isWhitespace).reversed())
            if let delimiter = docString {
                if trimmed.hasPrefix(delimiter) { docString = nil }
                continue
            }
            if let delimiter = Self.delimiters.first(where: { trimmed.hasPrefix($0) }) {
                docString = delimiter
                if afterStep, !steps.isEmpty { steps[steps.count - 1].docString = true }
                afterStep = false
                continue
            }
            if trimmed.hasPrefix("|") {
                if afterStep, !steps.isEmpty {
                    steps[steps.count - 1].table = true
                } else if outline.inExamples {
                    outline.row(trimmed)
                }
                continue
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed.hasPrefix("@") { continue }
            afterStep = false
            let column = line.count - body.count + 1
            if let (keyword, kind) = headingKeywords.first(where: { trimmed.hasPrefix($0.0 + ":") }) {
                let name = trimmed.dropFirst(keyword.count + 1).trimmingCharacters(in: .whitespaces)
                headings.append(
                    .init(
                        kind: kind, title: keyword + ": " + name, line: index + 1, column: column,
                        keywordLength: keyword.utf16.count + 1))
                lastType = nil
                if kind == .examples {
                    outline.examples()
                } else {
                    outline.close(into: &steps)
                    if kind == .scenario && outlineKeywords.contains(keyword) { outline.open(at: steps.count) }
                }
            } else if let (keyword, type) = stepKeywords.first(where: { trimmed.hasPrefix($0.0) }) {
                // The text as the parser reads it: the whitespace after the keyword's space is no text.
                let rest = trimmed.dropFirst(keyword.count)
                let stepText = String(rest.drop(while: \.isWhitespace))
                lastType = type ?? lastType
                steps.append(
                    .init(
                        keyword: keyword, text: stepText, line: index + 1, column: column,
                        gap: rest.utf16.count - stepText.utf16.count, texts: [stepText], type: lastType))
                afterStep = true
            }
        }
        outline.close(into: &steps)
        return (steps, headings)
    }

    /// Where each line of `text` starts (lines end at `\n`, so a `\r\n` line too).
    static func starts(of text: String) -> [String.Index] {
        var starts = [text.startIndex]
        var index = text.utf8.startIndex
        while let newline = text.utf8[index...].firstIndex(of: 10) {
            index = text.utf8.index(after: newline)
            starts.append(index)
        }
        return starts
    }

    /// The whitespace (UTF-16 units) between a step's keyword, written first on line `line`
    /// (1-based) after its indentation, and its text: the parser reads the text without it.
    static func gap(after keyword: String, onLine line: Int, of text: String, starts: [String.Index]) -> Int {
        guard line >= 1, line <= starts.count else { return 0 }
        let end = line < starts.count ? starts[line] : text.endIndex
        let written = text[starts[line - 1]..<end].drop(while: \.isWhitespace)
        guard written.hasPrefix(keyword) else { return 0 }
        let rest = written.dropFirst(keyword.count)
        // Every whitespace the parser strips (a form feed, a NEL, U+2028 too), up to the line's end.
        return rest.prefix { $0.isWhitespace && $0 != "\n" && $0 != "\r\n" && $0 != "\r" }.utf16.count
    }

    /// The lines of each doc string (1-based), from its opening delimiter to its closing one
    /// or, when none closes it, the last line; in order.
    static func docStrings(in text: String) -> [ClosedRange<Int>] {
        var ranges: [ClosedRange<Int>] = []
        var open: (delimiter: String, line: Int)?
        var line = 0
        for bytes in text.utf8.split(separator: 10, omittingEmptySubsequences: false) {
            line += 1
            let body = bytes.drop { $0 == 32 || $0 == 9 }
            guard body.first == UInt8(ascii: "\"") || body.first == UInt8(ascii: "`") else { continue }
            if let (delimiter, start) = open {
                if body.starts(with: delimiter.utf8) {
                    ranges.append(start...line)
                    open = nil
                }
            } else if let delimiter = Self.delimiters.first(where: { body.starts(with: $0.utf8) }) {
                open = (delimiter, line)
            }
        }
        if let (_, start) = open { ranges.append(start...max(start, line)) }
        return ranges
    }

    /// The delimiters of doc strings, for both readers of a file's lines.
    static let delimiters = [#"""""#, "```"]

    /// The Scenario Outline being read: where its steps start, and its Examples rows.
    private struct Outline {
        private var firstStep: Int?
        private(set) var inExamples = false
        private var header: [String]?
        private var rows: [[String: String]] = []

        mutating func open(at step: Int) {
            self = Outline()
            firstStep = step
        }

        mutating func examples() {
            guard firstStep != nil else { return }
            inExamples = true
            header = nil
        }

        mutating func row(_ line: String) {
            let cells = line.dropFirst().split(separator: "|", omittingEmptySubsequences: false).dropLast().map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard let header else {
                self.header = cells
                return
            }
            rows.append(Dictionary(zip(header, cells), uniquingKeysWith: { first, _ in first }))
        }

        /// Gives the outline's steps the texts of its rows; a step with placeholders and no
        /// row to fill them is matched by nothing, and so flagged by nothing.
        mutating func close(into steps: inout [FeatureAnalysis.StepSite]) {
            defer { self = Outline() }
            guard let firstStep, firstStep < steps.count else { return }
            for index in firstStep..<steps.count where steps[index].text.contains("<") {
                let texts = Set(
                    rows.map { row in
                        row.reduce(steps[index].text) { $0.replacingOccurrences(of: "<\($1.key)>", with: $1.value) }
                    })
                steps[index].texts = texts.sorted()
            }
        }
    }
}
