import FeatureLint
import Foundation
import Gherkin
import SpecsRunner

/// One feature file as the language server reads it: its steps and headings, and what
/// the registry and the linter say of them.
///
/// A file that does not parse (a line being typed, a misspelt keyword) is read line by
/// line instead, so that its steps keep their diagnostics, hover and definition, and its
/// headings the outline, while the parse errors are reported beside them.
struct FeatureAnalysis: Sendable {
    /// The text as the editor has it, a byte order mark included.
    var text: String
    let uri: String
    /// The text without a byte order mark, as the parser and the formatter read it.
    var body: String
    /// Whether the text starts with a byte order mark: it takes one UTF-16 unit of line 1.
    var byteOrderMark: Bool
    var document: GherkinDocument?
    var errors: [ParseError] = []
    /// Every step, in line order.
    var steps: [StepSite] = []
    /// Features, rules, backgrounds, scenarios and examples, in line order.
    var headings: [Heading] = []
    /// The doc strings' lines (1-based), each from its opening delimiter to its closing one
    /// (or the last line), in order: an edit in one is no edit of steps.
    var docStrings: [ClosedRange<Int>] = []
    /// Set when the file is too large to check in an editor.
    private(set) var tooLarge = false
    /// Set while only the lines an edit touched have been read again: steps and headings are
    /// as written now, but the parse, the lint findings and outline rows wait for a full check.
    var provisional = false
    /// What the linter found, when the check was made with one (see `checked`).
    var findings: [LintFinding]?

    /// Where the parser's lines lie in the protocol's, for a text with a lone `\r` (nil in any
    /// other): steps and headings hold the protocol's lines, as the editor counts them.
    private(set) var lines: ProtocolLines?

    /// The largest document checked: beyond it, one diagnostic says why nothing else is.
    static let largestChecked = 4 << 20

    /// A step where it is written, with the texts it is matched by: its pickles' (an
    /// outline's rows, placeholders filled), or as written.
    struct StepSite: Sendable {
        let keyword: String
        let text: String
        var line: Int
        var column: Int
        /// The whitespace between the keyword (with its one space) and the text, in UTF-16
        /// units: `Given  a` has one more.
        var gap = 0
        var texts: [String]
        /// What the step is (context, action, outcome), for a snippet that defines it.
        var type: PickleStepType? = nil
        var table = false
        var docString = false
        /// Set when an edit read the step again since the last full check: its table or doc
        /// string, and an outline's rows, are not known until the next.
        var reread = false

        /// The step's keyword and text as its line holds them, in UTF-16 units: a diagnostic's
        /// range ends at the text's end, never inside a character after it.
        var length: Int { (keyword + text).utf16.count + gap }
    }

    /// A heading of the outline.
    struct Heading: Sendable {
        enum Kind: Int, Sendable {
            case feature = 2
            case rule = 3
            case background = 6
            case scenario = 12
            case examples = 14
        }

        let kind: Kind
        let title: String
        var line: Int
        /// Where its keyword starts (1-based), and the keyword with its colon, in UTF-16 units.
        var column = 1
        var keywordLength = 0
    }

    init(text: String, uri: String) {
        self.text = text
        self.uri = uri
        byteOrderMark = text.unicodeScalars.first == "\u{FEFF}"
        body = byteOrderMark ? String(text.unicodeScalars.dropFirst()) : text
        guard text.utf8.count <= Self.largestChecked else {
            tooLarge = true
            return
        }
        let text = body
        var ids = IncrementingIdGenerator()
        do {
            let document = try Parser().parse(text, uri: uri, ids: &ids)
            self.document = document
            var pickleTexts: [String: [String]] = [:]
            var types: [String: PickleStepType] = [:]
            for pickle in PickleCompiler().compile(document, uri: uri, ids: &ids) {
                for step in pickle.steps {
                    guard let id = step.astNodeIds.first else { continue }
                    pickleTexts[id, default: []].append(step.text)
                    types[id] = step.type
                }
            }
            let lineStarts = FeatureLines.starts(of: text)
            steps = (document.feature?.allSteps ?? []).map { step in
                let texts = Array(Set(pickleTexts[step.id] ?? [])).sorted()
                return StepSite(
                    keyword: step.keyword, text: step.text, line: step.location.line,
                    column: step.location.column ?? 1,
                    gap: FeatureLines.gap(
                        after: step.keyword, onLine: step.location.line, of: text, starts: lineStarts),
                    texts: texts.isEmpty ? [step.text] : texts, type: types[step.id], table: step.dataTable != nil,
                    docString: step.docString != nil)
            }.sorted { $0.line < $1.line }
            headings = document.feature.map(Self.headings) ?? []
        } catch {
            errors = error.errors
            (steps, headings) = FeatureLines.read(text)
        }
        docStrings = FeatureLines.docStrings(in: text)
        if byteOrderMark {
            headings = headings.map { heading in
                var heading = heading
                if heading.line == 1 { heading.column += 1 }
                return heading
            }
        }
        if DocumentText.hasLoneCarriageReturn(self.text) {
            let lines = ProtocolLines(self.text)
            self.lines = lines
            for index in steps.indices {
                (steps[index].line, steps[index].column) = lines.place(
                    line: steps[index].line, column: steps[index].column)
            }
            for index in headings.indices {
                (headings[index].line, headings[index].column) = lines.place(
                    line: headings[index].line, column: headings[index].column)
            }
        }
    }

    /// The step at a line (1-based), found by halving the steps in line order.
    func step(atLine line: Int) -> StepSite? {
        var low = 0
        var high = steps.count
        while low < high {
            let middle = (low + high) / 2
            if steps[middle].line < line { low = middle + 1 } else { high = middle }
        }
        return low < steps.count && steps[low].line == line ? steps[low] : nil
    }

    /// The full check of `text`: parsed, its pickles compiled and linted, ready to publish.
    static func checked(text: String, uri: String, linter: FeatureLinter) -> FeatureAnalysis {
        var analysis = FeatureAnalysis(text: text, uri: uri)
        analysis.findings = analysis.lint(linter)
        return analysis
    }

    /// What `specs lint` finds in the body: beside parse errors, what the rules that read lines
    /// find. Nothing while only the lines an edit touched have been read again.
    private func lint(_ linter: FeatureLinter) -> [LintFinding] {
        guard let document else { return provisional ? [] : linter.lintUnparsed(body) }
        return linter.lint(body, document: document)
    }

    /// A column of the body as the editor counts it in the text: line 1 after the byte order mark.
    func column(_ column: Int, line: Int) -> Int {
        byteOrderMark && line == 1 ? column + 1 : column
    }

    /// Where a 1-based line and column counted in Unicode scalars of the body (as the parser and
    /// the linter count) lie in the text as the editor counts it: its protocol line (1-based, a
    /// lone `\r` ending one), its UTF-16 column (1-based, after a byte order mark on line 1)
    /// and the UTF-16 length of the scalar there (0 at or past the line's end). A place past the
    /// last line (the parser's end of file, after a final line feed or without one) is the end of
    /// the last line: a range an editor is sent lies inside its document.
    func utf16Place(line: Int, character: Int) -> (line: Int, column: Int, length: Int) {
        var (line, character) = (line, character)
        let lastLine =
            lines == nil ? DocumentText.lineCount(of: body) : body.utf8.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
        if line > lastLine { (line, character) = (lastLine, Int.max) }
        let written: Substring.UnicodeScalarView
        if lines == nil {
            written = DocumentText.line(max(0, line - 1), of: body).unicodeScalars
        } else {
            // The parser's line, a lone `\r` in it.
            let split = body.utf8.split(separator: 10, maxSplits: max(0, line - 1), omittingEmptySubsequences: false)
            written = (line >= 1 && split.count >= line ? Substring(split[line - 1]) : "").unicodeScalars
        }
        let before = written.prefix(max(0, character - 1)).reduce(0) { $0 + UTF16.width($1) }
        let at = written.dropFirst(max(0, character - 1)).first
        let column = column(before + 1, line: line)
        let place = lines?.place(line: line, column: column) ?? (line: line, column: column)
        return (place.line, place.column, at.map(UTF16.width) ?? 0)
    }

    private static func headings(_ feature: Feature) -> [Heading] {
        func heading(_ kind: Heading.Kind, _ keyword: String, _ name: String, _ location: Location) -> Heading {
            Heading(
                kind: kind, title: keyword + ": " + name, line: location.line, column: location.column ?? 1,
                keywordLength: keyword.utf16.count + 1)
        }
        var result = [heading(.feature, feature.keyword, feature.name, feature.location)]
        func scenario(_ scenario: Scenario) {
            result.append(heading(.scenario, scenario.keyword, scenario.name, scenario.location))
        }
        func background(_ background: Background) {
            result.append(heading(.background, background.keyword, background.name, background.location))
        }
        for child in feature.children {
            switch child {
            case .background(let value): background(value)
            case .scenario(let value): scenario(value)
            case .rule(let rule):
                result.append(heading(.rule, rule.keyword, rule.name, rule.location))
                for child in rule.children {
                    switch child {
                    case .background(let value): background(value)
                    case .scenario(let value): scenario(value)
                    }
                }
            }
        }
        return result
    }

    // MARK: Diagnostics

    /// The file's diagnostics: parse errors, lint findings, and what `checks` say of its steps.
    func diagnostics(checks: StepChecks, linter: FeatureLinter) -> [[String: Any]] {
        if tooLarge {
            return [
                Self.diagnostic(
                    line: 1, column: 1, severity: 3, code: "too-large",
                    message:
                        "This file (\(text.utf8.count >> 20) MB) is larger than the editor checks "
                        + "(\(Self.largestChecked >> 20) MB): run the runner on it to check it.")
            ]
        }
        var result: [[String: Any]] = []
        for error in errors {
            let place = utf16Place(line: error.location.line, character: error.location.column ?? 1)
            result.append(
                Self.diagnostic(
                    line: place.line, column: place.column, length: place.length,
                    severity: 1, code: "parse-error", message: ParseErrorWords.of(error, in: body)))
        }
        let found = findings ?? lint(linter)
        for finding in found {
            let place = utf16Place(line: finding.line, character: finding.column)
            result.append(
                Self.diagnostic(
                    line: place.line, column: place.column, length: place.length,
                    severity: finding.severity == .error ? 1 : 2,
                    code: finding.rule, message: finding.message))
        }
        guard checks.checksSteps else { return result }
        if let refused = checks.refusedRun, let feature = headings.first(where: { $0.kind == .feature }) {
            result.append(
                Self.diagnostic(
                    line: feature.line, column: feature.column, length: feature.keywordLength, severity: 1,
                    code: "definition", message: refused))
        }
        for step in steps { result += StepDiagnostics.of(step, checks: checks) }
        // Another language's short keyword before a defined step (`Wenn a step that fails`) is
        // told once the definitions are known, as a run tells it.
        if let document {
            let lost = linter.descriptionKeywords(body, document: document) { !checks.matches($0).isEmpty }
            for finding in lost where !found.contains(where: { $0.line == finding.line && $0.rule == finding.rule }) {
                let place = utf16Place(line: finding.line, character: finding.column)
                result.append(
                    Self.diagnostic(
                        line: place.line, column: place.column, length: place.length,
                        severity: finding.severity == .error ? 1 : 2, code: finding.rule, message: finding.message))
            }
        }
        return result
    }

    static func diagnostic(
        line: Int, column: Int, length: Int = 1, severity: Int, code: String, message: String,
        data: [String: Any]? = nil
    ) -> [String: Any] {
        let start = ["line": max(0, line - 1), "character": max(0, column - 1)]
        let end = ["line": max(0, line - 1), "character": max(0, column - 1) + max(0, length)]
        var diagnostic: [String: Any] = [
            "range": ["start": start, "end": end], "severity": severity, "code": code, "source": "specs",
            "message": message,
        ]
        if let data { diagnostic["data"] = data }
        return diagnostic
    }

    // MARK: Outline

    /// The document's outline: the feature, its rules, and their backgrounds and scenarios
    /// (a scenario's examples under it), each ending where the next of its level starts.
    /// Written as JSON directly: an outline of thousands of scenarios is answered as it is typed.
    func symbols() -> JSONText.Encoded {
        let lineCount = DocumentText.lineCount(of: text)
        func depth(_ kind: Heading.Kind, ruleOpen: Bool) -> Int {
            switch kind {
            case .feature: 0
            case .rule: 1
            case .background, .scenario: ruleOpen ? 2 : 1
            case .examples: ruleOpen ? 3 : 2
            }
        }
        var levels: [(heading: Heading, depth: Int)] = []
        var ruleOpen = false
        for heading in headings {
            if heading.kind == .rule { ruleOpen = true }
            if heading.kind == .feature { ruleOpen = false }
            levels.append((heading, depth(heading.kind, ruleOpen: ruleOpen)))
        }
        var out: [UInt8] = []
        func build(_ range: Range<Int>, depth: Int) {
            out.append(UInt8(ascii: "["))
            var index = range.lowerBound
            var first = true
            while index < range.upperBound {
                guard levels[index].depth == depth else {
                    index += 1
                    continue
                }
                var next = index + 1
                while next < range.upperBound && levels[next].depth > depth { next += 1 }
                let end = next < levels.count ? levels[next].heading.line - 1 : lineCount
                let heading = levels[index].heading
                let name = heading.title.hasSuffix(": ") ? String(heading.title.dropLast()) : heading.title
                let start = "{\"character\":0,\"line\":\(heading.line - 1)}"
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                out += Array("{\"children\":".utf8)
                build((index + 1)..<next, depth: depth + 1)
                out += Array(",\"kind\":\(heading.kind.rawValue),\"name\":".utf8)
                JSONText.writeString(name, to: &out)
                out += Array(
                    (",\"range\":{\"end\":{\"character\":0,\"line\":\(max(heading.line - 1, end - 1))},\"start\":\(start)}"
                        + ",\"selectionRange\":{\"end\":\(start),\"start\":\(start)}}").utf8)
                index = next
            }
            out.append(UInt8(ascii: "]"))
        }
        build(0..<levels.count, depth: 0)
        return JSONText.Encoded(bytes: out)
    }
}
