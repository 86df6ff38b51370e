import Foundation
import XCTest

/// Answers from what the server knows now, through a real pipe: a request that follows an
/// edit is answered from the edited lines, before the document's full check is published.
final class LanguageServerIncrementalTests: LanguageServerCase {
    private static func framed(_ messages: [[String: Any]]) throws -> Data {
        var bytes = Data()
        for message in messages {
            let json = try JSONSerialization.data(withJSONObject: message)
            bytes += Data("Content-Length: \(json.count)\r\n\r\n".utf8) + json
        }
        return bytes
    }

    func test_requestsAfterAnEdit_areAnsweredFromTheEditedLinesBeforeTheFullCheck() throws {
        let session = try start()
        // 2,000 scenarios: a full check takes far longer than answering from the lines.
        let scenarios = (1...2000).map { "\n  Scenario: s\($0)\n    Given a step that passes\n" }.joined()
        let uri = self.uri("Features/large.feature")
        try open(session, "Features/large.feature", "Feature: Large\n" + scenarios)
        XCTAssertEqual(try session.diagnostics(uri).count, 0)

        // A step typed at line 3 (0-based), and at once hover, semantic tokens and completion
        // on it: the edit and the requests arrive together, as an editor sends them.
        let position = ["line": 3, "character": 0]
        let typed = "    And a step that prints \"hi\"\n"
        session.sendRawFramed(
            try Self.framed([
                [
                    "jsonrpc": "2.0", "method": "textDocument/didChange",
                    "params": [
                        "textDocument": ["uri": uri, "version": 2],
                        "contentChanges": [["range": ["start": position, "end": position], "text": typed]],
                    ],
                ],
                [
                    "jsonrpc": "2.0", "id": 101, "method": "textDocument/hover",
                    "params": ["textDocument": ["uri": uri], "position": ["line": 3, "character": 10]],
                ],
                [
                    "jsonrpc": "2.0", "id": 102, "method": "textDocument/semanticTokens/full",
                    "params": ["textDocument": ["uri": uri]],
                ],
                [
                    "jsonrpc": "2.0", "id": 103, "method": "textDocument/completion",
                    "params": ["textDocument": ["uri": uri], "position": ["line": 3, "character": 14]],
                ],
                // A format on save and a lens refresh need the document parsed, not checked.
                [
                    "jsonrpc": "2.0", "id": 104, "method": "textDocument/formatting",
                    "params": ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]],
                ],
                [
                    "jsonrpc": "2.0", "id": 105, "method": "textDocument/codeLens",
                    "params": ["textDocument": ["uri": uri]],
                ],
            ]))
        var answered: [Int] = []
        var order: [String] = []
        while answered.count < 5 {
            let message = try session.receive()
            if let id = message["id"] as? Int {
                answered.append(id)
                order.append("answer \(id)")
                if id == 101 {
                    let value =
                        ((message["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
                    XCTAssertTrue(value?.contains("a step that prints {string}") == true, "\(message)")
                }
                if id == 102 {
                    // The typed step's keyword and its string are coloured at line 3.
                    let data = (message["result"] as? [String: Any])?["data"] as? [Int] ?? []
                    var line = 0
                    var onLine3: [Int] = []
                    for index in stride(from: 0, to: data.count, by: 5) {
                        line += data[index]
                        if line == 3 { onLine3.append(data[index + 3]) }
                    }
                    XCTAssertEqual(onLine3, [0, 2], "\(data.prefix(30))")
                }
            } else if message["method"] as? String == "textDocument/publishDiagnostics" {
                order.append("diagnostics")
            }
        }
        XCTAssertEqual(Set(answered), [101, 102, 103, 104, 105])
        // The completion was not kept behind the whole document's tokens.
        XCTAssertLessThan(try XCTUnwrap(answered.firstIndex(of: 103)), try XCTUnwrap(answered.firstIndex(of: 102)))
        XCTAssertFalse(order.contains("diagnostics"), "answered before the full check: \(order)")
        // The full check follows, of the edited text.
        XCTAssertEqual(try session.diagnostics(uri).count, 0)
        try stop(session)
    }

    func test_diagnosticsAfterAnEdit_arePublishedBeforeTheFullCheckAndEqualIt() throws {
        let session = try start()
        // A misspelt keyword at line 4 (0-based) and 2,000 scenarios after it.
        let scenarios = (1...2000).map { "\n  Scenario: s\($0)\n    Given a step that passes\n" }.joined()
        let uri = self.uri("Features/large.feature")
        try open(
            session, "Features/large.feature",
            "Feature: Large\n\n  Scenario: s0\n    Given a step that passes\n    Givn a step that passes\n" + scenarios)
        let opened = try session.diagnostics(uri)
        XCTAssertEqual(opened.map(Self.summary).filter { $0.hasPrefix("4 parse-error") }.count, 1, "\(opened)")

        // The keyword corrected, and an undefined step typed further down: one edit.
        func at(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [
                    ["range": ["start": at(4, 4), "end": at(4, 8)], "text": "Given"],
                    ["range": ["start": at(8, 0), "end": at(8, 0)], "text": "    And nothing defines this\n"],
                ],
            ])
        // Published within the pause, before the full check: the undefined step, no parse error.
        let quick = try session.diagnostics(uri).map(Self.summary).sorted()
        XCTAssertTrue(quick.contains { $0.hasPrefix("8 undefined") }, "\(quick)")
        XCTAssertFalse(quick.contains { $0.contains("parse-error") }, "\(quick)")
        // The full check lands: it says the same (and so publishes nothing again, or the same).
        for full in try publishedUntilTheFullCheck(session, uri) {
            XCTAssertEqual(quick, full.map(Self.summary).sorted())
        }
        try stop(session)
    }

    /// A full check that finds what was published as the editor paused publishes nothing
    /// again (an editor reads each list whole: megabytes in a file of thousands of undefined
    /// steps); one that finds more (a parse error the pause could not see) publishes it.
    func test_fullCheck_findingWhatWasPublishedAtThePause_publishesNothingAgain() throws {
        let session = try start()
        let uri = self.uri("Features/twice.feature")
        try open(
            session, "Features/twice.feature",
            "Feature: Twice\n\n  Scenario: one\n    Given a step that passes\n\n  Scenario: two\n"
                + "    Given a step that passes\n    And nothing defines this\n")
        /// A diagnostic's line and code.
        func brief(_ diagnostic: [String: Any]) -> String {
            Self.summary(diagnostic).split(separator: " ").prefix(2).joined(separator: " ")
        }
        XCTAssertEqual(try session.diagnostics(uri).map(brief), ["7 undefined"])
        func at(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
        func edit(_ version: Int, _ line: Int, _ text: String, replacing end: Int? = nil) throws {
            try session.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": uri, "version": version],
                    "contentChanges": [["range": ["start": at(line, 0), "end": at(end ?? line, 0)], "text": text]],
                ])
        }
        // An undefined step typed above the one there: both published at the pause, in line order.
        try edit(2, 4, "    And nothing defines that\n")
        XCTAssertEqual(try session.diagnostics(uri).map(brief), ["4 undefined", "8 undefined"])
        XCTAssertEqual(
            try publishedUntilTheFullCheck(session, uri).map { $0.map(brief) }, [], "the full check found the same")

        // A keyword misspelt: the pause publishes what it knows, the full check the misspelling too.
        try edit(3, 3, "    Givn a step that passes\n", replacing: 4)
        let paused = try session.diagnostics(uri).map(brief)
        XCTAssertFalse(paused.contains { $0.hasPrefix("3 ") }, "\(paused)")
        let full = try publishedUntilTheFullCheck(session, uri).map { $0.map(brief) }
        XCTAssertEqual(full.count, 1, "\(full)")
        XCTAssertTrue(full.first?.contains { $0.hasPrefix("3 ") } == true, "\(full)")
        try stop(session)
    }

    func test_semanticTokensDelta_afterAnEdit_givesTheTokensOfTheEditedText() throws {
        let session = try start()
        let provider = capabilities["semanticTokensProvider"] as? [String: Any]
        XCTAssertEqual((provider?["full"] as? [String: Any])?["delta"] as? Bool, true)
        let scenarios = (1...200).map { "\n  Scenario: s\($0)\n    Given a step that prints \"s\($0)\"\n" }.joined()
        let text = "Feature: Tokens\n" + scenarios
        let uri = self.uri("Features/tokens.feature")
        try open(session, "Features/tokens.feature", text)
        func tokens(_ method: String, _ uri: String, previous: String? = nil) throws -> [String: Any] {
            try Self.tokens(session, method, uri, previous: previous)
        }
        let first = try tokens("textDocument/semanticTokens/full", uri)
        var data = try XCTUnwrap(first["data"] as? [Int])
        let resultId = try XCTUnwrap(first["resultId"] as? String)

        // A step typed on a new line 3, a line removed further down, a heading renamed.
        func at(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
        let changes: [(start: [String: Any], end: [String: Any], text: String)] = [
            (at(3, 0), at(3, 0), "    And a step that prints \"new\"\n"),
            (at(100, 0), at(101, 0), ""),
            (at(200, 2), at(200, 11), "Example:"),
        ]
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": changes.map { ["range": ["start": $0.start, "end": $0.end], "text": $0.text] },
            ])
        let delta = try tokens("textDocument/semanticTokens/full/delta", uri, previous: resultId)
        XCTAssertNil(delta["data"], "an edit of the tokens, not all of them")
        for edit in try XCTUnwrap(delta["edits"] as? [[String: Any]]) {
            let start = try XCTUnwrap(edit["start"] as? Int)
            let count = try XCTUnwrap(edit["deleteCount"] as? Int)
            data.replaceSubrange(start..<(start + count), with: edit["data"] as? [Int] ?? [])
        }

        // The same text opened as another document, its tokens made from scratch.
        var edited = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        edited.insert("    And a step that prints \"new\"", at: 3)
        edited.remove(at: 100)
        edited[200] = "  Example:" + edited[200].dropFirst(11)
        let other = self.uri("Features/other.feature")
        try open(session, "Features/other.feature", edited.joined(separator: "\n"))
        XCTAssertEqual(data, try tokens("textDocument/semanticTokens/full", other)["data"] as? [Int])
        // An edit of tokens the server no longer has: all of them.
        let unknown = try tokens("textDocument/semanticTokens/full/delta", uri, previous: "0")
        XCTAssertEqual(unknown["data"] as? [Int], data)
        try stop(session)
    }

    /// Edits that change what every line means (a `# language:` header typed, changed or
    /// removed; a doc string opened): each delta, applied, gives the tokens of the text made
    /// from scratch.
    func test_semanticTokensDelta_afterEditsThatChangeEveryLinesMeaning_givesTheTokensOfTheEditedText() throws {
        let session = try start()
        func tokens(_ method: String, _ uri: String, previous: String? = nil) throws -> [String: Any] {
            try Self.tokens(session, method, uri, previous: previous)
        }
        func at(_ line: Int, _ character: Int) -> [String: Any] { ["line": line, "character": character] }
        // Each document with its edits: (start line, start character, end line, end character,
        // new text). Each text parses.
        let documents: [(name: String, text: String, edits: [(Int, Int, Int, Int, String)])] = [
            // In French, `Scenario:` is a line of the feature's description; in English, a
            // heading (and `Scénario:` the description of its scenario).
            (
                "language",
                "# language: fr\nFonctionnalité: Tokens\n  Scenario: described\n\n  Scénario: un\n"
                    + "    * a step that prints \"x\"\n      \"\"\"\n      text\n      \"\"\"\n    * a step that passes\n",
                [
                    (0, 12, 1, 14, "en\nFeature"),  // the dialect changed with the feature's keyword
                    (7, 6, 7, 10, "* a step that passes"),  // a step's words typed inside a doc string
                    (7, 6, 7, 26, "Scenario: inside"),
                    (0, 12, 1, 7, "fr\nFonctionnalité"),  // and back
                    (6, 0, 9, 0, ""),  // the doc string removed
                    (6, 0, 6, 0, "      ```\n      Scenario: two\n      ```\n"),  // another written whole
                ]
            ),
            (
                "headings",
                "Feature: f\n  Background:\n    Given a step that passes\n  Scenario: s\n"
                    + "    When a step that passes\n    Then a step that passes\n",
                [
                    (5, 0, 5, 0, " "),  // a step's indentation: its keyword moves
                    (1, 3, 1, 4, ""),  // `Bakground:`: it and its step are the feature's description
                    (4, 27, 4, 27, "s"),  // an edit elsewhere
                    (1, 3, 1, 3, "c"),  // a Background again
                    (1, 0, 1, 0, "  Given a step\n"),  // a step's words in the feature's description
                ]
            ),
        ]
        for document in documents {
            let path = "Features/\(document.name).feature"
            let uri = self.uri(path)
            var text = document.text
            try open(session, path, text)
            let first = try tokens("textDocument/semanticTokens/full", uri)
            var data = try XCTUnwrap(first["data"] as? [Int])
            var resultId = try XCTUnwrap(first["resultId"] as? String)
            for (version, edit) in document.edits.enumerated() {
                let (startLine, startCharacter, endLine, endCharacter, inserted) = edit
                try session.notify(
                    "textDocument/didChange",
                    [
                        "textDocument": ["uri": uri, "version": version + 2],
                        "contentChanges": [
                            [
                                "range": ["start": at(startLine, startCharacter), "end": at(endLine, endCharacter)],
                                "text": inserted,
                            ]
                        ],
                    ])
                text = Self.replacing(in: text, startLine, startCharacter, endLine, endCharacter, with: inserted)
                let delta = try tokens("textDocument/semanticTokens/full/delta", uri, previous: resultId)
                if let whole = delta["data"] as? [Int] {
                    data = whole
                } else {
                    for change in try XCTUnwrap(delta["edits"] as? [[String: Any]]) {
                        let start = try XCTUnwrap(change["start"] as? Int)
                        let count = try XCTUnwrap(change["deleteCount"] as? Int)
                        data.replaceSubrange(start..<(start + count), with: change["data"] as? [Int] ?? [])
                    }
                }
                resultId = try XCTUnwrap(delta["resultId"] as? String)
                let fresh = "Features/fresh-\(document.name)\(version).feature"
                try open(session, fresh, text)
                XCTAssertEqual(
                    data, try tokens("textDocument/semanticTokens/full", self.uri(fresh))["data"] as? [Int],
                    "\(document.name), after edit \(version): \(text)")
            }
        }
        try stop(session)
    }

    /// The answer to a semantic tokens request (`method`) of `uri`, as an edit of the answer
    /// `previous` when given.
    private static func tokens(
        _ session: Session, _ method: String, _ uri: String, previous: String?
    ) throws -> [String: Any] {
        var params: [String: Any] = ["textDocument": ["uri": uri]]
        if let previous { params["previousResultId"] = previous }
        let answer = try session.response(try session.request(method, params))
        return try XCTUnwrap(answer["result"] as? [String: Any], "\(answer)")
    }

    /// `text` with the range (lines and UTF-16 characters, as the protocol counts) replaced.
    private static func replacing(
        in text: String, _ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int,
        with inserted: String
    ) -> String {
        var units = Array(text.utf16)
        func offset(_ line: Int, _ character: Int) -> Int {
            var line = line
            var index = 0
            while line > 0 {
                if units[index] == 10 { line -= 1 }
                index += 1
            }
            return index + character
        }
        units.replaceSubrange(
            offset(startLine, startCharacter)..<offset(endLine, endCharacter), with: Array(inserted.utf16))
        return String(decoding: units, as: UTF16.self)
    }

    /// The diagnostics of `uri` published from now until its full check has surely been made
    /// (the project's symbols ask for every document's), in order.
    private func publishedUntilTheFullCheck(_ session: LanguageServerSession, _ uri: String) throws -> [[[String: Any]]]
    {
        let id = try session.request("workspace/symbol", ["query": ""])
        session.notifications = []
        _ = try session.response(id)
        return session.notifications.compactMap { message in
            guard message["method"] as? String == "textDocument/publishDiagnostics",
                let params = message["params"] as? [String: Any], params["uri"] as? String == uri
            else { return nil }
            return params["diagnostics"] as? [[String: Any]] ?? []
        }
    }

    /// A diagnostic's line, code and message.
    private static func summary(_ diagnostic: [String: Any]) -> String {
        let line = ((diagnostic["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
        return "\(line) \(diagnostic["code"] ?? "") \(diagnostic["message"] ?? "")"
    }
}
