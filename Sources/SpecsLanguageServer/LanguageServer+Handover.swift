import Foundation

/// A rebuilt runner: it takes over in this process, with the editor's settings and open documents.
extension LanguageServer {
    /// Starts the rebuilt runner in this process, with the editor's settings and open documents.
    func handOver(to runner: String) {
        let state: [String: Any] = [
            "initialize": initializeParameters,
            "documents": documents.map { ["uri": $0.key, "text": $0.value.text] },
        ]
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("specs-lsp-\(getpid()).json")
        guard let data = try? JSONSerialization.data(withJSONObject: state), (try? data.write(to: file)) != nil else {
            return
        }
        setenv(Self.resumeVariable, file.path, 1)
        var arguments = CommandLine.arguments
        arguments[0] = runner
        let pointers = arguments.map { strdup($0) } + [nil]
        execv(runner, pointers)
        // The rebuilt runner could not start: go on serving, and say so.
        for pointer in pointers { free(pointer) }
        unsetenv(Self.resumeVariable)
        try? FileManager.default.removeItem(at: file)
        connection.notify(
            "window/showMessage",
            [
                "type": 1,
                "message": "specs: the rebuilt runner \(runner) could not start (\(errno)); restart the server.",
            ])
    }

    /// Takes over from the runner this one was rebuilt from: its settings and open documents.
    func resume() {
        guard let path = ProcessInfo.processInfo.environment[Self.resumeVariable] else { return }
        unsetenv(Self.resumeVariable)
        defer { try? FileManager.default.removeItem(atPath: path) }
        guard let data = FileManager.default.contents(atPath: path),
            let state = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return }
        configure(state["initialize"] as? [String: Any] ?? [:])
        for document in state["documents"] as? [[String: Any]] ?? [] {
            if let uri = document["uri"] as? String, let text = document["text"] as? String {
                documents[uri] = OpenDocument(text: text)
            }
        }
        publishDefinitionProblems()
        checkFreshness()
        scanProject()
        connection.notify(
            "window/showMessage", ["type": 3, "message": "specs: the rebuilt runner now serves this editor."])
    }
}
