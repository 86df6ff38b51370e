import FeatureLint
import Foundation
import Locking

/// Full checks of open documents (parse, pickles, lint), made one at a time on a thread of
/// their own so that no answer waits for one. Only the newest version of a document is
/// checked: a check an edit has made stale is skipped if it has not started, and dropped
/// when it is done.
final class BackgroundChecks: Sendable {
    /// A check done: the analysis, the document's semantic tokens and its diagnostics (written as JSON).
    typealias Result = (
        uri: String, version: Int, analysis: FeatureAnalysis, tokens: DocumentTokens, diagnostics: KeptDiagnostics
    )
    private struct State {
        /// The version of each document to check: an older one is skipped.
        var wanted: [String: Int] = [:]
        /// The checks done and not yet collected.
        var done: [Result] = []
        /// The version of each document being checked.
        var running: [String: Int] = [:]
    }
    private let state = Locked(State())
    private let queue = DispatchQueue(label: "specs.language-server.checks")

    /// The version of each document being checked.
    var running: [String: Int] { state.withLock { $0.running } }

    /// Whether a check is under way or done and not yet collected.
    var busy: Bool { state.withLock { !$0.running.isEmpty } }

    /// Checks version `version` of the document at `uri`, and makes its semantic tokens and
    /// diagnostics with `made`.
    func start(
        uri: String, version: Int, text: String, linter: FeatureLinter,
        made: @escaping @Sendable (FeatureAnalysis) -> (DocumentTokens, KeptDiagnostics)
    ) {
        state.withLock {
            $0.running[uri] = version
            $0.wanted[uri] = version
        }
        queue.async { [state] in
            Self.yieldToAnswers()
            // A newer version is wanted: this one would be dropped.
            guard state.withLock({ $0.wanted[uri] == version }) else { return }
            let analysis = FeatureAnalysis.checked(text: text, uri: uri, linter: linter)
            let (tokens, diagnostics) = made(analysis)
            state.withLock { $0.done.append((uri, version, analysis, tokens, diagnostics)) }
        }
    }

    /// Lowers the calling thread's priority once, so that on a busy machine the thread that
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
        state.withLock { state in
            guard !state.running.isEmpty else { return [] }
            let results = state.done
            state.done.removeAll()
            var current: [Result] = []
            for result in results where state.running[result.uri] == result.version {
                state.running[result.uri] = nil
                current.append(result)
            }
            return current
        }
    }
}
