import Foundation
import XCTest

/// The language server's positions counted as the protocol counts lines (`\n`, `\r\n` and a
/// lone `\r` each end one), through the real executable: formatting edits applied as a client
/// exact to the protocol applies them give what `specs format` writes, diagnostics and
/// outlines land on the lines the editor shows, and edits sent by the editor change the text
/// where it meant.
final class LanguageServerLineEndTests: LanguageServerCase {
    /// The UTF-16 offset of each line's start, lines ending at `\n`, `\r\n` or a lone `\r`.
    private static func lineStarts(_ units: [UInt16]) -> [Int] {
        var starts = [0]
        var index = 0
        while index < units.count {
            if units[index] == 13 && index + 1 < units.count && units[index + 1] == 10 { index += 1 }
            if units[index] == 10 || units[index] == 13 { starts.append(index + 1) }
            index += 1
        }
        return starts
    }

    /// `text` with the edits applied back to front as a client exact to the protocol applies
    /// them: a position past the last line, or past its line's end, is a failure.
    private static func applying(
        _ edits: [[String: Any]], to text: String, file: StaticString = #filePath, line: UInt = #line
    ) -> String {
        var units = Array(text.utf16)
        let starts = lineStarts(units)
        func offset(_ position: Any?) -> Int {
            let position = position as? [String: Any] ?? [:]
            let row = position["line"] as? Int ?? -1
            let character = position["character"] as? Int ?? -1
            guard row >= 0, row < starts.count else {
                XCTFail("line \(row) is past the last line (\(starts.count - 1))", file: file, line: line)
                return units.count
            }
            // The line's end, before its line end: none on the last line, two units for `\r\n`.
            var end = units.count
            if row + 1 < starts.count {
                let next = starts[row + 1]
                end = next - (next - 2 >= starts[row] && units[next - 2] == 13 && units[next - 1] == 10 ? 2 : 1)
            }
            XCTAssertLessThanOrEqual(starts[row] + character, end, "character past its line", file: file, line: line)
            return starts[row] + character
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

    /// Waits for the diagnostics of `uri` to be `expected` (as `codes` gives them), up to ten publications.
    private static func awaitDiagnostics(
        _ session: Session, _ uri: String, _ expected: [String], file: StaticString = #filePath, line: UInt = #line
    ) throws {
        var published: [String] = []
        for _ in 0..<10 {
            published = codes(try session.diagnostics(uri))
            if published == expected { return }
        }
        XCTFail("diagnostics \(published), expected \(expected)", file: file, line: line)
    }

    /// What `specs format` writes of `text`, saved at `path`.
    private func specsFormat(_ path: String, _ text: String) throws -> String {
        try project.write(path, text)
        let run = try ExecutableRun.run("misbehaving-specs", ["format", path], in: project.root)
        XCTAssertEqual(run.code, 0, run.err)
        return try String(contentsOf: project.root.appendingPathComponent(path), encoding: .utf8)
    }

    /// The server's answer to `textDocument/formatting` of `path`.
    /// The editor's edit of line `line`, characters `from..<to`, to version 2 of the document.
    private func change(_ session: Session, _ path: String, line: Int, from: Int, to: Int, _ text: String) throws {
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri(path), "version": 2],
                "contentChanges": [
                    [
                        "range": [
                            "start": ["line": line, "character": from], "end": ["line": line, "character": to],
                        ],
                        "text": text,
                    ]
                ],
            ])
    }

    private func format(_ session: Session, _ path: String) throws -> [String: Any] {
        try session.response(
            try session.request(
                "textDocument/formatting",
                ["textDocument": ["uri": uri(path)], "options": ["tabSize": 2, "insertSpaces": true]]))
    }

    func test_formatting_loneCarriageReturns_editsAppliedExactlyGiveWhatSpecsFormatWrites() throws {
        for (name, text) in [
            ("lonecr", "Feature: F\n  Scenario: S\n    Given a\rb\n     And c\n"),
            ("cronly", "Feature: F\r  Scenario: S\r    Given a\r     And c\r"),
            (
                "docstring",
                "Feature: F\n  Scenario: S\n    Given a\n      \"\"\"\n      x\r\r\n      \"\"\"\n     And c\n"
            ),
            ("changedline", "Feature: F\n  Scenario: S\n     Given a\rb\n"),
        ] {
            let path = "Features/\(name).feature"
            let expected = try specsFormat(path, text)
            // An editor that counts lines as the protocol does: a lone `\r` ends one.
            let session = try start(clientInfo: ["name": "Visual Studio Code"])
            try open(session, path, text)
            let reply = try format(session, path)
            let edits = try XCTUnwrap(reply["result"] as? [[String: Any]], "\(reply)")
            XCTAssertEqual(Self.applying(edits, to: text), expected, name)
            if name == "lonecr" {
                // Only the lines that change: the unchanged line with the lone `\r` is in no edit.
                XCTAssertEqual(edits.compactMap { $0["newText"] as? String }, ["\n", "    And c\n"], "\(edits)")
            }
            try stop(session)
        }
    }

    func test_diagnosticsAndOutline_afterALoneCarriageReturn_lieOnTheLinesTheEditorShows() throws {
        // A comment with a lone `\r`: the scenario and its undefined step are one line further
        // down for the editor than for the parser.
        let text = "Feature: F\n  # a note\rgoing on\n  Scenario: S\n    Given nothing defines this\n"
        let session = try start(clientInfo: ["name": "Visual Studio Code"])
        try open(session, "Features/note.feature", text)
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/note.feature"))), ["4 undefined"])
        let symbols = try session.response(
            try session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri("Features/note.feature")]]))
        let feature = try XCTUnwrap((symbols["result"] as? [[String: Any]])?.first, "\(symbols)")
        let scenario = try XCTUnwrap((feature["children"] as? [[String: Any]])?.first)
        let start = (scenario["range"] as? [String: Any])?["start"] as? [String: Int]
        XCTAssertEqual(start, ["line": 3, "character": 0])
        XCTAssertEqual(((feature["range"] as? [String: Any])?["end"] as? [String: Int])?["line"], 5)
        // The editor's edit of that step, at the line it shows it on, defines it.
        try change(session, "Features/note.feature", line: 4, from: 10, to: 30, "a step that passes")
        try Self.awaitDiagnostics(session, uri("Features/note.feature"), [])
        try stop(session)
    }

    func test_diagnosticsAndFormatting_inNeovimAndEmacs_countLineFeedsAloneAsTheyDo() throws {
        for client in [["name": "Neovim", "version": "0.11.4"], ["name": "Eglot"], nil] as [[String: Any]?] {
            try diagnosticsAndFormatting(countingLineFeedsAlone: client)
        }
    }

    /// Neovim and Emacs (eglot, which before 1.10 names itself not at all) show a lone `\r` as
    /// ^M in its line: their lines are the parser's.
    private func diagnosticsAndFormatting(countingLineFeedsAlone client: [String: Any]?) throws {
        let text = "Feature: F\n  # a note\rgoing on\n  Scenario: S\n    Given nothing defines this\n     And c\rd\n"
        let session = try start(clientInfo: client)
        try open(session, "Features/note.feature", text)
        XCTAssertEqual(
            Self.codes(try session.diagnostics(uri("Features/note.feature"))),
            ["3 undefined", "4 indentation", "4 lone-carriage-return", "4 undefined"])
        let edits = try XCTUnwrap(try format(session, "Features/note.feature")["result"] as? [[String: Any]])
        let ranges = edits.compactMap { ($0["range"] as? [String: Any])?["start"] as? [String: Int] }
        XCTAssertEqual(ranges.map { $0["line"] }, [1, 4], "\(edits)")
        XCTAssertFalse(edits.contains { ($0["newText"] as? String ?? "").contains("\r") }, "\(edits)")
        try stop(session)
    }

    func test_formatting_lineEndsMixed_settlesAfterOneFormat() throws {
        let session = try start()
        for (name, text) in [
            ("mixed", "Feature: F\r\n  Scenario: S\n    Given a\r\n      \"\"\"\r\n      x\r\n      \"\"\"\r\n"),
            ("tidy", "Feature: F\r\n\r\n  Scenario: S\n    Given a\r\n      \"\"\"\r\n      x\r\n      \"\"\"\r\n"),
        ] {
            let path = "Features/\(name).feature"
            try open(session, path, text)
            let edits = try XCTUnwrap(try format(session, path)["result"] as? [[String: Any]])
            let once = Self.applying(edits, to: text)
            // Each line keeps the line end it has: an edit of a line end alone would never settle
            // in an editor that shows the file with one line end and the other in its lines.
            XCTAssertTrue(once.contains("  Scenario: S\n    Given a\r\n"), once.debugDescription)
            if name == "tidy" { XCTAssertEqual(edits.count, 0, "\(edits)") }
            try session.notify(
                "textDocument/didChange",
                ["textDocument": ["uri": uri(path), "version": 2], "contentChanges": [["text": once]]])
            XCTAssertEqual((try format(session, path)["result"] as? [Any])?.count, 0, "\(name) settled")
        }
        try stop(session)
    }

    /// A re-indented line of a file whose lines end mixed keeps its own line end.
    func test_formatting_lineEndsMixed_aReindentedLineKeepsItsLineEnd() throws {
        let text = "Feature: mixed\r\n    Scenario:  s\n  Given a step that passes\r\n      Given b\n"
        for client in [["name": "Neovim"], ["name": "Visual Studio Code"], nil] as [[String: Any]?] {
            let session = try start(clientInfo: client)
            try open(session, "Features/mixed.feature", text)
            let edits = try XCTUnwrap(try format(session, "Features/mixed.feature")["result"] as? [[String: Any]])
            let once = Self.applying(edits, to: text)
            XCTAssertTrue(
                once.contains("  Scenario: s\n    Given a step that passes\r\n    Given b\n"), once.debugDescription)
            try stop(session)
        }
    }

    /// Formatting edits are of the text they were made from: an edit that comes before they
    /// are sent makes them stale, and they are refused as modified (the editor asks again).
    func test_formatting_editedMeanwhile_isRefusedAsModified() throws {
        let scenarios = (0..<3000).map { "\n      Scenario: s\($0)\n        Given a step that passes\n" }.joined()
        let text = "Feature: F\n" + scenarios
        let session = try start(clientInfo: ["name": "Neovim"])
        try open(session, "Features/big.feature", text)
        let id = try session.request(
            "textDocument/formatting",
            ["textDocument": ["uri": uri("Features/big.feature")], "options": ["tabSize": 2, "insertSpaces": true]])
        try change(session, "Features/big.feature", line: 0, from: 0, to: 0, "# c\n")
        let reply = try session.response(id)
        XCTAssertEqual((reply["error"] as? [String: Any])?["code"] as? Int, -32801, "\(reply.keys)")
        try stop(session)
    }

    func test_formatting_lastLineWithoutLineEnd_editEndsAtTheDocumentsEnd() throws {
        let text = "Feature: x\n\n  Scenario: y\n      Given a step that passes"
        let expected = try specsFormat("Features/noeol.feature", text)
        XCTAssertTrue(expected.hasSuffix("passes\n"), expected)
        let session = try start()
        try open(session, "Features/noeol.feature", text)
        let edits = try XCTUnwrap(try format(session, "Features/noeol.feature")["result"] as? [[String: Any]])
        let end = (edits.last?["range"] as? [String: Any])?["end"] as? [String: Int]
        XCTAssertEqual(end, ["line": 3, "character": 30])
        XCTAssertEqual(Self.applying(edits, to: text), expected)
        try stop(session)
    }

    /// A lone `\r` the formatter keeps beside one it takes away (layout): the edits cannot be cut
    /// around the kept one, and Neovim would make it a line break (tester Y's Y5: a table cell
    /// split, a doc string changed). Neovim is answered an error naming `specs format`; another
    /// editor gets the edits.
    func test_formatting_loneReturnKeptBesideOneTakenAway_isRefusedForNeovimNamingSpecsFormat() throws {
        let text = "Feature: F\nScenario: S\n   And  d\n\t\"\"\"\n \r w\n\t\"\"\"\n  \r  * e\n"
        for client in [["name": "Neovim"], ["name": "Visual Studio Code"]] {
            let session = try start(clientInfo: client)
            try open(session, "Features/lone.feature", text)
            let reply = try format(session, "Features/lone.feature")
            if client["name"] == "Neovim" {
                let message = (reply["error"] as? [String: Any])?["message"] as? String ?? ""
                XCTAssertTrue(message.contains("specs format Features/lone.feature"), "\(reply)")
                XCTAssertNil(reply["result"])
            } else {
                XCTAssertNotNil(reply["result"] as? [Any], "\(reply)")
            }
            try stop(session)
        }
    }

    func test_formatting_tooLargeForTheEditor_answersAnErrorNamingSpecsFormat() throws {
        let scenario = "  Scenario: s\n    Given a step that passes\n"
        let text = "Feature: Large\n" + String(repeating: scenario, count: (4 << 20) / scenario.utf8.count + 1)
        let session = try start()
        try open(session, "Features/large.feature", text)
        let reply = try format(session, "Features/large.feature")
        let message = (reply["error"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("too large to format in the editor"), "\(reply)")
        XCTAssertTrue(message.contains("specs format Features/large.feature"), message)
        XCTAssertNil(reply["result"])
        try stop(session)
    }
}
