import Foundation

/// What the editor says without asking: documents opened, edited and closed, files changed.
extension LanguageServer {
    /// Acts on a notification; an exit code when it is `exit`.
    func notified(_ notification: ClientNotification) -> Int32? {
        switch notification {
        case .initialized:
            watchFiles(initializeParameters)
            publishDefinitionProblems()
            checkFreshness()
            scanProject()
        case .exit:
            endAllRuns(answering: false)
            return shutdownRequested ? 0 : 1
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
            // Its copy read from disk is dropped: when it closes, it is read again and what the
            // disk holds is shown, whatever the editor showed of it meanwhile.
            workspace[uri] = nil
            workspace[real] = nil
        case .didChange(let uri, let version, let changes):
            guard var document = documents[uri] else { return nil }
            // A change older than the text held (sent out of order) would undo newer edits. A
            // whole text is ignored (the newer one is the editor's); an edit of a range made
            // before the newer ones is lost to them: the text here is no longer the editor's.
            if let version, let held = document.editorVersion, version < held {
                if changes.contains(where: { $0.range != nil }) {
                    outOfStep(uri, because: "an edit of version \(version) came after version \(held)")
                    return nil
                }
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
                guard document.apply(change) else {
                    documents[uri] = document
                    outOfStep(
                        uri,
                        because: "an edit's range starts or ends between the two UTF-16 units of one character "
                            + "(an emoji, say)")
                    return nil
                }
                retokenize(&document, after: change)
                // The whole text, as the editor has it: in step again.
                if change.range == nil { document.outOfStep = nil }
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
        case .cancel(let id):
            cancelParked(id)
            cancelRun(id)
        case .didSave, .ignored: break
        }
        return nil
    }
}
