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
        for (uri, document) in documents where document.analysis == nil && fullChecks.running[uri] != document.version {
            guard now.timeIntervalSince(document.editedAt) >= Self.checkDelay else { continue }
            publishQuickly(uri)
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
