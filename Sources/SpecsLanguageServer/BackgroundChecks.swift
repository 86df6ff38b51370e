import FeatureLint
import Foundation

/// Full checks of open documents (parse, pickles, lint), made one at a time on a thread of
/// their own so that no answer waits for one. Only the newest version of a document is
/// checked: a check an edit has made stale is skipped if it has not started, and dropped
/// when it is done.
final class BackgroundChecks: @unchecked Sendable {
    // `wanted` and `done` are shared with the checking thread, always under `lock`;
    // `running` is the serving thread's alone.
    private let lock = NSLock()
    private var wanted: [String: Int] = [:]
    private var done: [Result] = []
    /// A check done: the analysis, the document's semantic tokens and its diagnostics.
    typealias Result = (
        uri: String, version: Int, analysis: FeatureAnalysis, tokens: DocumentTokens, diagnostics: [[String: Any]]
    )
    private let queue = DispatchQueue(label: "specs.language-server.checks")
    /// The version of each document being checked.
    private(set) var running: [String: Int] = [:]

    /// Whether a check is under way or done and not yet collected.
    var busy: Bool { !running.isEmpty }

    /// Checks version `version` of the document at `uri`, and makes its semantic tokens and
    /// diagnostics with `made`.
    func start(
        uri: String, version: Int, text: String, linter: FeatureLinter,
        made: @escaping @Sendable (FeatureAnalysis) -> (DocumentTokens, [[String: Any]])
    ) {
        running[uri] = version
        lock.withLock { wanted[uri] = version }
        queue.async { [self] in
            Self.yieldToAnswers()
            // A newer version is wanted: this one would be dropped.
            guard lock.withLock({ wanted[uri] == version }) else { return }
            let analysis = FeatureAnalysis.checked(text: text, uri: uri, linter: linter)
            let (tokens, diagnostics) = made(analysis)
            lock.withLock { done.append((uri, version, analysis, tokens, diagnostics)) }
        }
    }

    /// Lowers the checking thread's priority once, so that on a busy machine the thread that
    /// answers the editor gets the processor first.
    static func yieldToAnswers() {
        #if os(Linux)
            // On Linux the calling thread alone (`who` 0) takes the priority.
            let which = __priority_which_t(PRIO_PROCESS.rawValue)
            if getpriority(which, 0) < 10 { _ = setpriority(which, 0, 10) }
        #endif
    }

    /// The checks done since last asked, of the versions still wanted.
    func finished() -> [Result] {
        guard busy else { return [] }
        let results = lock.withLock {
            defer { done.removeAll() }
            return done
        }
        var current: [Result] = []
        for result in results {
            if running[result.uri] == result.version {
                running[result.uri] = nil
                current.append(result)
            }
        }
        return current
    }
}
