import Foundation
import XCTest

/// The language server in a project, through a real pipe: a file being typed keeps its
/// checks, edits arrive as ranges, every feature file of the project is checked, a step's
/// references and the project's scenarios are found, an undefined step gets a quick fix,
/// a file too large to check says so, and a rebuilt runner takes over by itself.
final class LanguageServerProjectTests: LanguageServerCase {
    func test_languageServer_lineBeingTyped_keepsTheRestOfTheFilesChecksAndOutline() throws {
        let session = try start()
        let text = """
            Feature: Typing
              Scenario: first
                Given a step that passes
                And a step nobody wrote
              Scenari: misspelt
                Given a step nobody wrote either
            """
        try open(session, "Features/typing.feature", text)
        let diagnostics = try session.diagnostics(uri("Features/typing.feature"))
        XCTAssertEqual(Self.codes(diagnostics), ["3 undefined", "4 parse-error", "5 undefined"], "\(diagnostics)")
        let parseError = diagnostics.first { $0["code"] as? String == "parse-error" }?["message"] as? String ?? ""
        XCTAssertTrue(parseError.contains("Did you mean 'Scenario:'?"), parseError)

        let hover = try session.response(
            try session.request(
                "textDocument/hover",
                ["textDocument": ["uri": uri("Features/typing.feature")], "position": ["line": 2, "character": 8]]))
        let hoverText = ((hover["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
        XCTAssertTrue(hoverText?.contains("`a step that passes`") == true, "\(hover)")
        let definition = try session.response(
            try session.request(
                "textDocument/definition",
                ["textDocument": ["uri": uri("Features/typing.feature")], "position": ["line": 2, "character": 8]]))
        XCTAssertEqual((definition["result"] as? [[String: Any]])?.count, 1, "\(definition)")
        let symbols = try session.response(
            try session.request(
                "textDocument/documentSymbol", ["textDocument": ["uri": uri("Features/typing.feature")]]))
        let feature = (symbols["result"] as? [[String: Any]])?.first
        XCTAssertEqual(feature?["name"] as? String, "Feature: Typing")
        XCTAssertEqual(
            (feature?["children"] as? [[String: Any]])?.compactMap { $0["name"] as? String }, ["Scenario: first"])
        try stop(session)
    }

    func test_languageServer_definedStepUnderTheFeatureLine_isToldAsTheRunTellsIt() throws {
        let session = try start()
        try open(
            session, "Features/lost.feature",
            "Feature: Lost\n  Given a step that fails\n\n  Scenario: S\n    Given a step that passes\n")
        let diagnostics = try session.diagnostics(uri("Features/lost.feature"))
        XCTAssertEqual(Self.codes(diagnostics), ["1 step-in-description"], "\(diagnostics)")
        try stop(session)
    }

    func test_languageServer_rangeEdits_areAppliedAndABurstIsCheckedOnce() throws {
        let session = try start()
        let path = "Features/edits.feature"
        try open(session, path, "Feature: Edits\n  Scenario: s\n    Given a step that passes\n")
        XCTAssertEqual(Self.codes(try session.diagnostics(uri(path))), [])
        // Fifty keystrokes, each a range edit, typed faster than a check takes.
        let typed = Array("And a step nobody wrote")
        var edits: [[String: Any]] = []
        for (offset, character) in ([Character("\n"), " ", " ", " ", " "] + typed).enumerated() {
            let position = offset == 0 ? ["line": 2, "character": 28] : ["line": 3, "character": offset - 1]
            edits.append([
                "textDocument": ["uri": uri(path), "version": offset + 2],
                "contentChanges": [["range": ["start": position, "end": position], "text": String(character)]],
            ])
        }
        var body = Data()
        for edit in edits {
            let json = try JSONSerialization.data(
                withJSONObject: ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": edit])
            body += Data("Content-Length: \(json.count)\r\n\r\n".utf8) + json
        }
        session.sendRawFramed(body)
        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri(path)], "position": ["line": 3, "character": 8]]))
        XCTAssertNotNil(completion["result"])
        // Checks until the one of the whole line, which covers the step as typed.
        func end(_ diagnostics: [[String: Any]]) -> Int? {
            ((diagnostics.first?["range"] as? [String: Any])?["end"] as? [String: Any])?["character"] as? Int
        }
        var published = [try session.diagnostics(uri(path))]
        while end(published.last ?? []) != 4 + typed.count && published.count <= edits.count {
            published.append(try session.diagnostics(uri(path)))
        }
        XCTAssertEqual(Self.codes(published.last ?? []), ["3 undefined"])
        XCTAssertEqual(end(published.last ?? []), 4 + typed.count)
        XCTAssertLessThan(
            published.count, edits.count / 2, "a burst of edits is checked far fewer times than it has edits")
        try stop(session)
    }

    func test_languageServer_project_checksUnopenedFilesAndFindsReferencesAndScenarios() throws {
        try project.write("Features/a.feature", "Feature: A\n  Scenario: pays\n    Given a step that passes\n")
        try project.write(
            "Features/b.feature",
            "Feature: B\n  Scenario: refunds\n    Given a step nobody wrote\n    And a step that passes\n")
        try project.write(".build/checkouts/other/x.feature", "Feature: Not ours\n  Scenario: x\n    Given nope\n")
        let session = try start()
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/b.feature"))), ["2 undefined"])

        let references = try session.response(
            try session.request(
                "textDocument/references",
                [
                    "textDocument": ["uri": uri("Features/a.feature")], "position": ["line": 2, "character": 6],
                    "context": ["includeDeclaration": true],
                ]))
        let places = (references["result"] as? [[String: Any]] ?? []).map { reference in
            let line = ((reference["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
            return "\(URL(string: reference["uri"] as? String ?? "")?.lastPathComponent ?? "?"):\(line)"
        }
        XCTAssertEqual(places, ["a.feature:2", "b.feature:3"])

        let symbols = try session.response(try session.request("workspace/symbol", ["query": "refund"]))
        let names = (symbols["result"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names, ["Scenario: refunds"])
        XCTAssertFalse(session.notifications.contains { "\($0)".contains("x.feature") }, "dependencies are not ours")
        try stop(session)
    }

    func test_languageServer_quickFix_definesTheStepInTheFileWithMostDefinitions() throws {
        let session = try start()
        let path = "Features/fix.feature"
        try open(session, path, "Feature: Fix\n  Scenario: s\n    When the customer pays 12.5 EUR with \"card\"\n")
        let diagnostics = try session.diagnostics(uri(path))
        XCTAssertEqual(Self.codes(diagnostics), ["2 undefined"])
        let actions = try session.response(
            try session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri(path)], "range": diagnostics[0]["range"] ?? [:],
                    "context": ["diagnostics": diagnostics],
                ]))
        let action = try XCTUnwrap((actions["result"] as? [[String: Any]])?.first, "\(actions)")
        XCTAssertEqual(action["kind"] as? String, "quickfix")
        let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
        let (file, edits) = try XCTUnwrap(changes.first)
        XCTAssertTrue(file.hasSuffix("Sources/misbehaving-specs/main.swift"), file)
        let newText = edits.first?["newText"] as? String ?? ""
        XCTAssertTrue(
            newText.hasPrefix(
                #"steps.when("the customer pays {float} EUR with {string}") { (world, float1: Double, string2: String) in"#
            ),
            newText)
        // Inserted before the first definition, at the start of its line.
        let source = try String(contentsOf: try XCTUnwrap(URL(string: file)), encoding: .utf8)
        let firstDefinition = source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.hasPrefix("steps.given(")
        }
        let line = ((edits.first?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        XCTAssertEqual(line, firstDefinition)
        try stop(session)
    }

    func test_languageServer_quickFix_hostileStepTexts_writeSwiftThatCompilesAndMatches() throws {
        let session = try start()
        let path = "Features/hostile.feature"
        try open(
            session, path, "Feature: Fix\n  Scenario: s\n    Given the tab\there\n    And text with \"\\\"\" quotes\n")
        let diagnostics = try session.diagnostics(uri(path))
        var written: [String] = []
        for diagnostic in diagnostics where diagnostic["code"] as? String == "undefined" {
            let actions = try session.response(
                try session.request(
                    "textDocument/codeAction",
                    [
                        "textDocument": ["uri": uri(path)], "range": diagnostic["range"] ?? [:],
                        "context": ["diagnostics": [diagnostic]],
                    ]))
            let action = try XCTUnwrap((actions["result"] as? [[String: Any]])?.first, "\(actions)")
            let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
            written.append(changes.first?.value.first?["newText"] as? String ?? "")
        }
        XCTAssertEqual(written.count, 2, "\(diagnostics)")
        XCTAssertTrue(written.contains { $0.hasPrefix(#"steps.given("the tab\there") { world in"#) }, "\(written)")
        XCTAssertTrue(
            written.contains {
                $0.hasPrefix(#"steps.given("text with {string} quotes") { (world, string1: String) in"#)
            },
            "\(written)")
        try stop(session)
    }

    func test_languageServer_regularExpressionDefinitions_areOfferedOnceEach() throws {
        let session = try start()
        let path = "Features/complete.feature"
        try open(session, path, "Feature: C\n  Scenario: s\n    Given a step \n")
        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri(path)], "position": ["line": 2, "character": 17]]))
        let items = ((completion["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let texts = items.compactMap { ($0["textEdit"] as? [String: Any])?["newText"] as? String }
        XCTAssertTrue(texts.contains("a step matched by a pattern"), "\(texts)")
        // A pattern with groups offers a step it matches, a value for each group (tester W's F7:
        // its plain start, `a step with `, matched nothing).
        XCTAssertTrue(texts.contains("a step with 1 group"), "\(texts)")
        XCTAssertFalse(texts.contains("a step with "), "\(texts)")
        XCTAssertEqual(texts.count, Set(texts).count, "one item per text: \(texts)")
        try stop(session)
    }

    func test_languageServer_documentTooLargeToCheck_saysSoAtOnceAndStillShutsDown() throws {
        let session = try start()
        let path = "Features/huge.feature"
        let scenario = "  Scenario: s\n    Given a step that passes\n"
        let text = "Feature: Huge\n" + String(repeating: scenario, count: (5 << 20) / scenario.utf8.count)
        let started = Date()
        try open(session, path, text)
        let diagnostics = try session.diagnostics(uri(path))
        XCTAssertEqual(diagnostics.compactMap { $0["code"] as? String }, ["too-large"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 10, "refused within seconds, not checked for minutes")
        try stop(session)
    }

    func test_languageServer_rebuiltRunner_takesOverWithTheOpenDocuments() throws {
        let runner = project.root.appendingPathComponent("runner").path
        try FileManager.default.copyItem(atPath: try ExecutableRun.path(of: "misbehaving-specs"), toPath: runner)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSinceNow: -60)], ofItemAtPath: runner)
        let session = try start(executable: runner)
        let path = "Features/kept.feature"
        try open(session, path, "Feature: Kept\n  Scenario: s\n    Given a step nobody wrote\n")
        XCTAssertEqual(Self.codes(try session.diagnostics(uri(path))), ["2 undefined"])
        // The runner is built again at its path (a new file, as a linker writes it).
        try FileManager.default.removeItem(atPath: runner)
        try FileManager.default.copyItem(atPath: try ExecutableRun.path(of: "misbehaving-specs"), toPath: runner)
        try FileManager.default.setAttributes([.modificationDate: Date()], ofItemAtPath: runner)
        Thread.sleep(forTimeInterval: 1.3)
        _ = try session.response(
            try session.request(
                "textDocument/hover", ["textDocument": ["uri": uri(path)], "position": ["line": 0, "character": 0]]))
        // A warning that the definitions are newer than the runner may come first (the runner
        // copied here is dated a minute back); the takeover's message is the one looked for.
        var message = try session.notification("window/showMessage")
        for _ in 0..<3 where !"\(message)".contains("rebuilt runner") {
            message = try session.notification("window/showMessage")
        }
        XCTAssertTrue("\(message)".contains("rebuilt runner now serves"), "\(message)")
        XCTAssertEqual(Self.codes(try session.diagnostics(uri(path))), ["2 undefined"], "the open document came along")
        try stop(session)
    }

    func test_languageServer_semanticTokens_markKeywordsAndParametersByType() throws {
        let session = try start()
        let legend = (capabilities["semanticTokensProvider"] as? [String: Any])?["legend"] as? [String: Any]
        XCTAssertEqual(legend?["tokenTypes"] as? [String], ["keyword", "parameter", "string", "number"])
        let path = "Features/tokens.feature"
        try open(
            session, path,
            "Feature: T\n  Scenario: s\n    Given a step that prints \"hi\"\n    And a step with 3 groups\n")
        let reply = try session.response(
            try session.request("textDocument/semanticTokens/full", ["textDocument": ["uri": uri(path)]]))
        let data = (reply["result"] as? [String: Any])?["data"] as? [Int] ?? []
        XCTAssertEqual(data.count % 5, 0)
        var tokens: [[Int]] = []
        var line = 0
        var start = 0
        for index in stride(from: 0, to: data.count, by: 5) {
            line += data[index]
            start = data[index] == 0 ? start + data[index + 1] : data[index + 1]
            tokens.append([line, start, data[index + 2], data[index + 3]])
        }
        XCTAssertEqual(
            tokens.prefix(5).map { $0 }, [[0, 0, 8, 0], [1, 2, 9, 0], [2, 4, 5, 0], [2, 29, 4, 2], [3, 4, 3, 0]])
        XCTAssertEqual(tokens.last.map { Array($0.prefix(3)) }, [3, 20, 1], "the regular expression's group")
        try stop(session)
    }

    func test_languageServer_lensRunsTheScenarioWithTheRunnerAndSaysHowItWent() throws {
        try project.write(
            "Features/run.feature",
            "Feature: R\n  Scenario: passes\n    Given a step that passes\n\n  Scenario: fails\n    Given a step that fails\n"
        )
        let session = try start()
        XCTAssertNotNil(capabilities["codeLensProvider"])
        XCTAssertEqual(
            (capabilities["executeCommandProvider"] as? [String: Any])?["commands"] as? [String], ["specs.runScenario"])
        let path = "Features/run.feature"
        try open(session, path, try project.read(path))
        let lenses = try session.response(
            try session.request("textDocument/codeLens", ["textDocument": ["uri": uri(path)]]))
        let commands = (lenses["result"] as? [[String: Any]] ?? []).compactMap { $0["command"] as? [String: Any] }
        XCTAssertEqual(commands.count, 2, "\(lenses)")
        var codes: [Int] = []
        for command in commands {
            let run = try session.response(
                try session.request(
                    "workspace/executeCommand",
                    ["command": command["command"] ?? "", "arguments": command["arguments"] ?? []]))
            codes.append((run["result"] as? [String: Any])?["exitCode"] as? Int ?? -1)
            let shown = try session.notification("window/showMessage")
            XCTAssertTrue("\(shown)".contains("run.feature:"), "\(shown)")
        }
        XCTAssertEqual(codes, [0, 1])
        try stop(session)
    }

    func test_languageServer_stepWhoseDefinitionCannotBeRegistered_namesTheDefinitionWhereItIsUsed() throws {
        let session = try Session(environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        try session.notify("initialized", [:])
        let uri = self.uri("Features/transfer.feature")
        try open(session, "Features/transfer.feature", "Feature: T\n  Scenario: s\n    Given a transfer in EUR\n")
        let diagnostics = try session.diagnostics(uri)
        let undefined = diagnostics.first { $0["code"] as? String == "undefined" }
        let message = undefined?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("the definition 'a transfer in {currency}' at "), message)
        XCTAssertTrue(message.contains("cannot be registered"), message)
        XCTAssertEqual(undefined?["severity"] as? Int, 1, "the runner refuses to run it: an error")
        try stop(session)
    }
}
