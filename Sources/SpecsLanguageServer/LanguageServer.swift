import FeatureLint
import Foundation
import Gherkin
import SpecsRunner

/// `RUNNER lsp`: the Language Server Protocol on standard input and output for
/// `.feature` files, with this runner's own registry of step definitions: diagnostics
/// (parse errors, undefined and ambiguous steps, lint findings), completion of step text
/// from the registered expressions, go to a step's definition, hover, formatting and the
/// document outline. A malformed message or an unknown method gets a JSON-RPC error.
public final class LanguageServer {
    private let connection: JSONRPCConnection
    private let catalog: StepCatalog
    /// The lint rules, with the settings of the project the editor opened (see `initialize`).
    private var linter: FeatureLinter
    private var documents: [String: FeatureAnalysis] = [:]
    private var shutdownRequested = false
    /// Whether the editor takes snippets (`snippetSupport`): placeholders go to those alone.
    private var snippets = false
    /// The step definitions and hooks that could not be registered: diagnostics at their Swift lines.
    private let definitionProblems: [DefinitionProblem]

    /// A server for this registry's step definitions, on standard input and output.
    public convenience init<World: AnyObject>(registry: StepRegistry<World>) {
        self.init(registry: registry, connection: JSONRPCConnection())
    }

    init<World: AnyObject>(registry: StepRegistry<World>, connection: JSONRPCConnection) {
        self.connection = connection
        catalog = StepCatalog(registry)
        definitionProblems = registry.problems
        linter = FeatureLinter(configuration: Self.lintConfiguration(in: FileManager.default.currentDirectoryPath))
    }

    /// The lint settings of a project folder: `specs.json`'s `lint`, else `.specs-lint.json`.
    static func lintConfiguration(in folder: String) -> LintConfiguration {
        let data =
            (try? ProjectConfiguration.load(directory: folder))??.lint
            ?? FileManager.default.contents(
                atPath: URL(fileURLWithPath: folder).appendingPathComponent(LintConfiguration.defaultFile).path)
        return data.flatMap { try? LintConfiguration.read($0) } ?? LintConfiguration()
    }

    /// The folder of the project the editor opened, as `initialize` names it.
    static func projectFolder(_ params: [String: Any]) -> String? {
        let folders = (params["workspaceFolders"] as? [[String: Any]])?.compactMap { $0["uri"] as? String } ?? []
        let uri = folders.first ?? (params["rootUri"] as? String)
        if let uri, let url = URL(string: uri), url.isFileURL { return url.path }
        return params["rootPath"] as? String
    }

    /// Serves until `exit`; returns the exit code the protocol asks for.
    public func run() -> Int32 {
        while let incoming = connection.next() {
            switch incoming {
            case .malformed(let why): connection.respond(to: nil, error: -32700, "Parse error: \(why)")
            case .message(let message):
                if let code = handle(message) { return code }
            }
        }
        return shutdownRequested ? 0 : 1
    }

    /// Handles one message; an exit code when it is `exit`.
    private func handle(_ message: [String: Any]) -> Int32? {
        let id = message["id"]
        guard let method = message["method"] as? String else {
            if id != nil { connection.respond(to: id, error: -32600, "Invalid Request: no method") }
            return nil
        }
        let params = message["params"] as? [String: Any] ?? [:]
        switch method {
        case "initialize":
            let completion = ((params["capabilities"] as? [String: Any])?["textDocument"] as? [String: Any])?[
                "completion"]
            snippets =
                ((completion as? [String: Any])?["completionItem"] as? [String: Any])?["snippetSupport"] as? Bool
                ?? false
            if let folder = Self.projectFolder(params) {
                linter = FeatureLinter(configuration: Self.lintConfiguration(in: folder))
            }
            connection.respond(
                to: id ?? NSNull(),
                result: [
                    "capabilities": [
                        "textDocumentSync": 1, "completionProvider": ["triggerCharacters": [" "]],
                        "definitionProvider": true,
                        "hoverProvider": true, "documentFormattingProvider": true, "documentSymbolProvider": true,
                    ], "serverInfo": ["name": "specs", "version": SpecsVersion.current],
                ])
        case "initialized": publishDefinitionProblems()
        case "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration": break
        case "shutdown":
            shutdownRequested = true
            connection.respond(to: id ?? NSNull(), result: NSNull())
        case "exit": return shutdownRequested ? 0 : 1
        case "textDocument/didOpen":
            if let document = params["textDocument"] as? [String: Any], let uri = document["uri"] as? String,
                let text = document["text"] as? String
            {
                open(uri, text)
            }
        case "textDocument/didChange":
            if let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String,
                let text = (params["contentChanges"] as? [[String: Any]])?.last?["text"] as? String
            {
                open(uri, text)
            }
        case "textDocument/didClose":
            if let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String {
                documents[uri] = nil
                connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": []])
            }
        case "textDocument/completion": reply(id, completion(params))
        case "textDocument/definition": reply(id, definition(params))
        case "textDocument/hover": reply(id, hover(params))
        case "textDocument/formatting": reply(id, formatting(params))
        case "textDocument/documentSymbol": reply(id, analysis(params)?.symbols() ?? [])
        default:
            if id != nil { connection.respond(to: id, error: -32601, "Method not found: \(method)") }
        }
        return nil
    }

    /// Each Swift file with definitions that could not be registered gets them as errors at
    /// their lines: the runner refuses to run them, and the editor says so where they are.
    private func publishDefinitionProblems() {
        let byFile = Dictionary(grouping: definitionProblems, by: \.location.file)
        for (file, problems) in byFile.sorted(by: { $0.key < $1.key }) {
            let path = file.hasPrefix("/") ? file : FileManager.default.currentDirectoryPath + "/" + file
            let diagnostics = problems.map { problem in
                FeatureAnalysis.diagnostic(
                    line: problem.location.line, column: 1, length: Int(UInt16.max), severity: 1, code: "definition",
                    message: "This step definition cannot be registered, so no scenario runs: \(problem.message)")
            }
            connection.notify(
                "textDocument/publishDiagnostics",
                ["uri": URL(fileURLWithPath: path).absoluteString, "diagnostics": diagnostics])
        }
    }

    private func reply(_ id: Any?, _ result: Any) {
        guard let id else { return }
        connection.respond(to: id, result: result)
    }

    private func open(_ uri: String, _ text: String) {
        let analysis = FeatureAnalysis(text: text, uri: uri)
        documents[uri] = analysis
        connection.notify(
            "textDocument/publishDiagnostics",
            ["uri": uri, "diagnostics": analysis.diagnostics(catalog: catalog, linter: linter)])
    }

    private func analysis(_ params: [String: Any]) -> FeatureAnalysis? {
        ((params["textDocument"] as? [String: Any])?["uri"] as? String).flatMap { documents[$0] }
    }

    private func position(_ params: [String: Any]) -> (line: Int, character: Int)? {
        guard let position = params["position"] as? [String: Any], let line = position["line"] as? Int,
            let character = position["character"] as? Int
        else { return nil }
        return (line, character)
    }

    // MARK: Requests

    private func completion(_ params: [String: Any]) -> Any {
        guard let analysis = analysis(params), let (line, character) = position(params) else { return [] as [Any] }
        let lines = analysis.text.split(separator: "\n", omittingEmptySubsequences: false)
        guard line < lines.count else { return [] as [Any] }
        // Positions count UTF-16 code units, as the protocol has them (an emoji keyword is two).
        let text = String(decoding: Array(lines[line].utf16.prefix(character)), as: UTF16.self)
        let language = analysis.document?.feature?.language ?? LanguageComment.language(of: analysis.text)
        guard let dialect = Dialect.named(language) else { return [] as [Any] }
        let keywords = (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).sorted {
            $0.count > $1.count
        }
        let indent = text.prefix { $0 == " " || $0 == "\t" }
        let rest = text.dropFirst(indent.count)
        guard let keyword = keywords.first(where: { rest.hasPrefix($0) }) else { return [] as [Any] }
        let typed = rest.dropFirst(keyword.count).lowercased()
        let start = indent.utf16.count + keyword.utf16.count
        let items = catalog.entries.filter { !$0.isRegularExpression && $0.expression.lowercased().hasPrefix(typed) }
            .compactMap { entry -> [String: Any]? in
                guard let newText = CompletionText.text(for: entry.expression, snippets: snippets) else { return nil }
                return [
                    "label": entry.expression, "kind": 15, "insertTextFormat": snippets ? 2 : 1,
                    "detail": "\(entry.location)",
                    "textEdit": [
                        "range": [
                            "start": ["line": line, "character": start], "end": ["line": line, "character": character],
                        ],
                        "newText": newText,
                    ],
                ]
            }
        return ["isIncomplete": false, "items": items]
    }

    private func stepAt(_ params: [String: Any]) -> (FeatureAnalysis, Step)? {
        guard let analysis = analysis(params), let (line, _) = position(params),
            let step = analysis.stepAtLine[line + 1]
        else { return nil }
        return (analysis, step)
    }

    private func definition(_ params: [String: Any]) -> Any {
        guard let (analysis, step) = stepAt(params) else { return NSNull() }
        let entries = Set(analysis.texts(of: step).flatMap { catalog.matches($0) })
        return entries.sorted { $0.location.description < $1.location.description }.map { entry -> [String: Any] in
            let path =
                entry.location.file.hasPrefix("/")
                ? entry.location.file : FileManager.default.currentDirectoryPath + "/" + entry.location.file
            let position = ["line": max(0, entry.location.line - 1), "character": 0]
            return ["uri": URL(fileURLWithPath: path).absoluteString, "range": ["start": position, "end": position]]
        }
    }

    private func hover(_ params: [String: Any]) -> Any {
        guard let (analysis, step) = stepAt(params) else { return NSNull() }
        let entries = Array(Set(analysis.texts(of: step).flatMap { catalog.matches($0) }))
        let value: String
        if entries.isEmpty {
            value = "Undefined step: no step definition matches it."
        } else {
            value = entries.map { entry in
                let types: String
                if entry.isRegularExpression {
                    let groups = entry.parameterTypes.count
                    types = groups == 0 ? "no capture groups" : "\(groups) capture group\(groups == 1 ? "" : "s")"
                } else {
                    types =
                        entry.parameterTypes.isEmpty
                        ? "no parameters"
                        : "parameters: " + entry.parameterTypes.map { "{\($0)}" }.joined(separator: ", ")
                }
                return "`\(entry.expression)` — \(types) — \(entry.location)"
            }.joined(separator: "\n\n")
        }
        return ["contents": ["kind": "markdown", "value": value]]
    }

    private func formatting(_ params: [String: Any]) -> Any {
        guard let analysis = analysis(params), let document = analysis.document else { return [] as [Any] }
        let formatted = FeatureFormatter().format(document, source: analysis.text)
        guard formatted != analysis.text else { return [] as [Any] }
        let lineCount = analysis.text.split(separator: "\n", omittingEmptySubsequences: false).count
        return [
            [
                "range": ["start": ["line": 0, "character": 0], "end": ["line": lineCount, "character": 0]],
                "newText": formatted,
            ]
        ]
    }
}
