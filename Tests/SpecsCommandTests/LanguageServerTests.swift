import Foundation
import XCTest

/// The language server, driven through a real pipe with JSON-RPC framing, as an editor
/// drives `misbehaving-specs lsp`.
final class LanguageServerTests: XCTestCase {
    typealias Session = LanguageServerSession

    static let feature = """
        Feature: Editing
          Scenario: steps
            Given a step that passes
            And a step nobody wrote
            And an ambiguous step
            And a step that prints "hi"
        """

    func test_languageServer_diagnosesCompletesDefinesFormatsAndExits() throws {
        let session = try Session()
        let initialize = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        let capabilities = (initialize["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual(capabilities?["definitionProvider"] as? Bool, true)
        try session.notify("initialized", [:])

        let uri = "file:///work/Features/editing.feature"
        try session.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "gherkin", "version": 1, "text": Self.feature]])
        let published = try session.notification("textDocument/publishDiagnostics", uri: uri)
        let diagnostics = ((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        let codes = diagnostics.map {
            "\((($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] ?? -1) \($0["code"] ?? "")"
        }
        XCTAssertEqual(codes.sorted(), ["3 undefined", "4 ambiguous"], "\(diagnostics)")
        // A step's diagnostic covers its keyword and text.
        let undefinedRange = diagnostics.first { $0["code"] as? String == "undefined" }?["range"] as? [String: Any]
        XCTAssertEqual((undefinedRange?["start"] as? [String: Any])?["character"] as? Int, 4)
        XCTAssertEqual(
            (undefinedRange?["end"] as? [String: Any])?["character"] as? Int, 4 + "And a step nobody wrote".utf16.count)

        // A file that does not parse still gets diagnostics.
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": uri, "version": 2],
                "contentChanges": [["text": Self.feature + "\n  oops\n"]],
            ])
        let broken = try session.notification("textDocument/publishDiagnostics", uri: uri)
        let brokenCodes = (((broken["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []).map {
            $0["code"] as? String
        }
        XCTAssertTrue(brokenCodes.contains("parse-error"), "\(broken)")
        try session.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": uri, "version": 3], "contentChanges": [["text": Self.feature]]])
        _ = try session.diagnostics(uri)

        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                [
                    "textDocument": ["uri": uri], "position": ["line": 3, "character": 15],
                ]))
        let items = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let texts = items.compactMap { ($0["textEdit"] as? [String: Any])?["newText"] as? String }
        // The client declared no snippet support: plain text that matches its definition.
        XCTAssertTrue(texts.contains("a step that prints \"text\""), "\(texts)")
        XCTAssertEqual(Set(items.compactMap { $0["insertTextFormat"] as? Int }), [1])
        XCTAssertFalse(texts.contains("an ambiguous step"), "only expressions that start as typed")

        let definition = try session.response(
            try session.request(
                "textDocument/definition",
                [
                    "textDocument": ["uri": uri], "position": ["line": 2, "character": 8],
                ]))
        let locations = definition["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(locations.count, 1)
        XCTAssertTrue(
            (locations.first?["uri"] as? String)?.hasSuffix("Sources/misbehaving-specs/main.swift") == true,
            "\(locations)")

        let hover = try session.response(
            try session.request(
                "textDocument/hover",
                [
                    "textDocument": ["uri": uri], "position": ["line": 5, "character": 8],
                ]))
        let hoverText = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String ?? ""
        XCTAssertTrue(hoverText.contains("`a step that prints {string}` — parameters: {string}"), hoverText)

        let formatting = try session.response(
            try session.request(
                "textDocument/formatting",
                [
                    "textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true],
                ]))
        let edits = formatting["result"] as? [[String: Any]] ?? []
        // The lines that change alone: a blank line after the feature line, and the last step.
        XCTAssertEqual(edits.count, 2, "\(edits)")
        XCTAssertEqual(((edits.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int, 1)
        XCTAssertEqual(edits.first?["newText"] as? String, "\n", "\(edits)")

        let symbols = try session.response(
            try session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]]))
        let feature = (symbols["result"] as? [[String: Any]])?.first
        XCTAssertEqual(feature?["name"] as? String, "Feature: Editing")
        XCTAssertEqual(((feature?["children"] as? [[String: Any]])?.first)?["name"] as? String, "Scenario: steps")

        // An unknown method and a malformed message get errors, and the server goes on.
        let unknown = try session.response(try session.request("textDocument/unheardOf", [:]))
        XCTAssertEqual((unknown["error"] as? [String: Any])?["code"] as? Int, -32601)
        session.sendRaw(Data("{not json".utf8))
        let malformed = try session.unsolicitedError()
        XCTAssertEqual((malformed["error"] as? [String: Any])?["code"] as? Int, -32700)

        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
        session.process.waitUntilExit()
        XCTAssertEqual(session.process.terminationStatus, 0)
    }

    func test_languageServer_lintSettings_comeFromTheProjectTheEditorOpened() throws {
        let project = try ScratchProject("specs-lsp")
        defer { project.remove() }
        try project.write("specs.json", #"{ "lint": { "rules": { "unnamed-scenario": "error" } } }"#)
        let session = try Session()
        _ = try session.response(
            try session.request(
                "initialize", ["capabilities": [:] as [String: Any], "rootUri": project.root.absoluteString]))
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": project.root.appendingPathComponent("Features/a.feature").absoluteString,
                    "languageId": "gherkin",
                    "version": 1, "text": "Feature: F\n  Scenario:\n    Given a step that passes\n",
                ]
            ])
        let published = try session.receive()
        let diagnostics = ((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        let unnamed = diagnostics.first { $0["code"] as? String == "unnamed-scenario" }
        XCTAssertEqual(unnamed?["severity"] as? Int, 1, "\(diagnostics)")
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }

    func test_languageServer_completionAfterAParametersValue_offersTheRestOfTheStep() throws {
        let session = try Session()
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        let uri = "file:///work/Features/typed.feature"
        let line = "    Given A step that sleeps for 25 m"
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "gherkin", "version": 1, "text": "Feature: F\n  Scenario: S\n\(line)\n",
                ]
            ])
        _ = try session.diagnostics(uri)
        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri], "position": ["line": 2, "character": line.utf16.count]]))
        let items = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let item = items.first { ($0["label"] as? String) == "a step that sleeps for 25 ms" }
        XCTAssertNotNil(item, "\(items.compactMap { $0["label"] })")
        XCTAssertEqual((item?["textEdit"] as? [String: Any])?["newText"] as? String, "a step that sleeps for 25 ms")
        XCTAssertEqual(item?["filterText"] as? String, "a step that sleeps for 25 ms")
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }

    func test_languageServer_completionInTheEmojiDialect_countsPositionsInUTF16() throws {
        let session = try Session()
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        let uri = "file:///work/Features/emoji.feature"
        let line = "    😐a step th"
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "gherkin", "version": 1,
                    "text": "# language: em\n📚: F\n  🥒: S\n\(line)\n",
                ]
            ])
        _ = try session.diagnostics(uri)
        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri], "position": ["line": 3, "character": line.utf16.count]]))
        let items = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let edit = items.first { ($0["label"] as? String) == "a step that passes" }?["textEdit"] as? [String: Any]
        let range = edit?["range"] as? [String: Any]
        XCTAssertEqual((range?["start"] as? [String: Any])?["character"] as? Int, 4 + "😐".utf16.count, "\(items)")
        XCTAssertEqual((range?["end"] as? [String: Any])?["character"] as? Int, line.utf16.count)
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }

    /// In the middle of a step, an editor that replaces (`insertReplaceSupport`) is given the
    /// rest of the step's text to replace; one that does not, the typed word, as before.
    func test_languageServer_completionInTheMiddleOfAStep_replacesTheRestOfTheStep() throws {
        let line = "    Given a step th x"
        let cursor = "    Given a step th".utf16.count
        for insertReplace in [true, false] {
            let session = try Session()
            let capabilities = [
                "textDocument": ["completion": ["completionItem": ["insertReplaceSupport": insertReplace]]]
            ]
            _ = try session.response(try session.request("initialize", ["capabilities": capabilities]))
            let uri = "file:///work/Features/middle.feature"
            try session.notify(
                "textDocument/didOpen",
                [
                    "textDocument": [
                        "uri": uri, "languageId": "gherkin", "version": 1,
                        "text": "Feature: F\n  Scenario: S\n\(line)  \n",
                    ]
                ])
            _ = try session.diagnostics(uri)
            let completion = try session.response(
                try session.request(
                    "textDocument/completion",
                    ["textDocument": ["uri": uri], "position": ["line": 2, "character": cursor]]))
            let items = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            let edit = try XCTUnwrap(
                items.first { ($0["label"] as? String) == "a step that passes" }?["textEdit"] as? [String: Any])
            let end = { (range: Any?) in ((range as? [String: Any])?["end"] as? [String: Any])?["character"] as? Int }
            if insertReplace {
                XCTAssertEqual(end(edit["insert"]), cursor, "\(edit)")
                XCTAssertEqual(end(edit["replace"]), line.utf16.count, "\(edit)")
            } else {
                XCTAssertEqual(end(edit["range"]), cursor, "\(edit)")
            }
            _ = try session.response(try session.request("shutdown", [:]))
            try session.notify("exit", [:])
        }
    }

    func test_languageServer_definitionsThatCannotBeRegistered_areErrorsAtTheirSwiftLines() throws {
        let session = try Session(environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        try session.notify("initialized", [:])
        let published = try session.receive()
        let params = published["params"] as? [String: Any]
        XCTAssertTrue(
            (params?["uri"] as? String)?.hasSuffix("Sources/misbehaving-specs/main.swift") == true, "\(published)")
        let diagnostics = params?["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(diagnostics.count, 4, "\(diagnostics)")
        XCTAssertTrue(diagnostics.allSatisfy { $0["severity"] as? Int == 1 && $0["code"] as? String == "definition" })
        XCTAssertTrue(
            diagnostics.contains { ($0["message"] as? String)?.contains("{currency}") == true }, "\(diagnostics)")
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }

    func test_languageServer_thousandScenarioFile_answersInMilliseconds() throws {
        let session = try Session()
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        let scenarios = (1...1000).map {
            "\n  Scenario: s\($0)\n    Given a step that passes\n    And a step that prints \"\($0)\"\n"
        }.joined()
        let uri = "file:///work/Features/large.feature"
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "gherkin", "version": 1,
                    "text": "Feature: Large\n" + scenarios,
                ]
            ])
        _ = try session.diagnostics(uri)
        let started = Date()
        let id = try session.request(
            "textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": 4000, "character": 6]])
        let hover = try session.response(id)
        XCTAssertNotNil(hover["result"])
        // A diagnostic answer, not a benchmark: the request is answered well within a keystroke's time.
        XCTAssertLessThan(Date().timeIntervalSince(started), 0.5)
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
        session.process.waitUntilExit()
    }
}
