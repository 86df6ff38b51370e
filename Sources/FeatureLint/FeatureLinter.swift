import Foundation
import Gherkin

/// `specs lint`: the rules teams enable on their feature files, each with a default
/// severity that `LintConfiguration` can change.
package struct FeatureLinter: Sendable {
    package struct Rule: Sendable {
        package let name: String
        package let severity: LintSeverity
        package let summary: String
    }

    package static let rules: [Rule] = [
        Rule(name: "parse-error", severity: .error, summary: "the file does not parse"),
        Rule(name: "empty-file", severity: .warning, summary: "a file without a feature"),
        Rule(name: "unnamed-feature", severity: .warning, summary: "a feature without a name"),
        Rule(name: "unnamed-scenario", severity: .warning, summary: "a scenario without a name"),
        Rule(name: "duplicate-scenario-name", severity: .warning, summary: "two scenarios of a feature with one name"),
        Rule(name: "trailing-spaces", severity: .warning, summary: "spaces at the end of a line"),
        Rule(name: "indentation", severity: .warning, summary: "a line not indented as `specs format` lays it out"),
        Rule(name: "step-order", severity: .warning, summary: "Given after When or Then, or When after Then"),
        Rule(
            name: "outline-placeholder", severity: .error,
            summary: "an outline placeholder no examples column fills (a warning in names and doc strings)"),
        Rule(
            name: "unclosed-row", severity: .error,
            summary: "text after a table row's last `|`, which is no cell (a closing `|` missing?)"),
        Rule(
            name: "lone-carriage-return", severity: .error,
            summary: "a carriage return alone inside a line (an old Mac line end), which does not end it"),
        Rule(name: "unused-example-column", severity: .warning, summary: "an examples column no placeholder uses"),
        Rule(name: "scenario-size", severity: .warning, summary: "a scenario with more steps than the maximum (10)"),
        Rule(name: "restricted-tags", severity: .warning, summary: "a tag that should not be committed (@wip)"),
        Rule(name: "required-tags", severity: .off, summary: "a scenario without a tag of a required kind (@xctest:)"),
        Rule(
            name: "other-language-keyword", severity: .error,
            summary: "a line that reads as a keyword of another language"),
        Rule(
            name: "misspelt-keyword", severity: .error, summary: "a description line that looks like a misspelt keyword"
        ),
        Rule(
            name: "step-in-description", severity: .warning,
            summary: "a defined step in a feature's, rule's or examples block's description, where no step runs"),
    ]

    package let configuration: LintConfiguration

    package init(configuration: LintConfiguration = LintConfiguration()) {
        self.configuration = configuration
    }

    /// The findings of a file's text, by line and column.
    package func lint(_ text: String, uri: String) -> [LintFinding] {
        var ids = IncrementingIdGenerator()
        do {
            return lint(text, document: try Parser().parse(text, uri: uri, ids: &ids))
        } catch {
            var findings = lineFindings(text).findings
            for parseError in error.errors {
                findings.add(
                    "parse-error", ParseErrorWords.of(parseError, in: text), line: parseError.location.line,
                    column: parseError.location.column ?? 1)
            }
            return findings.sorted
        }
    }

    /// The findings of a file that does not parse, beside its parse errors: those of the rules
    /// that read lines alone, as `lint(_:uri:)` gives them for it.
    package func lintUnparsed(_ text: String) -> [LintFinding] {
        lineFindings(text).findings.sorted
    }

    /// The findings of a file already parsed (`document` is `text` parsed), as `lint(_:uri:)` gives them.
    package func lint(_ text: String, document: GherkinDocument) -> [LintFinding] {
        var (findings, lines) = lineFindings(text)
        guard let feature = document.feature else {
            findings.add("empty-file", "the file has no feature", line: 1, column: 1)
            return findings.sorted
        }
        DocumentRules(feature: feature, configuration: configuration, lines: lines).check(into: &findings)
        return (findings.sorted + loneCarriageReturns(text, document: document)).sorted {
            ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule)
        }
    }

    /// The lines of a parsed file that read as headings or steps but are description text,
    /// their keyword misspelt or another language's (`misspelt-keyword`,
    /// `other-language-keyword`): what a run warns of, since such a step never runs. Only the
    /// descriptions where a line may have been lost are read
    /// (`DocumentRules.suspectDescriptions`): a file without any costs next to nothing.
    /// `definedStep`: whether a text matches a step definition, when they are known; then a
    /// line of another language's short keyword (`Wenn`) before a defined step is told too.
    package func descriptionKeywords(
        _ text: String, document: GherkinDocument, definedStep: ((String) -> Bool)? = nil
    ) -> [LintFinding] {
        guard let feature = document.feature else { return [] }
        let suspects = DocumentRules.suspectDescriptions(of: feature)
        guard !suspects.isEmpty else { return [] }
        var findings = Findings(configuration: configuration)
        DocumentRules(
            feature: feature, configuration: configuration, lines: SourceLines.of(text), definedStep: definedStep
        )
        .checkDescriptions(suspects, into: &findings)
        return findings.sorted.filter {
            $0.rule == "misspelt-keyword" || $0.rule == "other-language-keyword" || $0.rule == "step-in-description"
        }
    }

    /// What the `lone-carriage-return` rule says.
    package static let loneCarriageReturnWords =
        "a carriage return alone (\\r, an old Mac line end) is inside the line, not its end: the parser reads "
        + "what follows it as part of this line (a step after it never runs); end lines with \\n or \\r\\n"

    /// The `lone-carriage-return` findings of a file a run reads (`text`, parsed as `document`):
    /// one at each line that holds a carriage return alone, but in a doc string, whose text it
    /// is, and in a comment.
    package func loneCarriageReturns(_ text: String, document: GherkinDocument) -> [LintFinding] {
        guard Self.holdsCarriageReturn(text) else { return [] }
        var findings = Findings(configuration: configuration)
        let lines = SourceLines.of(text)
        for (index, line) in lines.enumerated() {
            // In a comment it joins only more comment to the line.
            guard let column = Self.loneCarriageReturn(in: line), !line.trimmingSpaces.hasPrefix("#") else { continue }
            findings.add("lone-carriage-return", Self.loneCarriageReturnWords, line: index + 1, column: column)
        }
        var docStrings: [DocString] = []
        document.feature?.walk { block in
            switch block {
            case .background(let background, _): docStrings += background.steps.compactMap(\.docString)
            case .scenario(let scenario, _): docStrings += scenario.steps.compactMap(\.docString)
            case .rule: break
            }
        }
        for doc in docStrings {
            findings.remove("lone-carriage-return", onLines: SourceLines.content(of: doc, in: lines))
        }
        return findings.sorted
    }

    /// Whether `text` holds a carriage return at all: most files hold none, and a run asks this
    /// of every file, so its bytes are searched at once.
    package static func holdsCarriageReturn(_ text: String) -> Bool {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, 13, bytes.count) != nil } ?? false
        } ?? text.utf8.contains(13)
    }

    /// The column (in Unicode scalars) of the first carriage return of `line` (a line as
    /// `SourceLines` gives it, without its `\r\n` or `\n`); nil when it has none.
    package static func loneCarriageReturn(in line: Substring) -> Int? {
        guard line.utf8.contains(13) else { return nil }
        return line.unicodeScalars.prefix { $0 != "\r" }.count + 1
    }

    /// The file's lines, and the findings of the rules that read lines alone.
    private func lineFindings(_ text: String) -> (findings: Findings, lines: [Substring]) {
        var findings = Findings(configuration: configuration)
        let lines = SourceLines.of(text)
        for (index, line) in lines.enumerated() {
            // Most lines end in text: only those that end in a space or tab are looked at again.
            guard let last = line.utf8.last, last == 0x20 || last == 0x09 else { continue }
            // Columns count Unicode scalars, as the parser's do (`é` written `e` and an accent is two).
            let scalars = line.unicodeScalars
            let content = scalars.reversed().drop { $0 == " " || $0 == "\t" }
            if content.count < scalars.count, !content.isEmpty || !line.isEmpty {
                findings.add("trailing-spaces", "trailing spaces", line: index + 1, column: content.count + 1)
            }
        }
        return (findings, lines)
    }
}

/// Findings gathered by the rules, kept only for rules that are on.
struct Findings {
    let configuration: LintConfiguration
    private(set) var all: [LintFinding] = []

    mutating func add(_ rule: String, _ message: String, line: Int, column: Int, atMost cap: LintSeverity = .error) {
        let severity = min(configuration.severity(rule), cap)
        guard severity != .off else { return }
        all.append(LintFinding(rule: rule, severity: severity, message: message, line: line, column: max(1, column)))
    }

    /// Forgets the findings of `rule` on `lines`, which the rule does not apply to after all.
    mutating func remove(_ rule: String, onLines lines: Range<Int>) {
        all.removeAll { $0.rule == rule && lines.contains($0.line) }
    }

    mutating func remove(_ rule: String, onLines lines: Set<Int>) {
        all.removeAll { $0.rule == rule && lines.contains($0.line) }
    }

    var sorted: [LintFinding] { all.sorted { ($0.line, $0.column, $0.rule) < ($1.line, $1.column, $1.rule) } }
}
