import Foundation

/// The messages taken in turn, and the work done while the editor is quiet.
extension LanguageServer {
    /// Serves until `exit`; returns the exit code the protocol asks for.
    public func run() -> Int32 {
        RunSignals.endOnSignals(runs)
        resume()
        untilTheEditorSpeaks()
        while var incoming = pending.isEmpty ? connection.next() : pending.removeFirst() {
            // What has arrived whole behind it: a cancellation or a newer edit changes what is due.
            while let more = connection.ready() { pending.append(more) }
            incoming = completionFirst(incoming)
            switch incoming {
            case .malformed(let why): connection.respond(to: nil, error: -32700, "Parse error: \(why)")
            case .message(let message):
                if let code = handle(message) { return code }
            }
            collectChecks()
            collectRuns()
            answerParked()
            if pending.isEmpty { untilTheEditorSpeaks() }
        }
        // The editor has gone: no run outlives the server.
        endAllRuns(answering: false)
        return shutdownRequested ? 0 : 1
    }

    /// A completion asked right behind a request that reads the whole document (semantic
    /// tokens, the outline, lenses), with no edit between them, is answered first: the
    /// keystroke's completion does not wait for the document's colours.
    private func completionFirst(_ incoming: JSONRPCConnection.Incoming) -> JSONRPCConnection.Incoming {
        func method(_ incoming: JSONRPCConnection.Incoming) -> String? {
            guard case .message(let message) = incoming, message["id"] != nil else { return nil }
            return message["method"] as? String
        }
        let wholeDocument: Set = [
            "textDocument/semanticTokens/full", "textDocument/semanticTokens/full/delta", "textDocument/documentSymbol",
            "textDocument/codeLens",
        ]
        guard let first = method(incoming), wholeDocument.contains(first) else { return incoming }
        for (index, next) in pending.enumerated() {
            guard let name = method(next) else { return incoming }
            if name == "textDocument/completion" {
                pending.remove(at: index)
                pending.insert(incoming, at: 0)
                return next
            }
        }
        return incoming
    }

    /// Quiet: the work that waits for a pause, checks collected as they end, and the disk
    /// looked at, until a message comes.
    private func untilTheEditorSpeaks() {
        whilePaused()
        while !shutdownRequested
            && !connection.waitForInput(seconds: busy ? 0.005 : runs.busy ? 0.05 : Self.diskInterval)
        {
            collectChecks()
            collectRuns()
            collectDiskLook()
            if Date().timeIntervalSince(diskLookedAt) >= Self.diskInterval {
                diskLookedAt = Date()
                lookAtDisk()
            }
            whilePaused()
        }
    }

    /// Whether work is under way off the thread that answers, or waits for a pause: its end is
    /// looked for every few milliseconds.
    private var busy: Bool {
        fullChecks.busy || waitingEdit || diskLook.looking || scan.scanning
    }

    /// Work that waits for the editor to pause: checking edited documents, then publishing
    /// the project's other files as the scan reads them, one at a time while no message is
    /// waiting; the references and symbols kept for the scan's end answered once it ends; once
    /// the scan is done, a rebuilt runner takes over.
    private func whilePaused() {
        startChecks()
        while !connection.hasPendingInput {
            // An open document's check starts and is published between the project's files.
            startChecks()
            collectChecks()
            answerParked()
            if collectScan() { continue }
            // A run under way answers its request here: the rebuilt runner takes over after it.
            if !scan.scanning, !shutdownRequested, !runs.busy, let runner = freshness.rebuilt() {
                handOver(to: runner)
            }
            return
        }
    }
}
