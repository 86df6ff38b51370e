import Foundation

extension LanguageServer {
    // MARK: The files on disk

    /// A Swift file a definition names: relative names from the package, else the working folder.
    func sourceURL(_ file: String) -> URL {
        if file.hasPrefix("/") { return URL(fileURLWithPath: file) }
        if let projectFolder, FileManager.default.fileExists(atPath: projectFolder + "/" + file) {
            return URL(fileURLWithPath: projectFolder + "/" + file)
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath + "/" + file)
    }

    /// The URI of the file a URI names, symbolic links resolved: one document per real file.
    func realURI(_ uri: String) -> String {
        guard let url = URL(string: uri), url.isFileURL else { return uri }
        return url.resolvingSymlinksInPath().standardizedFileURL.absoluteString
    }

    /// Asks the editor to watch the project's feature files and Swift sources when it can
    /// (`workspace/didChangeWatchedFiles` with dynamic registration); else the server looks
    /// at the disk itself while the editor is quiet.
    func watchFiles(_ params: [String: Any]) {
        let workspace = (params["capabilities"] as? [String: Any])?["workspace"] as? [String: Any]
        let watched = workspace?["didChangeWatchedFiles"] as? [String: Any]
        guard watched?["dynamicRegistration"] as? Bool == true else { return }
        clientWatchesFiles = true
        connection.send([
            "jsonrpc": "2.0", "id": "specs-watch", "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": "specs-watch", "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": [
                            "watchers": [["globPattern": "**/*.feature"], ["globPattern": "**/*.swift"]]
                        ],
                    ]
                ]
            ],
        ])
    }

    /// Files the editor saw created (1), changed (2) or deleted (3).
    func filesChanged(_ changes: [(uri: String, type: Int)]) {
        var swift = false
        for (uri, type) in changes {
            guard let url = URL(string: uri), url.isFileURL else { continue }
            if url.pathExtension == "swift" {
                swift = true
            } else if url.pathExtension == "feature" {
                let real = URL(string: realURI(uri)) ?? url
                // Read now, or forgotten: the scan of the project need not read it again.
                scan.settle(real.absoluteString)
                scan.settle(url.absoluteString)
                if type == 3 {
                    forget(url.standardizedFileURL)
                    if real != url { forget(real) }
                } else if isInProject(real) {
                    diskStamps[real] = Self.modified(real)
                    readWorkspaceFile(real)
                }
            }
        }
        if swift { checkFreshness() }
    }

    /// Looks at the disk while the editor is quiet: feature files created, changed or
    /// deleted (unless the editor watches them), Swift sources changed after this runner was built.
    func lookAtDisk() {
        checkFreshness()
        // The scan under way finds the files first.
        guard !clientWatchesFiles, !scan.scanning, let projectFolder else { return }
        diskLook.start(folder: projectFolder)
    }

    /// Checks again the feature files a look at the disk found created or changed, and
    /// forgets those it found deleted.
    func collectDiskLook() {
        guard let now = diskLook.finished() else { return }
        for (url, stamp) in now where diskStamps[url] != stamp {
            diskStamps[url] = stamp
            readWorkspaceFile(url)
        }
        for url in diskStamps.keys where now[url] == nil { forget(url) }
    }

    /// A feature file deleted: out of references and symbols, its problems gone.
    func forget(_ url: URL) {
        let uri = url.absoluteString
        scan.settle(uri)
        diskStamps[url] = nil
        guard workspace.removeValue(forKey: uri) != nil, documents[uri] == nil else { return }
        connection.notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": []])
    }

    static func modified(_ url: URL) -> Date {
        (try? url.resourceValues(forKeys: [.contentModificationDateKey]))?.contentModificationDate ?? .distantPast
    }

    // MARK: Definitions newer than the runner

    /// Notes, in each open feature file, that Swift sources with step definitions changed
    /// after this runner was built; the note goes once the runner is built again.
    func checkFreshness() {
        let files = Set(catalog.entries.map { sourceURL($0.location.file).path })
        let stale = freshness.staleSources(files)
        let note: String? = stale.first.map { newest in
            let name = URL(fileURLWithPath: newest).lastPathComponent
            let others = stale.count > 1 ? " and \(stale.count - 1) other file(s)" : ""
            return "\(name)\(others) changed after this runner was built: steps are checked against the "
                + "definitions it was built with. Build again (swift build); the server takes the new runner up by itself."
        }
        let unbuilt = stale.compactMap { path in
            swiftText(URL(fileURLWithPath: path)).map { text in
                let definitions = catalog.entries.filter { sourceURL($0.location.file).path == path }
                return DefinitionSource.Unbuilt(
                    name: URL(fileURLWithPath: path).lastPathComponent, text: text,
                    registry: DefinitionSource.insertionPoint(
                        for: definitions.map { ($0.expression, $0.location.line) }, in: text)?.registry)
            }
        }
        guard note != staleNote || unbuilt != unbuiltSources else { return }
        unbuiltSources = unbuilt
        let first = staleNote == nil
        staleNote = note
        if let note, first { connection.notify("window/showMessage", ["type": 2, "message": "specs: " + note]) }
        for uri in documents.keys { documents[uri]?.analysis = nil }
    }

    /// The note at a feature file's first heading that its steps are checked against older definitions.
    func staleDiagnostic(_ analysis: FeatureAnalysis) -> [String: Any]? {
        guard let staleNote, documents[analysis.uri] != nil else { return nil }
        let feature = analysis.headings.first
        return FeatureAnalysis.diagnostic(
            line: feature?.line ?? 1, column: feature?.column ?? 1, length: feature?.keywordLength ?? 1,
            severity: 3, code: "stale-runner", message: staleNote)
    }

    /// The package a feature file belongs to when it is not this server's: its steps are
    /// another runner's to check.
    func otherPackage(of uri: String) -> String? {
        guard let projectFolder else { return nil }
        return PackageRoot.other(of: uri, project: projectFolder)
    }
}
