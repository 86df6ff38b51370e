import Foundation
import SpecsRunner

/// The editor's `initialize`: the project it opened, what it can take, and what the server offers.
extension LanguageServer {
    /// The folder of the project the editor opened, as `initialize` names it.
    static func projectFolder(_ params: [String: Any]) -> String? {
        let folders = (params["workspaceFolders"] as? [[String: Any]])?.compactMap { $0["uri"] as? String } ?? []
        let uri = folders.first ?? (params["rootUri"] as? String)
        if let uri, let url = URL(string: uri), url.isFileURL { return url.path }
        return params["rootPath"] as? String
    }

    /// What the server offers, in its answer to `initialize`.
    static var initializeResult: [String: Any] {
        [
            "capabilities": [
                "textDocumentSync": ["openClose": true, "change": 2],
                "completionProvider": ["triggerCharacters": [" "]],
                "definitionProvider": true, "referencesProvider": true, "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentFormattingProvider": true, "documentSymbolProvider": true, "workspaceSymbolProvider": true,
                "semanticTokensProvider": [
                    "legend": ["tokenTypes": tokenTypes, "tokenModifiers": [] as [String]], "full": ["delta": true],
                ],
                "codeLensProvider": ["resolveProvider": false],
                "executeCommandProvider": ["commands": [runScenarioCommand]],
            ], "serverInfo": ["name": "specs", "version": SpecsVersion.current],
        ]
    }

    /// Whether the editor is Neovim, as its `clientInfo` names it: it counts lines and ends
    /// edits its own way (see `EditorLineEnds`, `DocumentEdits.edits`).
    static func isNeovim(_ params: [String: Any]) -> Bool {
        (params["clientInfo"] as? [String: Any])?["name"] as? String == "Neovim"
    }

    /// Whether the editor ends a line at `\n` (and `\r\n`) alone, showing a lone `\r` in its
    /// line, against the protocol: Neovim, and Emacs (eglot counts lines with `forward-line`;
    /// its versions before 1.10 name themselves not at all, later ones `Eglot`; lsp-mode
    /// `emacs`). Another editor that does not name itself is taken for eglot.
    static func countsLineFeedsAlone(_ params: [String: Any]) -> Bool {
        guard let name = (params["clientInfo"] as? [String: Any])?["name"] as? String else { return true }
        return ["neovim", "eglot", "emacs"].contains(name.lowercased())
    }

    /// Takes the editor's settings: whether it takes snippets, and the package it opened.
    func configure(_ params: [String: Any]) {
        initializeParameters = params
        EditorLineEnds.current.loneCarriageReturnEndsLine = !Self.countsLineFeedsAlone(params)
        let completion = ((params["capabilities"] as? [String: Any])?["textDocument"] as? [String: Any])?["completion"]
        let item = (completion as? [String: Any])?["completionItem"] as? [String: Any]
        snippets = item?["snippetSupport"] as? Bool ?? false
        insertReplace = item?["insertReplaceSupport"] as? Bool ?? false
        if let folder = PackageRoot.of(folder: Self.projectFolder(params), executable: freshness.executable) {
            projectFolder = folder
            style = ProjectStyle(folder: folder)
        }
    }
}
