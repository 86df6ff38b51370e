import Foundation

/// Publishing diagnostics: a file's checks with the notes said of it, and the definitions that cannot be registered.
extension LanguageServer {
    /// Publishes a file's diagnostics: those given (made and written with its check), or made now.
    func publish(_ analysis: FeatureAnalysis, diagnostics made: KeptDiagnostics? = nil) {
        let (checks, notes) = checksAndNotes(analysis)
        let diagnostics =
            made ?? KeptDiagnostics(analysis.diagnostics(checks: checks, linter: style.linter(for: analysis.uri)))
        if var document = documents[analysis.uri], document.analysis != nil {
            documents[analysis.uri] = nil
            document.kept = diagnostics
            document.publishedVersion = document.version
            documents[analysis.uri] = document
        }
        send(diagnostics.list(notes: notes), of: analysis.uri)
    }

    /// Publishes an edited document's diagnostics before its full check lands: the last full
    /// check's, moved with the edits, and the undefined and ambiguous steps among those typed
    /// since. A step typed with a placeholder, or whose table or doc string is not known yet,
    /// waits for the full check, so that nothing is shown that it would not show.
    func publishQuickly(_ uri: String) {
        guard let document = documents[uri], document.publishedVersion != document.version,
            let kept = document.kept, let latest = document.latest
        else { return }
        documents[uri]?.publishedVersion = document.version
        let (checks, notes) = checksAndNotes(latest)
        var typed: [[String: Any]] = []
        if checks.checksSteps {
            for step in latest.steps where step.reread && !step.text.contains("<") {
                typed += StepDiagnostics.of(step, checks: checks).filter {
                    $0["code"] as? String != "arguments"
                }
            }
        }
        send(kept.list(notes: notes, adding: typed), of: uri)
    }

    /// Publishes a file's diagnostics, unless they are what was published of the open
    /// document's text as it is: its full check mostly finds what was published as the editor
    /// paused, and an editor reads each list whole (megabytes, in a file of thousands of
    /// undefined steps). After an edit, the first list is always published.
    private func send(_ list: JSONText.Encoded, of uri: String) {
        if let document = documents[uri] {
            // Its text may not be the editor's: what was found in it is not shown.
            guard document.outOfStep == nil else { return }
            if let last = document.publishedDiagnostics, last.version == document.version,
                Self.same(last.bytes, list.bytes)
            {
                return
            }
            documents[uri]?.publishedDiagnostics = (document.version, list.bytes)
        }
        connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": list])
    }

    /// Whether two lists are written alike, byte for byte.
    private static func same(_ one: [UInt8], _ other: [UInt8]) -> Bool {
        guard one.count == other.count else { return false }
        return one.withUnsafeBytes { a in
            other.withUnsafeBytes { b in
                guard let start = a.baseAddress, let otherStart = b.baseAddress else { return true }
                return memcmp(start, otherStart, a.count) == 0
            }
        }
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

    /// Each Swift file with definitions that could not be registered gets them as errors at
    /// their lines: the runner refuses to run them, and the editor says so where they are.
    func publishDefinitionProblems() {
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
}
