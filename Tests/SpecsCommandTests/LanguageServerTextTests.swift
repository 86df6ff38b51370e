import Foundation
import XCTest

/// The language server and text as editors send it, through a real pipe: CRLF documents
/// formatted as `specs format` writes them, byte order marks, frames with a wrong length,
/// positions out of range and cancelled requests (changes it cannot apply:
/// `LanguageServerChangeTests`).
final class LanguageServerTextTests: LanguageServerCase {
    /// `text` with the edits applied back to front, as an editor applies a formatting answer:
    /// positions count UTF-16 units on lines that end at a line feed.
    private static func applying(_ edits: [[String: Any]], to text: String) -> String {
        var units = Array(text.utf16)
        func offset(_ position: Any?) -> Int {
            let position = position as? [String: Any] ?? [:]
            var line = position["line"] as? Int ?? 0
            var index = 0
            while line > 0, index < units.count {
                if units[index] == 10 { line -= 1 }
                index += 1
            }
            return min(units.count, index + (position["character"] as? Int ?? 0))
        }
        let ranges = edits.map { edit -> (Int, Int, String) in
            let range = edit["range"] as? [String: Any] ?? [:]
            return (offset(range["start"]), offset(range["end"]), edit["newText"] as? String ?? "")
        }
        for (start, end, newText) in ranges.sorted(by: { $0.0 > $1.0 }) {
            units.replaceSubrange(start..<end, with: Array(newText.utf16))
        }
        return String(decoding: units, as: UTF16.self)
    }

    func test_formatting_crlfDocument_editsGiveWhatSpecsFormatWrites() throws {
        let text =
            "Feature: Line ends\r\nScenario: one\r\nGiven a step that passes\r\n  Then a step that prints \"x\"\r\n"
            + "Scenario: two\r\n      Given a step that passes\r\n"
        try project.write("Features/crlf.feature", text)
        let formatted = try ExecutableRun.run(
            "misbehaving-specs", ["format", "Features/crlf.feature"], in: project.root)
        XCTAssertEqual(formatted.code, 0, formatted.err)
        let expected = try String(
            contentsOf: project.root.appendingPathComponent("Features/crlf.feature"), encoding: .utf8)
        XCTAssertNotEqual(expected, text)

        let session = try start()
        try open(session, "Features/crlf.feature", text)
        let reply = try session.response(
            try session.request(
                "textDocument/formatting",
                [
                    "textDocument": ["uri": uri("Features/crlf.feature")],
                    "options": ["tabSize": 2, "insertSpaces": true],
                ]))
        let edits = reply["result"] as? [[String: Any]] ?? []
        XCTAssertFalse(edits.isEmpty, "\(reply)")
        XCTAssertEqual(Self.applying(edits, to: text), expected, "applied, the edits give what `specs format` writes")
        try stop(session)
    }

    func test_formatting_lastLineWithoutLineEndInNeovim_editEndsPastTheLastLineAndGivesWhatSpecsFormatWrites() throws {
        let text = "Feature: x\n\n  Scenario: y\n      Given a step that passes"
        try project.write("Features/noeol.feature", text)
        let formatted = try ExecutableRun.run(
            "misbehaving-specs", ["format", "Features/noeol.feature"], in: project.root)
        XCTAssertEqual(formatted.code, 0, formatted.err)
        let expected = try String(
            contentsOf: project.root.appendingPathComponent("Features/noeol.feature"), encoding: .utf8)
        XCTAssertTrue(expected.hasSuffix("passes\n"), expected)

        let session = try start(clientInfo: ["name": "Neovim", "version": "0.11.4"])
        try open(session, "Features/noeol.feature", text)
        let reply = try session.response(
            try session.request(
                "textDocument/formatting",
                [
                    "textDocument": ["uri": uri("Features/noeol.feature")],
                    "options": ["tabSize": 2, "insertSpaces": true],
                ]))
        let edits = reply["result"] as? [[String: Any]] ?? []
        // Neovim reads an end past the last line as "through the end, final line end included".
        let end = (edits.last?["range"] as? [String: Any])?["end"] as? [String: Int]
        XCTAssertEqual(end, ["line": 4, "character": 0], "\(reply)")
        XCTAssertEqual(Self.applying(edits, to: text), expected, "applied, the edits give what `specs format` writes")
        try stop(session)
    }

    func test_formatting_editorconfigIndentation_editsGiveWhatSpecsFormatWritesAndLintAgrees() throws {
        try project.write(".editorconfig", "root = true\n\n[*.feature]\nindent_style = space\nindent_size = 4\n")
        let text = "Feature: Four\n  Scenario: one\n    Given a step that passes\n"
        try project.write("Features/four.feature", text)
        let formatted = try ExecutableRun.run(
            "misbehaving-specs", ["format", "Features/four.feature"], in: project.root)
        XCTAssertEqual(formatted.code, 0, formatted.err)
        let expected = try String(
            contentsOf: project.root.appendingPathComponent("Features/four.feature"), encoding: .utf8)
        XCTAssertTrue(expected.contains("\n    Scenario: one\n        Given"), expected)
        try project.write("Features/four.feature", text)

        let session = try start()
        // The linter expects the indentation `specs format` writes: two spaces are a finding.
        let found = try session.diagnostics(uri("Features/four.feature")).compactMap { $0["code"] as? String }
        XCTAssertTrue(found.contains("indentation"), "\(found)")
        try open(session, "Features/four.feature", text)
        let reply = try session.response(
            try session.request(
                "textDocument/formatting",
                [
                    "textDocument": ["uri": uri("Features/four.feature")],
                    "options": ["tabSize": 2, "insertSpaces": true],
                ]))
        let edits = reply["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(Self.applying(edits, to: text), expected, "applied, the edits give what `specs format` writes")
        try stop(session)
    }

    func test_byteOrderMark_fromTheWorkspaceAndFromTheEditor_givesNoParseError() throws {
        let text = "\u{FEFF}Feature: Marked\n\n  Scenario: s\n    Given a step that passes\n"
        try project.write("Features/marked.feature", text)
        let session = try start()
        XCTAssertEqual(try session.diagnostics(uri("Features/marked.feature")).count, 0, "read from disk")
        try open(session, "Features/sent.feature", text.replacingOccurrences(of: "\n", with: "\r\n"))
        XCTAssertEqual(try session.diagnostics(uri("Features/sent.feature")).count, 0, "sent by the editor")
        let reply = try session.response(
            try session.request("textDocument/formatting", ["textDocument": ["uri": uri("Features/sent.feature")]]))
        XCTAssertEqual((reply["result"] as? [Any])?.count, 0, "already formatted, the mark kept: \(reply)")
        try stop(session)
    }

    func test_diagnostics_lintAndParseErrorsAfterAstralCharacters_countUTF16Units() throws {
        let session = try start()
        try open(
            session, "Features/lint.feature", "Feature: 😀𝔘 lint   \n\n  Scenario: s\n    Given a step that passes\n")
        let trailing = try session.diagnostics(uri("Features/lint.feature")).first {
            $0["code"] as? String == "trailing-spaces"
        }
        let start = ((trailing?["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int
        XCTAssertEqual(start, 18, "after `Feature: 😀𝔘 lint` in UTF-16: \(String(describing: trailing))")
        try open(
            session, "Features/broken.feature",
            "Feature: F\n\n  Scenario: s\n    Given a step that passes\n  😀 not gherkin\n")
        let error = try session.diagnostics(uri("Features/broken.feature")).first {
            $0["code"] as? String == "parse-error"
        }
        let range = error?["range"] as? [String: [String: Int]]
        XCTAssertEqual(range?["start"]?["character"], 2, "\(String(describing: error))")
        XCTAssertEqual(range?["end"]?["character"], 4, "the whole emoji, not half of it")
        try stop(session)
    }

    func test_diagnostics_fileEndingTooEarly_rangeInsideTheDocument() throws {
        let session = try start()
        // An unclosed doc string: the parser tells the end of the file, a line past the last.
        let texts = [
            "ended.feature": "Feature: F\n  Scenario: s\n    Given a step that passes\n      \"\"\"\n      text\n",
            "unended.feature": "Feature: F\n  Scenario: s\n    Given a step that passes\n      \"\"\"\n      text",
            "crlf.feature":
                "Feature: F\r\n  Scenario: s\r\n    Given a step that passes\r\n      \"\"\"\r\n      text\r\n",
        ]
        for (name, text) in texts.sorted(by: { $0.key < $1.key }) {
            try open(session, "Features/\(name)", text)
            let error = try session.diagnostics(uri("Features/\(name)")).first {
                $0["code"] as? String == "parse-error"
            }
            let range = error?["range"] as? [String: [String: Int]]
            let lines = text.replacingOccurrences(of: "\r\n", with: "\n").split(
                separator: "\n", omittingEmptySubsequences: false)
            for end in ["start", "end"] {
                let line = try XCTUnwrap(range?[end]?["line"], "\(name): \(String(describing: error))")
                let character = try XCTUnwrap(range?[end]?["character"])
                XCTAssertLessThan(line, lines.count, "\(name): \(end) past the last line: \(String(describing: error))")
                if line < lines.count {
                    XCTAssertLessThanOrEqual(
                        character, lines[line].utf16.count,
                        "\(name): \(end) past its line's end: \(String(describing: error))")
                }
            }
        }
        try stop(session)
    }

    func test_diagnostics_fileWithAParseError_showWhatSpecsLintShows() throws {
        let text =
            "Feature: lint   \n\n  Scenario: one\n    Given a step that passes  \n\n  Scenario: one\n"
            + "    Given a step that passes\n  oops not gherkin\n"
        try project.write("Features/unparsed.feature", text)
        let lint = try ExecutableRun.run("misbehaving-specs", ["lint", "Features/unparsed.feature"], in: project.root)
        let expected = Set(
            lint.out.split(separator: "\n").filter { $0.contains("unparsed.feature:") }.map { line in
                let parts = line.split(separator: ":")
                return "\(parts[1]):\(parts[2]) \(line.split(separator: "[").last?.dropLast() ?? "")"
            })
        XCTAssertTrue(expected.contains { $0.hasSuffix("trailing-spaces") }, "\(lint.out)")
        let session = try start()
        try open(session, "Features/unparsed.feature", text)
        let shown = Set(
            try session.diagnostics(uri("Features/unparsed.feature")).map { diagnostic in
                let start = (diagnostic["range"] as? [String: Any])?["start"] as? [String: Int] ?? [:]
                return "\((start["line"] ?? -1) + 1):\((start["character"] ?? -1) + 1) \(diagnostic["code"] ?? "")"
            })
        XCTAssertEqual(shown, expected)
        try stop(session)
    }

    func test_frames_wrongContentLength_areRecoveredFrom() throws {
        let session = try start()
        func frame(_ object: [String: Any], lengthOff: Int) throws -> Data {
            let body = try JSONSerialization.data(withJSONObject: object)
            return Data("Content-Length: \(body.count + lengthOff)\r\n\r\n".utf8) + body
        }
        let hover: [String: Any] = [
            "textDocument": ["uri": uri("Features/none.feature")], "position": ["line": 0, "character": 0],
        ]
        // Too long: the body runs into the next message's header, which is read as it is.
        session.sendRawFramed(
            try frame(["jsonrpc": "2.0", "id": 101, "method": "textDocument/hover", "params": hover], lengthOff: 12)
                + frame(["jsonrpc": "2.0", "id": 102, "method": "textDocument/hover", "params": hover], lengthOff: 0))
        XCTAssertNotNil(try session.response(101)["result"])
        XCTAssertNotNil(try session.response(102)["result"])
        // Too short: an error for the broken message, and the next one is answered.
        session.sendRawFramed(
            try frame(["jsonrpc": "2.0", "id": 103, "method": "textDocument/hover", "params": hover], lengthOff: -7)
                + frame(["jsonrpc": "2.0", "id": 104, "method": "textDocument/hover", "params": hover], lengthOff: 0))
        XCTAssertNotNil(try session.response(104)["result"])
        XCTAssertTrue(session.notifications.contains { ($0["error"] as? [String: Any])?["code"] as? Int == -32700 })
        // Too long, and nothing behind it: the whole message is read once nothing more comes.
        session.sendRawFramed(
            try frame(["jsonrpc": "2.0", "id": 105, "method": "textDocument/hover", "params": hover], lengthOff: 40))
        XCTAssertNotNil(try session.response(105)["result"])
        try stop(session)
    }

    func test_positions_outOfRange_areAnsweredWithAnErrorAndTheServerGoesOn() throws {
        let session = try start()
        try open(session, "Features/short.feature", "Feature: F\n  Scenario: s\n    Given a step that passes\n")
        for position in [["line": 2, "character": -1], ["line": 40, "character": 0], ["line": -3, "character": 2]] {
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/definition"] {
                let reply = try session.response(
                    try session.request(
                        method, ["textDocument": ["uri": uri("Features/short.feature")], "position": position]))
                XCTAssertEqual((reply["error"] as? [String: Any])?["code"] as? Int, -32602, "\(method) \(position)")
            }
        }
        let hover = try session.response(
            try session.request(
                "textDocument/hover",
                ["textDocument": ["uri": uri("Features/short.feature")], "position": ["line": 2, "character": 500]]))
        XCTAssertNotNil(hover["result"], "past a line's end is its end, as the protocol has it")
        try stop(session)
    }

    func test_codeAction_rangeOutOfRangeOrMalformed_isAnsweredWithInvalidParams() throws {
        let session = try start()
        try open(session, "Features/short.feature", "Feature: F\n  Scenario: s\n    Given a step that passes\n")
        let positions: [[String: Any]] = [
            ["line": -1, "character": 0], ["line": 0, "character": -1], ["line": 9999, "character": 0],
            ["line": "3", "character": 0],
        ]
        for position in positions {
            let reply = try session.response(
                try session.request(
                    "textDocument/codeAction",
                    [
                        "textDocument": ["uri": uri("Features/short.feature")],
                        "range": ["start": position, "end": position], "context": ["diagnostics": [] as [Any]],
                    ]))
            XCTAssertEqual((reply["error"] as? [String: Any])?["code"] as? Int, -32602, "\(position): \(reply)")
        }
        let fine = try session.response(
            try session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri("Features/short.feature")],
                    "range": ["start": ["line": 2, "character": 4], "end": ["line": 2, "character": 4]],
                    "context": ["diagnostics": [] as [Any]],
                ]))
        XCTAssertNotNil(fine["result"], "\(fine)")
        try stop(session)
    }

    func test_cancelRequest_beforeTheAnswer_isAnsweredAsCancelled() throws {
        let session = try start()
        try open(session, "Features/c.feature", "Feature: F\n  Scenario: s\n    Given a step that passes\n")
        var bytes = Data()
        for message: [String: Any] in [
            [
                "jsonrpc": "2.0", "id": 7, "method": "workspace/symbol", "params": ["query": ""],
            ],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 7]],
            ["jsonrpc": "2.0", "id": 8, "method": "workspace/symbol", "params": ["query": ""]],
        ] {
            let body = try JSONSerialization.data(withJSONObject: message)
            bytes += Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        }
        session.sendRawFramed(bytes)
        XCTAssertEqual((try session.response(7)["error"] as? [String: Any])?["code"] as? Int, -32800)
        XCTAssertNotNil(try session.response(8)["result"])
        try stop(session)
    }
}
