/// A request from the editor, its parameters read and checked: what the server answers.
enum ClientRequest {
    case initialize([String: Any])
    case shutdown
    case completion(DocumentPosition)
    case definition(DocumentPosition)
    case references(DocumentPosition)
    case hover(DocumentPosition)
    /// The diagnostics the editor asks quick fixes for, in a range of the document.
    case codeAction(uri: String, range: TextRange, diagnostics: [[String: Any]])
    case formatting(uri: String)
    case documentSymbol(uri: String)
    case workspaceSymbol(query: String)
    /// With the result id of the tokens the editor has when it asks for their edit (`full/delta`).
    case semanticTokens(uri: String, previousResultId: String?)
    case codeLens(uri: String)
    case executeCommand(command: String, arguments: [Any])

    init(method: String, params: [String: Any]) throws(ProtocolError) {
        switch method {
        case "initialize": self = .initialize(params)
        case "shutdown": self = .shutdown
        case "textDocument/completion": self = .completion(try DocumentPosition(params))
        case "textDocument/definition": self = .definition(try DocumentPosition(params))
        case "textDocument/references": self = .references(try DocumentPosition(params))
        case "textDocument/hover": self = .hover(try DocumentPosition(params))
        case "textDocument/codeAction":
            let diagnostics = (params["context"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            self = .codeAction(
                uri: try DocumentURI.of(params), range: try TextRange(params["range"]), diagnostics: diagnostics)
        case "textDocument/formatting": self = .formatting(uri: try DocumentURI.of(params))
        case "textDocument/documentSymbol": self = .documentSymbol(uri: try DocumentURI.of(params))
        case "workspace/symbol": self = .workspaceSymbol(query: params["query"] as? String ?? "")
        case "textDocument/semanticTokens/full":
            self = .semanticTokens(uri: try DocumentURI.of(params), previousResultId: nil)
        case "textDocument/semanticTokens/full/delta":
            self = .semanticTokens(
                uri: try DocumentURI.of(params), previousResultId: params["previousResultId"] as? String ?? "")
        case "textDocument/codeLens": self = .codeLens(uri: try DocumentURI.of(params))
        case "workspace/executeCommand":
            guard let command = params["command"] as? String else { throw .invalidParams("command is missing") }
            self = .executeCommand(command: command, arguments: params["arguments"] as? [Any] ?? [])
        default: throw .methodNotFound(method)
        }
    }

    /// The document the answer describes, when it depends on that document's text.
    var document: String? {
        switch self {
        case .completion(let at), .definition(let at), .references(let at), .hover(let at): at.uri
        case .codeAction(let uri, _, _), .formatting(let uri), .documentSymbol(let uri), .semanticTokens(let uri, _),
            .codeLens(let uri):
            uri
        case .initialize, .shutdown, .workspaceSymbol, .executeCommand: nil
        }
    }

    /// Whether the answer reads every feature file of the project, open or not.
    var readsEveryFile: Bool {
        switch self {
        case .references, .workspaceSymbol: true
        default: false
        }
    }

    /// The places the request is about, checked against the document's lines.
    var positions: [Position] {
        switch self {
        case .completion(let at), .definition(let at), .references(let at), .hover(let at): [at.position]
        case .codeAction(_, let range, _): [range.start, range.end]
        default: []
        }
    }
}

/// A notification from the editor, its parameters read.
enum ClientNotification {
    case initialized
    case exit
    case cancel(RequestID)
    case didOpen(uri: String, text: String, version: Int?)
    /// With the document's version after the changes, when the editor gives it.
    case didChange(uri: String, version: Int?, changes: [TextChange])
    case didClose(uri: String)
    case didSave(uri: String)
    /// Files created (1), changed (2) or deleted (3) on disk, as the editor saw them.
    case didChangeWatchedFiles([(uri: String, type: Int)])
    /// One the server has nothing to do for (`$/setTrace`, settings, an unknown `$/` one).
    case ignored

    init(method: String, params: [String: Any]) throws(ProtocolError) {
        switch method {
        case "initialized": self = .initialized
        case "exit": self = .exit
        case "$/cancelRequest":
            guard let id = RequestID(params["id"]) else { throw .invalidParams("id is missing") }
            self = .cancel(id)
        case "textDocument/didOpen":
            let document = params["textDocument"] as? [String: Any]
            guard let uri = document?["uri"] as? String, let text = document?["text"] as? String else {
                throw .invalidParams("textDocument.uri and textDocument.text are needed")
            }
            self = .didOpen(uri: uri, text: text, version: document?["version"] as? Int)
        case "textDocument/didChange":
            guard let list = params["contentChanges"] as? [Any] else {
                throw .invalidParams("contentChanges is not a list of changes")
            }
            var changes: [TextChange] = []
            for item in list {
                guard let change = item as? [String: Any] else { throw .invalidParams("a content change is no object") }
                changes.append(try TextChange(change))
            }
            let version = (params["textDocument"] as? [String: Any])?["version"] as? Int
            self = .didChange(uri: try DocumentURI.of(params), version: version, changes: changes)
        case "textDocument/didClose": self = .didClose(uri: try DocumentURI.of(params))
        case "textDocument/didSave": self = .didSave(uri: try DocumentURI.of(params))
        case "workspace/didChangeWatchedFiles":
            let changes = (params["changes"] as? [[String: Any]] ?? []).compactMap { change -> (String, Int)? in
                guard let uri = change["uri"] as? String, let type = change["type"] as? Int else { return nil }
                return (uri, type)
            }
            self = .didChangeWatchedFiles(changes)
        default: self = .ignored
        }
    }
}

/// One `contentChanges` entry: a range replaced, or (without a range) the whole text.
struct TextChange {
    let range: TextRange?
    let text: String

    init(range: TextRange?, text: String) {
        self.range = range
        self.text = text
    }

    init(_ object: [String: Any]) throws(ProtocolError) {
        guard let text = object["text"] as? String else { throw .invalidParams("a content change without text") }
        self.text = text
        range = object["range"] == nil ? nil : try TextRange(object["range"])
        if let range, (range.end.line, range.end.character) < (range.start.line, range.start.character) {
            throw .invalidParams("a content change whose range ends before it starts")
        }
    }
}
