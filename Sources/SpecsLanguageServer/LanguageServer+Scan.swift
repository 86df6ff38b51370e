import Foundation

/// The project's feature files that are not open: the scan when the server starts, and each file read again.
extension LanguageServer {
    /// Reads the project's feature files afresh, on the scan's thread: each published as it
    /// lands while the editor is quiet.
    func scanProject() {
        guard let projectFolder else { return }
        let (catalog, broken, refusedRun, style) = (catalog, brokenExpressions, refusedRun, style)
        let (unbuilt, suggestions) = (unbuiltSources, suggestions)
        scan.start(folder: projectFolder) {
            var style = style
            let checks = Self.checks(
                catalog: catalog, broken: broken, refusedRun: refusedRun, unbuilt: unbuilt, suggestions: suggestions)
            return { WorkspaceRead.of($0, style: &style, checks: checks, project: projectFolder) }
        }
    }

    /// Takes what the scan has found: the files' stamps once, then one file read, published
    /// unless the document is open or was read here since. Whether a file was taken.
    func collectScan() -> Bool {
        if let stamps = scan.takeStamps() {
            diskStamps.merge(stamps) { here, _ in here }
        }
        guard let file = scan.next() else { return false }
        land(file.read, of: file.url)
        return true
    }

    /// Whether a file is under the project's folder, symbolic links resolved.
    func isInProject(_ url: URL) -> Bool {
        guard let projectFolder else { return false }
        return url.resolvingSymlinksInPath().standardizedFileURL.path.hasPrefix(PackageRoot.real(projectFolder) + "/")
    }

    /// Every analysis of the project: open documents as edited, the others as on disk. A
    /// document out of step with its editor (`OpenDocument.outOfStep`) has none to give.
    func allAnalyses() -> [FeatureAnalysis] {
        for (uri, document) in documents where document.analysis == nil && document.outOfStep == nil {
            _ = analysis(of: uri)
        }
        scan.finish()
        while collectScan() {}
        return documents.values.filter { $0.outOfStep == nil }.compactMap(\.analysis)
            + workspace.filter { documents[$0.key] == nil && openReal[$0.key] == nil }.map(\.value)
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
}
