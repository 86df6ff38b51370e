import CucumberExpressions
import FeatureLint
import Foundation
import Gherkin
import Messages
import SpecsRunner

/// `RUNNER lsp`: the Language Server Protocol on standard input and output for
/// `.feature` files, with this runner's own registry of step definitions: diagnostics
/// (parse errors, undefined and ambiguous steps, lint findings) for every feature file of
/// the project, open or not; completion of step text; go to a step's definition; the steps
/// a definition matches across the project; hover; a quick fix that defines an undefined
/// step; formatting; the document outline and the project's scenarios as symbols.
///
/// Edits arrive incrementally; a document is checked again once the editor pauses, so a
/// burst of keystrokes costs one check. A rebuilt runner takes over by itself, with the open
/// documents. A malformed message or an unknown method gets a JSON-RPC error.
public final class LanguageServer {
    let connection: JSONRPCConnection
    let catalog: StepCatalog
    /// The lint settings and indentation of the project the editor opened (see `initialize`).
    var style: ProjectStyle
    /// Open documents by URI: their text, and their analysis once checked (nil while an edit waits).
    var documents: [String: OpenDocument] = [:]
    /// The project's feature files that are not open, as last read from disk.
    var workspace: [String: FeatureAnalysis] = [:]
    /// The project's feature files read and checked when the server starts, off the thread that answers.
    let scan = WorkspaceScan()
    /// What the definitions say of each step text seen: a step checked twice is matched once.
    private var matchCache: [String: [StepCatalog.Entry]] = [:]
    /// The arguments each step text seen gives its definition, for semantic tokens.
    private var argumentCache: [String: [StepCatalog.ArgumentPlace]] = [:]
    /// Why the runner refuses each step text seen, with or without a table or doc string.
    private var refusalCache: [RefusalKey: String?] = [:]
    struct RefusalKey: Hashable {
        let text: String
        let table: Bool
        let docString: Bool
    }
    private var shutdownRequested = false
    /// Messages that have arrived whole and wait their turn.
    private var pending: [JSONRPCConnection.Incoming] = []
    /// Whether the editor takes snippets (`snippetSupport`): placeholders go to those alone.
    var snippets = false {
        didSet { completionOffers = catalog.entries.map(completionOffer(for:)) }
    }
    /// What completion inserts for each definition, in the catalog's order, and whether it is
    /// the whole step: worked out once per editor, not on every keystroke.
    private(set) var completionOffers: [CompletionOffer?] = []
    /// The project folder the editor opened.
    var projectFolder: String?
    /// The `initialize` parameters, handed to a rebuilt runner with the open documents.
    private var initializeParameters: [String: Any] = [:]
    /// The step definitions and hooks that could not be registered: diagnostics at their Swift lines.
    private let definitionProblems: [DefinitionProblem]
    /// Those whose expression compiles once an unknown parameter type reads as any text.
    private let brokenExpressions: [(problem: DefinitionProblem, expression: CucumberExpression)]
    let freshness = RunnerFreshness()
    /// Whether the editor watches the project's files and says when they change.
    var clientWatchesFiles = false
    /// The project's feature files as last seen on disk, by real path, and when each changed.
    var diskStamps: [URL: Date] = [:]
    /// Set while Swift sources with step definitions are newer than this runner: said in each open feature file.
    var staleNote: String?
    /// The open documents by the real path of their file, to the URI the editor opened them by.
    var openReal: [String: String] = [:]
    /// How often the disk is looked at while the editor is quiet, in seconds.
    static let diskInterval = 2.0
    /// How long the editor is quiet after an edit before the document is checked in full, in
    /// seconds: a burst of keystrokes costs one check.
    static let checkDelay = 0.03
    /// Counts the semantic tokens' answers: each has its own result id.
    var tokenResults = 0
    /// The full checks of edited documents, made while answers go on.
    let fullChecks = BackgroundChecks()
    /// When the disk was last looked at.
    private var diskLookedAt = Date()
    /// The look at the disk under way while the editor is quiet.
    let diskLook = DiskLook()
    /// This runner's executable, which runs a scenario for a lens.
    var runnerExecutable: String? { freshness.executable }

    /// The environment variable naming the state a rebuilt runner resumes from.
    static let resumeVariable = "SPECS_LSP_RESUME"

    /// A server for this registry's step definitions, on standard input and output.
    public convenience init<World: AnyObject>(registry: StepRegistry<World>) {
        self.init(registry: registry, connection: JSONRPCConnection())
    }

    init<World: AnyObject>(registry: StepRegistry<World>, connection: JSONRPCConnection) {
        self.connection = connection
        catalog = StepCatalog(registry)
        definitionProblems = registry.problems
        brokenExpressions = registry.problems.compactMap { problem in
            var source = problem.expression
            if let name = problem.undefinedParameterType {
                source = source.replacingOccurrences(of: "{\(name)}", with: "{}")
            }
            return (try? CucumberExpression(source)).map { (problem, $0) }
        }
        style = ProjectStyle(folder: FileManager.default.currentDirectoryPath)
        completionOffers = catalog.entries.map(completionOffer(for:))
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
        resume()
        untilTheEditorSpeaks()
        while var incoming = pending.isEmpty ? connection.next() : pending.removeFirst() {
            // What has arrived whole behind it: a cancellation or a newer edit changes what is due.
            while let more = connection.ready() { pending.append(more) }
            incoming = completionFirst(incoming)
            switch incoming {
            case .malformed(let why): connection.respond(to: nil, error: -32700, "Parse error: \(why)")
            case .message(let message):
                if let code = handle(message) { return code }
            }
            collectChecks()
            if pending.isEmpty { untilTheEditorSpeaks() }
        }
        return shutdownRequested ? 0 : 1
    }

    /// A completion asked right behind a request that reads the whole document (semantic
    /// tokens, the outline, lenses), with no edit between them, is answered first: the
    /// keystroke's completion does not wait for the document's colours.
    private func completionFirst(_ incoming: JSONRPCConnection.Incoming) -> JSONRPCConnection.Incoming {
        func method(_ incoming: JSONRPCConnection.Incoming) -> String? {
            guard case .message(let message) = incoming, message["id"] != nil else { return nil }
            return message["method"] as? String
        }
        let wholeDocument: Set = [
            "textDocument/semanticTokens/full", "textDocument/semanticTokens/full/delta", "textDocument/documentSymbol",
            "textDocument/codeLens",
        ]
        guard let first = method(incoming), wholeDocument.contains(first) else { return incoming }
        for (index, next) in pending.enumerated() {
            guard let name = method(next) else { return incoming }
            if name == "textDocument/completion" {
                pending.remove(at: index)
                pending.insert(incoming, at: 0)
                return next
            }
        }
        return incoming
    }

    /// Quiet: the work that waits for a pause, checks collected as they end, and the disk
    /// looked at, until a message comes.
    private func untilTheEditorSpeaks() {
        whilePaused()
        while !shutdownRequested && !connection.waitForInput(seconds: busy ? 0.005 : Self.diskInterval) {
            collectChecks()
            collectDiskLook()
            if Date().timeIntervalSince(diskLookedAt) >= Self.diskInterval {
                diskLookedAt = Date()
                lookAtDisk()
            }
            whilePaused()
        }
    }

    /// Whether work is under way off the thread that answers, or waits for a pause: its end is
    /// looked for every few milliseconds.
    private var busy: Bool {
        fullChecks.busy || waitingEdit || diskLook.looking || scan.scanning
    }

    /// Work that waits for the editor to pause: checking edited documents, then publishing
    /// the project's other files as the scan reads them, one at a time while no message is
    /// waiting; once the scan is done, a rebuilt runner takes over.
    private func whilePaused() {
        startChecks()
        while !connection.hasPendingInput {
            // An open document's check starts and is published between the project's files.
            startChecks()
            collectChecks()
            if collectScan() { continue }
            if !scan.scanning, !shutdownRequested, let runner = freshness.rebuilt() { handOver(to: runner) }
            return
        }
    }

    /// Handles one message; an exit code when it is `exit`.
    private func handle(_ message: [String: Any]) -> Int32? {
        let params = message["params"] as? [String: Any] ?? [:]
        guard let method = message["method"] as? String else {
            // A response to a request of the server's (registering file watching) needs nothing.
            if message["id"] != nil && message["result"] == nil && message["error"] == nil {
                connection.respond(to: message["id"], error: -32600, "Invalid Request: no method")
            }
            return nil
        }
        guard message["id"] != nil else {
            do {
                return notified(try ClientNotification(method: method, params: params))
            } catch {
                return nil
            }
        }
        guard let id = RequestID(message["id"]) else {
            connection.respond(to: message["id"], error: -32600, "Invalid Request: an id is a number or a string")
            return nil
        }
        do {
            let request = try ClientRequest(method: method, params: params)
            try check(request, id: id)
            connection.respond(to: id.json, result: try answer(request))
        } catch {
            guard error.code != ProtocolError.deferred.code else {
                pending.append(.message(message))
                return nil
            }
            connection.respond(to: id.json, error: error.code, error.message)
        }
        return nil
    }

    /// Refuses a request the editor cancelled, a whole-document one that a newer edit has
    /// made stale, and one at a line the document does not have.
    private func check(_ request: ClientRequest, id: RequestID) throws(ProtocolError) {
        // A cancellation follows its request: it is among the messages waiting behind it.
        if pending.contains(where: { Self.cancels($0, id) }) { throw .cancelled }
        guard let uri = request.document else { return }
        switch request {
        case .semanticTokens, .documentSymbol, .codeLens:
            // What has come since: an edit typed meanwhile makes the answer stale before it is given.
            while let more = connection.ready() { pending.append(more) }
            if pending.contains(where: { Self.changes($0, uri) }) { throw .contentModified }
        default: break
        }
        if !request.positions.isEmpty, let text = documents[uri]?.text ?? workspace[uri]?.text {
            let lines = DocumentText.lineCount(of: text)
            for position in request.positions where position.line >= lines {
                throw .invalidParams("line \(position.line) is past the end of the document (\(lines) lines)")
            }
        }
    }

    /// Looks at what has come while a long answer about `uri` is written: an edit of the
    /// document makes the answer stale, and a completion is answered first.
    func interrupt(_ uri: String) throws(ProtocolError) {
        while let more = connection.ready() { pending.append(more) }
        if pending.contains(where: { Self.changes($0, uri) }) { throw .contentModified }
        let completion = pending.contains {
            guard case .message(let message) = $0 else { return false }
            return message["method"] as? String == "textDocument/completion"
        }
        if completion { throw .deferred }
    }

    private static func cancels(_ incoming: JSONRPCConnection.Incoming, _ id: RequestID) -> Bool {
        guard case .message(let message) = incoming, message["method"] as? String == "$/cancelRequest" else {
            return false
        }
        return RequestID((message["params"] as? [String: Any])?["id"]) == id
    }

    private static func changes(_ incoming: JSONRPCConnection.Incoming, _ uri: String) -> Bool {
        guard case .message(let message) = incoming, message["method"] as? String == "textDocument/didChange" else {
            return false
        }
        return ((message["params"] as? [String: Any])?["textDocument"] as? [String: Any])?["uri"] as? String == uri
    }

    /// The result of a request.
    private func answer(_ request: ClientRequest) throws(ProtocolError) -> Any {
        switch request {
        case .initialize(let params):
            configure(params)
            return Self.initializeResult
        case .shutdown:
            shutdownRequested = true
            return NSNull()
        case .completion(let at): return completion(at)
        case .definition(let at): return definition(at)
        case .references(let at): return references(at)
        case .hover(let at): return hover(at)
        case .codeAction(_, _, let diagnostics): return codeActions(diagnostics)
        case .formatting(let uri): return formatting(uri)
        case .documentSymbol(let uri):
            return current(uri)?.symbols() ?? JSONText.Encoded(bytes: Array("[]".utf8))
        case .workspaceSymbol(let query): return workspaceSymbols(query)
        case .semanticTokens(let uri, let previous): return try semanticTokens(uri, previous: previous)
        case .codeLens(let uri): return codeLenses(uri)
        case .executeCommand(let command, let arguments): return executeCommand(command, arguments)
        }
    }

    /// Acts on a notification; an exit code when it is `exit`.
    private func notified(_ notification: ClientNotification) -> Int32? {
        switch notification {
        case .initialized:
            watchFiles(initializeParameters)
            publishDefinitionProblems()
            checkFreshness()
            scanProject()
        case .exit: return shutdownRequested ? 0 : 1
        case .didOpen(let uri, let text, let version):
            var document = OpenDocument(text: text)
            document.editorVersion = version
            let real = realURI(uri)
            // The file as read from disk, when the editor opens it unchanged: answers come from
            // that check until the document's own is done.
            if let known = workspace[uri] ?? workspace[real], known.text == text { document.latest = known }
            documents[uri] = document
            openReal[real] = uri
            // The file read from disk under its real path is this document now.
            if real != uri, workspace.removeValue(forKey: real) != nil {
                connection.notify("textDocument/publishDiagnostics", ["uri": real, "diagnostics": []])
            }
        case .didChange(let uri, let version, let changes):
            guard var document = documents[uri] else { return nil }
            // A change older than the text held (sent out of order) would undo newer edits.
            if let version, let held = document.editorVersion, version < held {
                connection.notify(
                    "window/logMessage",
                    [
                        "type": 2,
                        "message": "Ignored a change to \(uri) at version \(version): it is at \(held) already.",
                    ])
                return nil
            }
            if let version { document.editorVersion = version }
            // Taken out while edited, so that its text is not copied.
            documents[uri] = nil
            for change in changes {
                document.apply(change)
                retokenize(&document, after: change)
            }
            document.version += 1
            document.editedAt = Date()
            documents[uri] = document
        case .didClose(let uri):
            documents[uri] = nil
            let real = realURI(uri)
            if openReal[real] == uri { openReal[real] = nil }
            // A project file keeps what the disk holds; another file's problems go with it.
            if real != uri { connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": []]) }
            if let url = URL(string: real), url.isFileURL, workspace[real] != nil || isInProject(url),
                FileManager.default.fileExists(atPath: url.path)
            {
                readWorkspaceFile(url)
            } else {
                // Not a project file, or deleted on disk while open: nothing is left to show.
                if let url = URL(string: real), url.isFileURL { forget(url) }
                connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": []])
            }
        case .didChangeWatchedFiles(let changes): filesChanged(changes)
        case .cancel, .didSave, .ignored: break
        }
        return nil
    }

    static var initializeResult: [String: Any] {
        [
            "capabilities": [
                "textDocumentSync": ["openClose": true, "change": 2],
                "completionProvider": ["triggerCharacters": [" "]],
                "definitionProvider": true, "referencesProvider": true, "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentFormattingProvider": true, "documentSymbolProvider": true, "workspaceSymbolProvider": true,
                "semanticTokensProvider": [
                    "legend": ["tokenTypes": tokenTypes, "tokenModifiers": [] as [String]], "full": ["delta": true],
                ],
                "codeLensProvider": ["resolveProvider": false],
                "executeCommandProvider": ["commands": [runScenarioCommand]],
            ], "serverInfo": ["name": "specs", "version": SpecsVersion.current],
        ]
    }

    private func configure(_ params: [String: Any]) {
        initializeParameters = params
        let completion = ((params["capabilities"] as? [String: Any])?["textDocument"] as? [String: Any])?["completion"]
        snippets =
            ((completion as? [String: Any])?["completionItem"] as? [String: Any])?["snippetSupport"] as? Bool ?? false
        if let folder = PackageRoot.of(folder: Self.projectFolder(params), executable: freshness.executable) {
            projectFolder = folder
            style = ProjectStyle(folder: folder)
        }
    }

    /// Reads the project's feature files afresh, on the scan's thread: each published as it
    /// lands while the editor is quiet.
    private func scanProject() {
        guard let projectFolder else { return }
        let (catalog, broken, refusedRun, style) = (catalog, brokenExpressions, refusedRun, style)
        scan.start(folder: projectFolder) {
            var style = style
            let checks = Self.checks(catalog: catalog, broken: broken, refusedRun: refusedRun)
            return { WorkspaceRead.of($0, style: &style, checks: checks, project: projectFolder) }
        }
    }

    /// Takes what the scan has found: the files' stamps once, then one file read, published
    /// unless the document is open or was read here since. Whether a file was taken.
    private func collectScan() -> Bool {
        if let stamps = scan.takeStamps() {
            diskStamps.merge(stamps) { here, _ in here }
        }
        guard let file = scan.next() else { return false }
        land(file.read, of: file.url)
        return true
    }

    func isInProject(_ url: URL) -> Bool {
        guard let projectFolder else { return false }
        return url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(PackageRoot.real(projectFolder) + "/")
    }

    // MARK: Checking

    /// The definitions a step's text matches, remembered.
    func matches(_ text: String) -> [StepCatalog.Entry] {
        if let known = matchCache[text] { return known }
        if matchCache.count > 100_000 { matchCache.removeAll() }
        let found = catalog.matches(text)
        matchCache[text] = found
        return found
    }

    /// The arguments of the definition a step's text matches, remembered.
    func arguments(of text: String) -> [StepCatalog.ArgumentPlace] {
        if let known = argumentCache[text] { return known }
        if argumentCache.count > 100_000 { argumentCache.removeAll() }
        let found = catalog.arguments(of: text)
        argumentCache[text] = found
        return found
    }

    /// The definitions that could not be registered but whose expression matches `text`
    /// (an unknown parameter type read as any text).
    func brokenDefinitions(matching text: String) -> [DefinitionProblem] {
        brokenExpressions.filter { $0.expression.match(text) != nil }.map(\.problem)
    }

    /// An open document's analysis, checking it (and publishing its diagnostics) if an edit waits.
    func analysis(of uri: String) -> FeatureAnalysis? {
        guard var document = documents[uri] else { return workspace[uri] }
        if let analysis = document.analysis { return analysis }
        let analysis = FeatureAnalysis.checked(text: document.text, uri: uri, linter: style.linter(for: uri))
        document.checked(analysis)
        documents[uri] = document
        publish(analysis)
        return analysis
    }

    /// What is known of a document now, for answers that must not wait: the last full check
    /// with the edits since applied line by line; a full check only for a document never checked.
    func current(_ uri: String) -> FeatureAnalysis? {
        documents[uri]?.latest ?? analysis(of: uri)
    }

    /// Whether an edited document waits for the editor to pause before its check starts.
    private var waitingEdit: Bool {
        documents.values.contains { $0.analysis == nil }
    }

    /// Starts the full check of each document edited and then left alone for `checkDelay`.
    private func startChecks() {
        let now = Date()
        for (uri, document) in documents where document.analysis == nil && fullChecks.running[uri] != document.version {
            guard now.timeIntervalSince(document.editedAt) >= Self.checkDelay else { continue }
            publishQuickly(uri)
            let catalog = catalog
            let linter = style.linter(for: uri)
            let broken = brokenExpressions
            let refusedRun = refusedRun
            let checksSteps = otherPackage(of: uri) == nil
            fullChecks.start(uri: uri, version: document.version, text: document.text, linter: linter) {
                // The tokens and diagnostics made with the check, off the thread that answers:
                // what the runner says of each text remembered for this check alone.
                var known: [String: [StepCatalog.ArgumentPlace]] = [:]
                let tokens = DocumentTokens(
                    Self.tokens(of: $0.steps[...], headings: $0.headings[...]) { text in
                        if let found = known[text] { return found }
                        let found = catalog.arguments(of: text)
                        known[text] = found
                        return found
                    })
                var checks = Self.checks(catalog: catalog, broken: broken, refusedRun: refusedRun)
                checks.checksSteps = checksSteps
                return (tokens, $0.diagnostics(checks: checks, linter: linter))
            }
        }
    }

    /// Publishes the checks that have ended, of documents not edited since.
    private func collectChecks() {
        for (uri, version, analysis, tokens, diagnostics) in fullChecks.finished() {
            guard var document = documents[uri], document.version == version, document.analysis == nil else {
                continue
            }
            document.checked(analysis, tokens: tokens)
            documents[uri] = document
            publish(analysis, diagnostics: diagnostics)
        }
    }

    /// Every analysis of the project: open documents as edited, the others as on disk.
    func allAnalyses() -> [FeatureAnalysis] {
        for uri in documents.keys where documents[uri]?.analysis == nil { _ = analysis(of: uri) }
        scan.finish()
        while collectScan() {}
        return documents.values.compactMap(\.analysis)
            + workspace.filter { documents[$0.key] == nil && openReal[$0.key] == nil }.map(\.value)
    }

    /// Publishes a file's diagnostics: those given (made with its check), or made now.
    private func publish(_ analysis: FeatureAnalysis, diagnostics made: [[String: Any]]? = nil) {
        let (checks, notes) = checksAndNotes(analysis)
        let diagnostics = made ?? analysis.diagnostics(checks: checks, linter: style.linter(for: analysis.uri))
        if var document = documents[analysis.uri], document.analysis != nil {
            documents[analysis.uri] = nil
            document.kept = KeptDiagnostics(diagnostics)
            document.publishedVersion = document.version
            documents[analysis.uri] = document
        }
        connection.notify(
            "textDocument/publishDiagnostics", ["uri": analysis.uri, "diagnostics": notes + diagnostics])
    }

    /// Publishes an edited document's diagnostics before its full check lands: the last full
    /// check's, moved with the edits, and the undefined and ambiguous steps among those typed
    /// since. A step typed with a placeholder, or whose table or doc string is not known yet,
    /// waits for the full check, so that nothing is shown that it would not show.
    private func publishQuickly(_ uri: String) {
        guard let document = documents[uri], document.publishedVersion != document.version,
            let kept = document.kept, let latest = document.latest
        else { return }
        documents[uri]?.publishedVersion = document.version
        let (checks, notes) = checksAndNotes(latest)
        var diagnostics = kept.diagnostics
        if checks.checksSteps {
            for step in latest.steps where step.reread && !step.text.contains("<") {
                diagnostics += StepDiagnostics.of(step, checks: checks).filter {
                    $0["code"] as? String != "arguments"
                }
            }
        }
        connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": notes + diagnostics])
    }

    /// The checks of a file's steps, and the notes said of it whatever its text.
    private func checksAndNotes(_ analysis: FeatureAnalysis) -> (StepChecks, [[String: Any]]) {
        var checks = checks
        var notes: [[String: Any]] = []
        if let package = otherPackage(of: analysis.uri) {
            // Another package's steps: its own runner checks them, not this one.
            checks.checksSteps = false
            notes.append(WorkspaceRead.otherPackageNote(package, project: projectFolder))
        }
        if let stale = staleDiagnostic(analysis) { notes.append(stale) }
        return (checks, notes)
    }

    /// What the runner says of step texts, each text asked once.
    var checks: StepChecks {
        StepChecks(
            matches: matches, broken: brokenDefinitions(matching:),
            refusal: { [unowned self] text, table, docString in
                let key = RefusalKey(text: text, table: table, docString: docString)
                if let known = refusalCache[key] { return known }
                if refusalCache.count > 100_000 { refusalCache.removeAll() }
                let found = catalog.refusal(of: text, table: table, docString: docString)
                refusalCache[key] = .some(found)
                return found
            }, refusedRun: refusedRun, didYouMean: catalog.didYouMean)
    }

    /// What the runner says of step texts, for a check on a thread of its own: each text asked
    /// once within that check.
    static func checks(
        catalog: StepCatalog, broken: [(problem: DefinitionProblem, expression: CucumberExpression)],
        refusedRun: String?
    ) -> StepChecks {
        var matches: [String: [StepCatalog.Entry]] = [:]
        var refusals: [RefusalKey: String?] = [:]
        return StepChecks(
            matches: { text in
                if let known = matches[text] { return known }
                let found = catalog.matches(text)
                matches[text] = found
                return found
            },
            broken: { text in broken.filter { $0.expression.match(text) != nil }.map(\.problem) },
            refusal: { text, table, docString in
                let key = RefusalKey(text: text, table: table, docString: docString)
                if let known = refusals[key] { return known }
                let found = catalog.refusal(of: text, table: table, docString: docString)
                refusals[key] = .some(found)
                return found
            }, refusedRun: refusedRun, didYouMean: catalog.didYouMean)
    }

    /// Why no scenario runs while definitions cannot be registered, as each feature file says it.
    private var refusedRun: String? {
        guard let first = definitionProblems.first else { return nil }
        let others = definitionProblems.count > 1 ? " (and \(definitionProblems.count - 1) more)" : ""
        return "No scenario runs: a step definition cannot be registered\(others): \(first)"
    }

    /// Reads a feature file of the project that is not open, here and now: what the scan read
    /// of it before is dropped.
    func readWorkspaceFile(_ url: URL) {
        let uri = url.absoluteString
        scan.settle(uri)
        guard documents[uri] == nil, openReal[uri] == nil else { return }
        land(WorkspaceRead.of(url, style: &style, checks: checks, project: projectFolder), of: url)
    }

    /// Takes what reading a feature file that is not open gave, and publishes its diagnostics.
    private func land(_ read: WorkspaceRead, of url: URL) {
        let uri = url.absoluteString
        // Opened since it was read: the editor's text is newer.
        guard documents[uri] == nil, openReal[uri] == nil else { return }
        switch read {
        case .gone:
            // Gone since it was listed: its problems go with it.
            forget(url)
        case .undecodable(let diagnostic):
            workspace[uri] = nil
            connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [diagnostic]])
        case .checked(let analysis, let diagnostics):
            // Read again as it was (the scan and the editor's file watching both saw it): said once.
            if workspace[uri]?.text == analysis.text { return }
            workspace[uri] = analysis
            connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": diagnostics])
        }
    }

    /// Each Swift file with definitions that could not be registered gets them as errors at
    /// their lines: the runner refuses to run them, and the editor says so where they are.
    private func publishDefinitionProblems() {
        let byFile = Dictionary(grouping: definitionProblems, by: \.location.file)
        for (file, problems) in byFile.sorted(by: { $0.key < $1.key }) {
            let diagnostics = problems.map { problem in
                FeatureAnalysis.diagnostic(
                    line: problem.location.line, column: 1, length: Int(UInt16.max), severity: 1, code: "definition",
                    message: "This step definition cannot be registered, so no scenario runs: \(problem.message)")
            }
            connection.notify(
                "textDocument/publishDiagnostics",
                ["uri": sourceURL(file).absoluteString, "diagnostics": diagnostics])
        }
    }

    // MARK: A rebuilt runner

    /// Starts the rebuilt runner in this process, with the editor's settings and open documents.
    private func handOver(to runner: String) {
        let state: [String: Any] = [
            "initialize": initializeParameters,
            "documents": documents.map { ["uri": $0.key, "text": $0.value.text] },
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specs-lsp-\(getpid()).json")
        guard let data = try? JSONSerialization.data(withJSONObject: state), (try? data.write(to: file)) != nil else {
            return
        }
        setenv(Self.resumeVariable, file.path, 1)
        var arguments = CommandLine.arguments
        arguments[0] = runner
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(runner, pointers)
        // The rebuilt runner could not start: go on serving, and say so.
        for pointer in pointers { free(pointer) }
        unsetenv(Self.resumeVariable)
        try? FileManager.default.removeItem(at: file)
        connection.notify(
            "window/showMessage",
            [
                "type": 1,
                "message": "specs: the rebuilt runner \(runner) could not start (\(errno)); restart the server.",
            ])
    }

    /// Takes over from the runner this one was rebuilt from: its settings and open documents.
    private func resume() {
        guard let path = ProcessInfo.processInfo.environment[Self.resumeVariable] else { return }
        unsetenv(Self.resumeVariable)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let data = FileManager.default.contents(atPath: path),
            let state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return }
        configure(state["initialize"] as? [String: Any] ?? [:])
        for document in state["documents"] as? [[String: Any]] ?? [] {
            if let uri = document["uri"] as? String, let text = document["text"] as? String {
                documents[uri] = OpenDocument(text: text)
            }
        }
        publishDefinitionProblems()
        checkFreshness()
        scanProject()
        connection.notify(
            "window/showMessage", ["type": 3, "message": "specs: the rebuilt runner now serves this editor."])
    }

}
