import Foundation
import XCTest

/// The language server in a scratch project of the test's own, through a real pipe: started
/// on the project as an editor starts it, documents opened, and stopped as the protocol asks.
class LanguageServerCase: XCTestCase {
    typealias Session = LanguageServerSession
    var project: ScratchProject!
    /// What the server said it provides, in its answer to `initialize`.
    var capabilities: [String: Any] = [:]

    override func setUpWithError() throws {
        project = try ScratchProject("specs-lsp-\(type(of: self))")
    }

    override func tearDown() {
        project.remove()
    }

    /// A server (this package's fixture runner unless `executable` says otherwise) that the
    /// editor has initialized on `root`, the project's folder unless given.
    func start(
        executable: String? = nil, root: URL? = nil, environment: [String: String] = [:],
        capabilities editor: [String: Any] = [:], clientInfo: [String: Any]? = nil
    ) throws -> Session {
        let session = try Session(executable: executable, environment: environment)
        var params: [String: Any] = [
            "capabilities": editor,
            "workspaceFolders": [["uri": (root ?? project.root).absoluteString, "name": "project"]],
        ]
        params["clientInfo"] = clientInfo
        let initialized = try session.response(try session.request("initialize", params))
        capabilities = (initialized["result"] as? [String: Any])?["capabilities"] as? [String: Any] ?? [:]
        try session.notify("initialized", [:])
        return session
    }

    /// The URI of `path` under the project.
    func uri(_ path: String) -> String { project.root.appendingPathComponent(path).absoluteString }

    /// Opens the document at `path` with `text`, at version 1.
    func open(_ session: Session, _ path: String, _ text: String) throws {
        try session.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri(path), "languageId": "cucumber", "version": 1, "text": text]])
    }

    /// Shuts the server down and makes it exit, as it should, with 0.
    func stop(_ session: Session) throws {
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
        session.process.waitUntilExit()
        XCTAssertEqual(session.process.terminationStatus, 0)
    }

    /// Each diagnostic as `line code`, sorted.
    static func codes(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.map {
            "\((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] ?? -1) \($0["code"] ?? "")"
        }.sorted()
    }
}
