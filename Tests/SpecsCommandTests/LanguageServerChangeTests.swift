import Foundation
import XCTest

/// The language server and changes it cannot apply as the editor meant them (no text, a range
/// that ends before it starts or splits a character, an edit older than the text held): the
/// editor is told once, and the document answers nothing until its whole text comes again.
final class LanguageServerChangeTests: LanguageServerCase {
    /// A server with the feature file `path` open, its text a scenario of one step (to format).
    private func openScenario(
        _ path: String, text: String = "Feature: x\n\n  Scenario: y\n      Given a step that passes\n"
    ) throws -> (session: Session, address: String, text: String) {
        try project.write(path, text)
        let session = try start()
        try open(session, path, text)
        return (session, uri(path), text)
    }

    func test_didChange_changeThatCannotBeRead_isToldAndNothingIsAnsweredFromTheTextUntilItIsWholeAgain() throws {
        let (session, address, text) = try openScenario("Features/changed.feature")
        let formatting: [String: Any] = [
            "textDocument": ["uri": address], "options": ["tabSize": 2, "insertSpaces": true],
        ]
        // A change without its text: the server's copy and the editor's now differ.
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": address, "version": 2],
                "contentChanges": [
                    ["range": ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 0]]]
                ],
            ])
        let shown = try session.notification("window/showMessage")
        let words = (shown["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(words.contains("a content change without text"), words)
        XCTAssertTrue(words.contains("may differ from the editor's"), words)
        let refused = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803, "\(refused)")
        // Nor does the project's outline list what its text here holds.
        let symbols = try session.response(try session.request("workspace/symbol", ["query": "y"]))
        let places = (symbols["result"] as? [[String: Any]] ?? []).map { "\($0["location"] ?? "")" }
        XCTAssertFalse(places.contains { $0.contains("changed.feature") }, "\(symbols)")
        // Changes that are no list are refused as well; the editor's whole text puts it in step again.
        try session.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": address, "version": 3], "contentChanges": ["text": "x"]])
        try session.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": address, "version": 4], "contentChanges": [["text": text]]])
        let answered = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertNil(answered["error"], "\(answered)")
        let listed = try session.response(try session.request("workspace/symbol", ["query": "y"]))
        XCTAssertTrue("\(listed)".contains("changed.feature"), "in step again, it is listed: \(listed)")
        XCTAssertFalse((answered["result"] as? [[String: Any]] ?? []).isEmpty, "\(answered)")
        let logged = session.notifications.filter { $0["method"] as? String == "window/logMessage" }
        XCTAssertEqual(
            logged.compactMap { ($0["params"] as? [String: Any])?["message"] as? String }.filter {
                $0.contains("textDocument/didChange could not be read")
            }.count, 1, "\(logged)")
        try stop(session)
    }

    func test_didChange_rangeEndingBeforeItStarts_isRefusedAndTheDocumentAnswersNothingUntilReopened() throws {
        let (session, address, _) = try openScenario("Features/reversed.feature")
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": address, "version": 2],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 2, "character": 4], "end": ["line": 0, "character": 1]],
                        "text": "x",
                    ]
                ],
            ])
        let shown = try session.notification("window/showMessage")
        let words = (shown["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(words.contains("ends before it starts"), words)
        XCTAssertFalse(words.hasPrefix("specs: "), "editors name the server themselves: \(words)")
        let refused = try session.response(
            try session.request(
                "textDocument/formatting",
                ["textDocument": ["uri": address], "options": ["tabSize": 2, "insertSpaces": true]]))
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803, "\(refused)")
        try stop(session)
    }

    func test_didChange_olderVersionAfterANewerOne_isIgnored() throws {
        let session = try start()
        let base = "Feature: V\n\n  Scenario: s\n    Given a step that passes\n"
        try open(session, "Features/v.feature", base)
        XCTAssertEqual(try session.diagnostics(uri("Features/v.feature")).count, 0)
        for (version, line) in [(5, "    And a step that passes\n"), (4, "    Given an older text\n")] {
            try session.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": uri("Features/v.feature"), "version": version],
                    "contentChanges": [["text": base + line]],
                ])
        }
        let hover = try session.response(
            try session.request(
                "textDocument/hover",
                ["textDocument": ["uri": uri("Features/v.feature")], "position": ["line": 4, "character": 10]]))
        XCTAssertFalse("\(hover)".contains("Undefined"), "the newer text is kept: \(hover)")
        XCTAssertTrue(
            session.notifications.contains {
                $0["method"] as? String == "window/logMessage" && "\($0)".contains("version 4")
            },
            "the older change is logged")
        try stop(session)
    }

    func test_didChange_olderRangeEditAfterANewerOne_takesTheDocumentAsOutOfStep() throws {
        let (session, address, text) = try openScenario("Features/order.feature")
        let formatting: [String: Any] = [
            "textDocument": ["uri": address], "options": ["tabSize": 2, "insertSpaces": true],
        ]
        let at = ["line": 0, "character": 0]
        for version in [5, 4] {
            try session.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": address, "version": version],
                    "contentChanges": [["range": ["start": at, "end": at], "text": "# \(version)\n"]],
                ])
        }
        let shown = try session.notification("window/showMessage")
        XCTAssertTrue("\(shown)".contains("an edit of version 4 came after version 5"), "\(shown)")
        let refused = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803, "\(refused)")
        try session.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": address, "version": 6], "contentChanges": [["text": text]]])
        let answered = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertNil(answered["error"], "\(answered)")
        try stop(session)
    }

    func test_didChange_rangeBetweenTheHalvesOfAnEmoji_takesTheDocumentAsOutOfStep() throws {
        // `😀` is two UTF-16 units: no editor's text has an edit between them, and where it
        // would go here is a guess.
        let (session, address, _) = try openScenario(
            "Features/emoji.feature", text: "Feature: \u{1F600}\n\n  Scenario: y\n      Given a step that passes\n")
        let formatting: [String: Any] = [
            "textDocument": ["uri": address], "options": ["tabSize": 2, "insertSpaces": true],
        ]
        func insert(_ version: Int, at character: Int) throws {
            let at = ["line": 0, "character": character]
            try session.notify(
                "textDocument/didChange",
                [
                    "textDocument": ["uri": address, "version": version],
                    "contentChanges": [["range": ["start": at, "end": at], "text": "!"]],
                ])
        }
        try insert(2, at: 11)  // after the emoji: an ordinary edit
        let answered = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertNil(answered["error"], "\(answered)")
        try insert(3, at: 10)  // between its halves
        let shown = try session.notification("window/showMessage")
        XCTAssertTrue("\(shown)".contains("between the two UTF-16 units of one character"), "\(shown)")
        let refused = try session.response(try session.request("textDocument/formatting", formatting))
        XCTAssertEqual((refused["error"] as? [String: Any])?["code"] as? Int, -32803, "\(refused)")
        try stop(session)
    }
}
