import Foundation
import SpecsRunner

/// The full checks of open documents: started once typing pauses, taken when they end.
extension LanguageServer {
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

    /// The document parsed as it is now, for an answer that needs the whole of it but none of
    /// its diagnostics (formatting, lenses): an edited document is parsed for the answer and
    /// left to its full check off the thread that answers, so that a format on save does not
    /// wait for every step to be matched (seconds in a file of thousands of undefined steps).
    /// A document never checked is checked, and published, as `analysis(of:)` does.
    func parsed(_ uri: String) -> FeatureAnalysis? {
        guard let document = documents[uri] else { return workspace[uri] }
        if let analysis = document.analysis { return analysis }
        guard document.latest != nil else { return analysis(of: uri) }
        return FeatureAnalysis(text: document.text, uri: uri)
    }

    /// What is known of a document now, for answers that must not wait: the last full check
    /// with the edits since applied line by line; a full check only for a document never checked.
    func current(_ uri: String) -> FeatureAnalysis? {
        documents[uri]?.latest ?? analysis(of: uri)
    }

    /// Whether an edited document waits for the editor to pause before its check starts.
    var waitingEdit: Bool {
        documents.values.contains { $0.analysis == nil }
    }

    /// Starts the full check of each document edited and then left alone for `checkDelay`.
    func startChecks() {
        let now = Date()
        for (uri, document) in documents where document.analysis == nil && document.publishedVersion != document.version
        {
            if now.timeIntervalSince(document.editedAt) >= Self.publishDelay(document) { publishQuickly(uri) }
        }
        for (uri, document) in documents where document.analysis == nil && fullChecks.running[uri] != document.version {
            guard now.timeIntervalSince(document.editedAt) >= Self.checkDelay else { continue }
            let catalog = catalog
            let linter = style.linter(for: uri)
            let broken = brokenExpressions
            let refusedRun = refusedRun
            let unbuilt = unbuiltSources
            let suggestions = suggestions
            let checksSteps = otherPackage(of: uri) == nil
            fullChecks.start(uri: uri, version: document.version, text: document.text, linter: linter) {
                // The tokens and diagnostics made with the check, off the thread that answers:
                // what the runner says of each text remembered for this check alone.
                var known: [ExactText: [StepCatalog.ArgumentPlace]] = [:]
                let tokens = DocumentTokens(
                    Self.tokens(of: $0.steps[...], headings: $0.headings[...]) { text in
                        if let found = known[ExactText(text)] { return found }
                        let found = catalog.arguments(of: text)
                        known[ExactText(text)] = found
                        return found
                    })
                var checks = Self.checks(
                    catalog: catalog, broken: broken, refusedRun: refusedRun, unbuilt: unbuilt,
                    suggestions: suggestions)
                checks.checksSteps = checksSteps
                return (tokens, KeptDiagnostics($0.diagnostics(checks: checks, linter: linter)))
            }
        }
    }

    /// How long the editor is quiet before an edited document's diagnostics are published
    /// from what is known (`publishQuickly`): the check's delay, or, for a document with more
    /// than `manyDiagnostics`, a settled pause. An editor reads each list whole (Emacs takes
    /// about half a millisecond a diagnostic), so such a list is not sent at every keystroke.
    static func publishDelay(_ document: OpenDocument) -> TimeInterval {
        (document.kept?.items.count ?? 0) > manyDiagnostics ? settledDelay : checkDelay
    }

    /// More diagnostics than an editor reads at every keystroke without a pause of its own.
    static let manyDiagnostics = 300
    /// The pause after which a long list of diagnostics is published, in seconds.
    static let settledDelay = 0.5

    /// Publishes the checks that have ended, of documents not edited since.
    func collectChecks() {
        for (uri, version, analysis, tokens, diagnostics) in fullChecks.finished() {
            guard var document = documents[uri], document.version == version, document.analysis == nil else {
                continue
            }
            document.checked(analysis, tokens: tokens)
            documents[uri] = document
            publish(analysis, diagnostics: diagnostics)
        }
    }
}
