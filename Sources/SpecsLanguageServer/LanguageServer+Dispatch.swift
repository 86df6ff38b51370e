import Foundation

/// A request checked, answered or refused; the notifications that make an answer stale.
extension LanguageServer {
    /// Handles one message; an exit code when it is `exit`.
    func handle(_ message: [String: Any]) -> Int32? {
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
                unreadable(method, params, error)
                return nil
            }
        }
        guard let id = RequestID(message["id"]) else {
            connection.respond(to: message["id"], error: -32600, "Invalid Request: an id is a number or a string")
            return nil
        }
        // The protocol ends with `shutdown`: only `exit` is awaited after it.
        guard !shutdownRequested else {
            connection.respond(to: id.json, error: -32600, "Invalid Request: the server is shutting down")
            return nil
        }
        do {
            let request = try ClientRequest(method: method, params: params)
            try check(request, id: id)
            if park(request, id: id) { return nil }
            if case .executeCommand(let command, let arguments) = request {
                // A scenario's run answers when it ends.
                if let result = try runScenario(command, arguments, id: id) {
                    connection.respond(to: id.json, result: result)
                }
                return nil
            }
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

    /// Says that a notification could not be read, which has no answer to carry an error. A
    /// change that could not be applied leaves the document's text out of step with the
    /// editor's: nothing is answered or published from it (a formatting edit of the wrong text
    /// would damage the file) until the editor sends its whole text again, or reopens it.
    private func unreadable(_ method: String, _ params: [String: Any], _ error: ProtocolError) {
        // Editors name the server before its messages: the words do not.
        let words = "\(method) could not be read (\(error.message))"
        if method == "textDocument/didChange", let uri = try? DocumentURI.of(params), documents[uri] != nil {
            outOfStep(uri, because: words)
            return
        }
        connection.notify("window/logMessage", ["type": 1, "message": words])
    }

    /// Takes the open document at `uri` as out of step with its editor (`OpenDocument.outOfStep`),
    /// and tells the editor once, until it is in step again.
    func outOfStep(_ uri: String, because reason: String) {
        guard var document = documents[uri], document.outOfStep == nil else { return }
        documents[uri] = nil
        document.outOfStep = reason
        documents[uri] = document
        let words =
            reason + ": the text of \(uri) here may differ from the editor's, so nothing more is said of it until "
            + "it is reopened (or its whole text sent again)"
        connection.notify(
            "textDocument/publishDiagnostics",
            [
                "uri": uri,
                "diagnostics": [
                    [
                        "range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]],
                        "severity": 1, "source": "specs", "message": words,
                    ] as [String: Any]
                ],
            ])
        connection.notify("window/showMessage", ["type": 1, "message": words])
        connection.notify("window/logMessage", ["type": 1, "message": words])
    }

    /// Refuses a request the editor cancelled, a whole-document one that a newer edit has
    /// made stale, and one at a line the document does not have.
    private func check(_ request: ClientRequest, id: RequestID) throws(ProtocolError) {
        // A cancellation follows its request: it is among the messages waiting behind it.
        if pending.contains(where: { Self.cancels($0, id) }) { throw .cancelled }
        guard let uri = request.document else { return }
        if let reason = documents[uri]?.outOfStep {
            throw .requestFailed(
                "the text of \(uri) here may differ from the editor's since a change that could not be read "
                    + "(\(reason)): reopen it")
        }
        switch request {
        case .semanticTokens, .documentSymbol, .codeLens, .formatting:
            // What has come since: an edit typed meanwhile makes the answer stale before it is given.
            while let more = connection.ready() { pending.append(more) }
            if pending.contains(where: { Self.changes($0, uri) }) { throw .contentModified }
        default: break
        }
        if !request.positions.isEmpty,
            let lines = documents[uri]?.lineCount() ?? workspace[uri].map({ DocumentText.lineCount(of: $0.text) })
        {
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

    /// Refuses an answer about `uri` that an edit which has come meanwhile made stale.
    func refuseIfChanged(_ uri: String) throws(ProtocolError) {
        while let more = connection.ready() { pending.append(more) }
        if pending.contains(where: { Self.changes($0, uri) }) { throw .contentModified }
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
    func answer(_ request: ClientRequest) throws(ProtocolError) -> Any {
        switch request {
        case .initialize(let params):
            configure(params)
            return Self.initializeResult
        case .shutdown:
            shutdownRequested = true
            cancelAllParked()
            endAllRuns(answering: true)
            return NSNull()
        case .completion(let at): return completion(at)
        case .definition(let at): return definition(at)
        case .references(let at): return references(at)
        case .hover(let at): return hover(at)
        case .codeAction(_, _, let diagnostics): return codeActions(diagnostics)
        case .formatting(let uri):
            let edits = try formatting(uri)
            // Edits of the text they were made from: one changed meanwhile makes them wrong.
            try refuseIfChanged(uri)
            return edits
        case .documentSymbol(let uri):
            return current(uri)?.symbols() ?? JSONText.Encoded(bytes: Array("[]".utf8))
        case .workspaceSymbol(let query): return workspaceSymbols(query)
        case .semanticTokens(let uri, let previous): return try semanticTokens(uri, previous: previous)
        case .codeLens(let uri): return codeLenses(uri)
        // Answered by `runScenario`, when the run ends.
        case .executeCommand: return NSNull()
        }
    }
}
