import FeatureLint
import Foundation
import Gherkin
import SpecsRunner

/// One open feature file as the language server reads it: parsed (or its parse errors),
/// its steps by line, and what the registry and the linter say of it.
struct FeatureAnalysis {
    let text: String
    let uri: String
    private(set) var document: GherkinDocument?
    private(set) var errors: [ParseError] = []
    /// AST steps by id and by line (1-based), and each step's text as a pickle has it (placeholders filled).
    private(set) var steps: [String: Step] = [:]
    private(set) var stepAtLine: [Int: Step] = [:]
    private(set) var pickleTexts: [String: [String]] = [:]

    init(text: String, uri: String) {
        self.text = text
        self.uri = uri
        var ids = IncrementingIdGenerator()
        do {
            let document = try Parser().parse(text, uri: uri, ids: &ids)
            self.document = document
            for pickle in PickleCompiler().compile(document, uri: uri, ids: &ids) {
                for step in pickle.steps {
                    if let id = step.astNodeIds.first { pickleTexts[id, default: []].append(step.text) }
                }
            }
            for step in Self.allSteps(document) {
                steps[step.id] = step
                stepAtLine[step.location.line] = step
            }
        } catch {
            errors = error.errors
        }
    }

    static func allSteps(_ document: GherkinDocument) -> [Step] {
        document.feature?.allSteps ?? []
    }

    /// The texts a step is matched by: its pickles' (an outline's rows), or as written.
    func texts(of step: Step) -> [String] {
        let texts = pickleTexts[step.id] ?? []
        return texts.isEmpty ? [step.text] : Array(Set(texts)).sorted()
    }

    // MARK: Diagnostics

    func diagnostics(catalog: StepCatalog, linter: FeatureLinter) -> [[String: Any]] {
        var result: [[String: Any]] = []
        for error in errors {
            result.append(
                Self.diagnostic(
                    line: error.location.line, column: error.location.column ?? 1, severity: 1,
                    code: "parse-error", message: ParseErrorWords.of(error, in: text)))
        }
        for finding in linter.lint(text, uri: uri) where finding.rule != "parse-error" {
            result.append(
                Self.diagnostic(
                    line: finding.line, column: finding.column, severity: finding.severity == .error ? 1 : 2,
                    code: finding.rule, message: finding.message))
        }
        for step in steps.values.sorted(by: { $0.location.line < $1.location.line }) {
            var undefined: [String] = []
            var ambiguous: [(String, [StepCatalog.Entry])] = []
            for text in texts(of: step) {
                let matches = catalog.matches(text)
                if matches.isEmpty {
                    undefined.append(text)
                } else if matches.count > 1 {
                    ambiguous.append((text, matches))
                }
            }
            let line = step.location.line
            let column = step.location.column ?? 1
            // The diagnostic covers the step's keyword and text, in UTF-16 as the protocol counts.
            let length = (step.keyword + step.text).utf16.count
            if !undefined.isEmpty {
                result.append(
                    Self.diagnostic(
                        line: line, column: column, length: length, severity: 2, code: "undefined",
                        message: "Undefined step: no step definition matches '\(undefined[0])'"))
            }
            if let (text, matches) = ambiguous.first {
                let listing = matches.map { "'\($0.expression)' at \($0.location)" }.joined(separator: ", ")
                result.append(
                    Self.diagnostic(
                        line: line, column: column, length: length, severity: 1, code: "ambiguous",
                        message: "Ambiguous step: '\(text)' matches \(listing)"))
            }
        }
        return result
    }

    static func diagnostic(
        line: Int, column: Int, length: Int = 1, severity: Int, code: String, message: String
    ) -> [String: Any] {
        let start = ["line": max(0, line - 1), "character": max(0, column - 1)]
        let end = ["line": max(0, line - 1), "character": max(0, column - 1) + max(1, length)]
        return [
            "range": ["start": start, "end": end], "severity": severity, "code": code, "source": "specs",
            "message": message,
        ]
    }

    // MARK: Outline

    /// The document's outline: the feature, its rules, backgrounds and scenarios.
    func symbols() -> [[String: Any]] {
        guard let feature = document?.feature else { return [] }
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        func symbol(
            _ name: String, _ kind: Int, _ line: Int, _ endLine: Int, _ children: [[String: Any]] = []
        ) -> [String: Any] {
            let range: [String: Any] = [
                "start": ["line": line - 1, "character": 0],
                "end": ["line": max(line - 1, endLine - 1), "character": 0],
            ]
            return [
                "name": name.isEmpty ? "(unnamed)" : name, "kind": kind, "range": range, "selectionRange": range,
                "children": children,
            ]
        }
        func scenarioSymbols(_ children: [(String, Int, Int)], until end: Int) -> [[String: Any]] {
            children.enumerated().map { index, child in
                symbol(child.0, child.1, child.2, index + 1 < children.count ? children[index + 1].2 : end)
            }
        }
        var top: [(name: String, kind: Int, line: Int, children: [(String, Int, Int)])] = []
        for child in feature.children {
            switch child {
            case .background(let background):
                top.append((background.keyword + ": " + background.name, 6, background.location.line, []))
            case .scenario(let scenario):
                top.append((scenario.keyword + ": " + scenario.name, 12, scenario.location.line, []))
            case .rule(let rule):
                let inner = rule.children.map { child -> (String, Int, Int) in
                    switch child {
                    case .background(let background):
                        (background.keyword + ": " + background.name, 6, background.location.line)
                    case .scenario(let scenario): (scenario.keyword + ": " + scenario.name, 12, scenario.location.line)
                    }
                }
                top.append((rule.keyword + ": " + rule.name, 3, rule.location.line, inner))
            }
        }
        let children = top.enumerated().map { index, node -> [String: Any] in
            let end = index + 1 < top.count ? top[index + 1].line : lineCount + 1
            return symbol(node.name, node.kind, node.line, end, scenarioSymbols(node.children, until: end))
        }
        return [symbol(feature.keyword + ": " + feature.name, 2, feature.location.line, lineCount + 1, children)]
    }
}
