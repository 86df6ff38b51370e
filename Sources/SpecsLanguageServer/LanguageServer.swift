import CucumberExpressions
import Foundation
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
    var matchCache: [ExactText: [StepCatalog.Entry]] = [:]
    /// The arguments each step text seen gives its definition, for semantic tokens.
    var argumentCache: [String: [StepCatalog.ArgumentPlace]] = [:]
    /// Why the runner refuses each step text seen, with or without a table or doc string.
    var refusalCache: [RefusalKey: String?] = [:]
    /// A step text asked of the runner, with or without a table or doc string.
    struct RefusalKey: Hashable {
        let text: ExactText
        let table: Bool
        let docString: Bool
    }
    /// Set by `shutdown`: `exit` then ends the server with 0.
    var shutdownRequested = false
    /// References and workspace symbols asked while the startup scan reads the project: answered at its end.
    var parked = ParkedRequests()
    /// Messages that have arrived whole and wait their turn.
    var pending: [JSONRPCConnection.Incoming] = []
    /// Whether the editor takes snippets (`snippetSupport`): placeholders go to those alone.
    /// Whether the editor takes a completion edit that inserts or replaces (`InsertReplaceEdit`).
    var insertReplace = false
    var snippets = false {
        didSet { completionOffers = catalog.entries.map(completionOffer(for:)) }
    }
    /// What completion inserts for each definition, in the catalog's order, and whether it is
    /// the whole step: worked out once per editor, not on every keystroke.
    private(set) var completionOffers: [CompletionOffer?] = []
    /// The project folder the editor opened.
    var projectFolder: String?
    /// The `initialize` parameters, handed to a rebuilt runner with the open documents.
    var initializeParameters: [String: Any] = [:]
    /// The step definitions and hooks that could not be registered: diagnostics at their Swift lines.
    let definitionProblems: [DefinitionProblem]
    /// Those whose expression compiles once an unknown parameter type reads as any text.
    let brokenExpressions: [(problem: DefinitionProblem, expression: CucumberExpression)]
    let freshness = RunnerFreshness()
    /// Whether the editor watches the project's files and says when they change.
    var clientWatchesFiles = false
    /// The project's feature files as last seen on disk, by real path, and when each changed.
    var diskStamps: [URL: Date] = [:]
    /// Set while Swift sources with step definitions are newer than this runner: said in each open feature file.
    var staleNote: String?
    /// The Swift files with step definitions saved after this runner was built, as last read.
    var unbuiltSources: [DefinitionSource.Unbuilt] = [] {
        didSet { suggestions = SuggestionMemo() }
    }
    /// The "did you mean" of each undefined step text, across full checks (a fresh memo when
    /// what the notes depend on changes: a check under way keeps the one it started with).
    private(set) var suggestions = SuggestionMemo()
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
    var diskLookedAt = Date()
    /// The look at the disk under way while the editor is quiet.
    let diskLook = DiskLook()
    /// The scenarios run for lenses, under way.
    let runs = ScenarioRuns()
    /// The file and line of each run under way, by the request it answers.
    var scenarioRuns: [RequestID: String] = [:]
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
}
