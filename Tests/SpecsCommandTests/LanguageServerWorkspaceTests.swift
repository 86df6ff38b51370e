import Foundation
import XCTest

/// The language server and the project as it is on disk, through a real pipe: feature files
/// created, changed and deleted, Swift sources edited without a rebuild (the quick fix and go
/// to definition find the lines as they are now), a folder reached through a symbolic link,
/// and the package found from wherever the editor roots the server.
final class LanguageServerWorkspaceTests: LanguageServerCase {
    private func symbols(_ session: Session) throws -> [String] {
        let reply = try session.response(try session.request("workspace/symbol", ["query": ""]))
        return (reply["result"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }.sorted()
    }

    func test_featureFiles_createdChangedAndDeletedOnDisk_areCheckedAndLeaveSymbols() throws {
        try project.write("Features/a.feature", "Feature: A\n\n  Scenario: kept\n    Given a step that passes\n")
        let session = try start()
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/a.feature"))), [])
        // A `git pull` brings a new file: the server finds it by itself.
        try project.write("Features/b.feature", "Feature: B\n\n  Scenario: pulled\n    Given a step nobody wrote\n")
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/b.feature"))), ["3 undefined"])
        XCTAssertEqual(try symbols(session), ["Feature: A", "Feature: B", "Scenario: kept", "Scenario: pulled"])
        // Changed on disk.
        Thread.sleep(forTimeInterval: 1.1)
        try project.write("Features/b.feature", "Feature: B\n\n  Scenario: fixed\n    Given a step that passes\n")
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/b.feature"))), [])
        // Deleted: its problems go, and it is out of the symbols.
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Features/b.feature"))
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/b.feature"))), [])
        XCTAssertEqual(try symbols(session), ["Feature: A", "Scenario: kept"])
        try stop(session)
    }

    func test_featureFiles_watchedByTheEditor_areRegisteredAndFollowed() throws {
        let session = try start(capabilities: [
            "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]
        ])
        let registration = try session.notification("client/registerCapability")
        XCTAssertTrue("\(registration)".contains("**/*.feature"), "\(registration)")
        // Written whole at once, as editors and git write files: the server's first look at the
        // project may see it or not, never half of it.
        try Data("Feature: New\n\n  Scenario: s\n    Given a step nobody wrote\n".utf8).write(
            to: project.root.appendingPathComponent("Features/new.feature"), options: .atomic)
        try session.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": uri("Features/new.feature"), "type": 1]]])
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/new.feature"))), ["3 undefined"])
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Features/new.feature"))
        try session.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": uri("Features/new.feature"), "type": 3]]])
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/new.feature"))), [])
        XCTAssertEqual(try symbols(session), [])
        try stop(session)
    }

    func test_openFeatureFile_deletedOnDiskThenClosed_hasItsDiagnosticsWithdrawn() throws {
        let text = "Feature: Gone\n\n  Scenario: s\n    Given a step nobody wrote\n"
        try project.write("Features/gone.feature", text)
        let session = try start()
        try open(session, "Features/gone.feature", text)
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/gone.feature"))), ["3 undefined"])
        try FileManager.default.removeItem(at: project.root.appendingPathComponent("Features/gone.feature"))
        try session.notify(
            "workspace/didChangeWatchedFiles", ["changes": [["uri": uri("Features/gone.feature"), "type": 3]]])
        try session.notify("textDocument/didClose", ["textDocument": ["uri": uri("Features/gone.feature")]])
        XCTAssertEqual(try symbols(session), [])
        let last = session.notifications.last {
            $0["method"] as? String == "textDocument/publishDiagnostics"
                && ($0["params"] as? [String: Any])?["uri"] as? String == uri("Features/gone.feature")
        }
        let params = try XCTUnwrap(last?["params"] as? [String: Any], "withdrawn after the close")
        XCTAssertEqual((params["diagnostics"] as? [Any])?.count, 0, "\(params)")
        try stop(session)
    }

    func test_featureFiles_editedInTheEditorAndClosedUnsaved_showWhatTheDiskHoldsAgain() throws {
        let broken = "Feature: B\n\n  Scenario: s\n    Given a step that passes\n    stray text\n"
        let good = "Feature: G\n\n  Scenario: s\n    Given a step that passes\n"
        try project.write("Features/broken.feature", broken)
        try project.write("Features/good.feature", good)
        let session = try start()
        let brokenOnDisk = Self.codes(try session.diagnostics(uri("Features/broken.feature")))
        XCTAssertFalse(brokenOnDisk.isEmpty)
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/good.feature"))), [])
        // Each opened, changed to the other's state in the editor, and closed without saving.
        try open(session, "Features/broken.feature", good)
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/broken.feature"))), [])
        try open(session, "Features/good.feature", broken)
        XCTAssertFalse(Self.codes(try session.diagnostics(uri("Features/good.feature"))).isEmpty)
        for path in ["Features/broken.feature", "Features/good.feature"] {
            try session.notify("textDocument/didClose", ["textDocument": ["uri": uri(path)]])
        }
        _ = try symbols(session)
        func last(_ path: String) -> [String]? {
            let message = session.notifications.last {
                $0["method"] as? String == "textDocument/publishDiagnostics"
                    && ($0["params"] as? [String: Any])?["uri"] as? String == uri(path)
            }
            return ((message?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]).map(Self.codes)
        }
        XCTAssertEqual(last("Features/broken.feature"), brokenOnDisk, "the disk's problems, shown again")
        XCTAssertEqual(last("Features/good.feature"), [], "the editor's problems, gone with its text")
        try stop(session)
    }

    /// A Swift file as the fixture's scratch definitions say it is: 25 definitions at lines 10 to 34.
    private func stepsFile(extraLinesInTheWorld: Int) -> String {
        var lines = ["import SpecsRunner", "", "final class World {"]
        lines += Array(repeating: "    var count = 0", count: 2 + extraLinesInTheWorld)
        lines += ["}", "", "@MainActor", "func register(_ steps: inout StepRegistry<World>) {"]
        // Line 10 with no extra lines.
        lines += (0..<25).map { "    steps.given(\"a scratch step \($0)\") { _ in }" }
        lines += ["}", ""]
        return lines.joined(separator: "\n")
    }

    func test_quickFixAndDefinition_afterTheSwiftFileChangedWithoutARebuild_useItsLinesNow() throws {
        try project.write("Sources/Steps/Steps.swift", stepsFile(extraLinesInTheWorld: 0))
        let swift = project.root.appendingPathComponent("Sources/Steps/Steps.swift")
        let session = try start(environment: ["SPECS_FIXTURE_STEPS_FILE": swift.path])
        // Three lines added to the world type and saved, the runner not built again.
        try project.write("Sources/Steps/Steps.swift", stepsFile(extraLinesInTheWorld: 3))
        let path = "Features/fix.feature"
        try open(
            session, path, "Feature: Fix\n\n  Scenario: s\n    Given a scratch step 5\n    Then the customer smiles\n")
        var diagnostics = try session.diagnostics(uri(path))
        while !diagnostics.contains(where: { $0["code"] as? String == "undefined" }) {
            diagnostics = try session.diagnostics(uri(path))
        }
        let undefined = diagnostics.filter { $0["code"] as? String == "undefined" }
        let actions = try session.response(
            try session.request(
                "textDocument/codeAction",
                [
                    "textDocument": ["uri": uri(path)], "range": undefined[0]["range"] ?? [:],
                    "context": ["diagnostics": undefined],
                ]))
        let action = try XCTUnwrap((actions["result"] as? [[String: Any]])?.first, "\(actions)")
        let changes = (action["edit"] as? [String: Any])?["changes"] as? [String: [[String: Any]]] ?? [:]
        let edit = try XCTUnwrap(changes[swift.absoluteString]?.first, "\(changes.keys)")
        let start = (edit["range"] as? [String: Any])?["start"] as? [String: Any]
        // Before the first definition as the file is now (line 13, 0-based 12), inside the function.
        XCTAssertEqual(start?["line"] as? Int, 12, "\(edit)")
        XCTAssertTrue(
            (edit["newText"] as? String)?.hasPrefix("    steps.then(\"the customer smiles\")") == true, "\(edit)")
        // Applied, the new definition stands among the others, inside the registering function.
        var lines = stepsFile(extraLinesInTheWorld: 3).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        lines.insert(contentsOf: (edit["newText"] as? String ?? "").split(separator: "\n").map(String.init), at: 12)
        let function = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("func register") })
        let inserted = try XCTUnwrap(lines.firstIndex { $0.contains("the customer smiles") })
        let end = try XCTUnwrap(lines.lastIndex { $0 == "}" })
        XCTAssertTrue(function < inserted && inserted < end, lines.joined(separator: "\n"))

        let definition = try session.response(
            try session.request(
                "textDocument/definition",
                ["textDocument": ["uri": uri(path)], "position": ["line": 3, "character": 8]]))
        let location = (definition["result"] as? [[String: Any]])?.first
        let line = ((location?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int
        XCTAssertEqual(line, 17, "'a scratch step 5' is at line 18 now, not the 15 it was built at")
        try stop(session)
    }

    func test_staleRunner_swiftSourceNewerThanTheRunner_isANoteInOpenFeatureFiles() throws {
        try project.write("Sources/Steps/Steps.swift", stepsFile(extraLinesInTheWorld: 0))
        let swift = project.root.appendingPathComponent("Sources/Steps/Steps.swift")
        // Written before the runner was built.
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: swift.path)
        let session = try start(environment: ["SPECS_FIXTURE_STEPS_FILE": swift.path])
        let path = "Features/stale.feature"
        try open(session, path, "Feature: Stale\n\n  Scenario: s\n    Given a scratch step 1\n")
        var diagnostics = try session.diagnostics(uri(path))
        XCTAssertFalse(diagnostics.contains { $0["code"] as? String == "stale-runner" })
        // Saved after the runner was built: the server notices by itself.
        try project.write("Sources/Steps/Steps.swift", stepsFile(extraLinesInTheWorld: 1))
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: swift.path)
        while !diagnostics.contains(where: { $0["code"] as? String == "stale-runner" }) {
            diagnostics = try session.diagnostics(uri(path))
        }
        let note = diagnostics.first { $0["code"] as? String == "stale-runner" }
        XCTAssertTrue(
            (note?["message"] as? String)?.contains("Steps.swift changed after this runner was built") == true)
        try stop(session)
    }

    func test_startupScan_largeWorkspace_answersAnOpenDocumentWhileItReadsAndKeepsTheEdits() throws {
        // The scan reads the files in the order of their paths: a small one, then one whose
        // check takes a long while, then 300 more, then the one the editor opens.
        let scenario = { (index: Int) in "\n  Scenario: s\(index)\n    Given a step that passes\n" }
        try project.write("Features/a.feature", "Feature: A\n" + scenario(0))
        let large = 20_000
        try project.write(
            "Features/b.feature",
            "Feature: B\n" + (1...large).map(scenario).joined() + "\n  Scenario: last\n    Given a step nobody wrote\n")
        for index in 0..<300 {
            try project.write(String(format: "Features/c%03d.feature", index), "Feature: C\(index)\n" + scenario(index))
        }
        try project.write("Features/z.feature", "Feature: Z\n\n  Scenario: on disk\n    Given a step nobody wrote\n")
        let session = try start()
        // The first file is published: the scan reads the large one now, for far longer than the
        // moment waited here (which lets a server that reads it on the thread that answers start
        // on it, as its editor's first keystrokes would find it).
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/a.feature"))), [])
        Thread.sleep(forTimeInterval: 0.1)

        // The editor opens a file the scan has not reached, types in it, and asks about it.
        let typed = uri("Features/z.feature")
        try open(session, "Features/z.feature", "Feature: Z\n\n  Scenario: edited\n    Given a step that passes\n")
        let end = ["line": 4, "character": 0]
        try session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": typed, "version": 2],
                "contentChanges": [
                    ["range": ["start": end, "end": end], "text": "    And a step that prints \"hi\"\n"]
                ],
            ])
        let hover = try session.request(
            "textDocument/hover", ["textDocument": ["uri": typed], "position": ["line": 4, "character": 10]])
        let completion = try session.request(
            "textDocument/completion", ["textDocument": ["uri": typed], "position": ["line": 4, "character": 8]])
        let tokens = try session.request("textDocument/semanticTokens/full", ["textDocument": ["uri": typed]])
        var answered: Set<Int> = []
        var published: [String] = []
        while answered.count < 3 {
            let message = try session.receive()
            guard let id = message["id"] as? Int else {
                published += [(message["params"] as? [String: Any])?["uri"] as? String ?? ""]
                session.notifications.append(message)
                continue
            }
            answered.insert(id)
            XCTAssertNil(message["error"], "\(message)")
            if id == hover {
                let value = ((message["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String
                XCTAssertTrue(value?.contains("a step that prints {string}") == true, "\(message)")
            }
        }
        XCTAssertEqual(answered, [hover, completion, tokens])
        // Answered while the large file was still being read: the answers did not wait for it.
        XCTAssertFalse(published.contains(uri("Features/b.feature")), "answered after the scan read it: \(published)")

        // The scan goes on: what it read lands, the large file's undefined step among it.
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/b.feature"))), ["\(3 * large + 3) undefined"])
        XCTAssertEqual(Self.codes(try session.diagnostics(uri("Features/c299.feature"))), [])
        // The open document keeps the editor's text, not what the scan read of it on disk.
        let scenarios = try session.response(try session.request("workspace/symbol", ["query": "Scenario: "]))
        let names = (scenarios["result"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        XCTAssertEqual(names.count, 1 + large + 1 + 300 + 1)
        XCTAssertTrue(names.contains("Scenario: edited"))
        XCTAssertFalse(names.contains("Scenario: on disk"))
        let ofTheOpenFile = session.notifications.filter {
            ($0["params"] as? [String: Any])?["uri"] as? String == typed
        }
        XCTAssertFalse(ofTheOpenFile.isEmpty)
        for message in ofTheOpenFile {
            let diagnostics = (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
            XCTAssertEqual(Self.codes(diagnostics), [], "the file as on disk was published: \(message)")
        }
        try stop(session)
    }

    func test_symlinkedFeatureFolder_isOneDocumentPerFile() throws {
        try project.write("Real/one.feature", "Feature: One\n\n  Scenario: s\n    Given a step that passes\n")
        try FileManager.default.createSymbolicLink(
            at: project.root.appendingPathComponent("Linked"),
            withDestinationURL: project.root.appendingPathComponent("Real"))
        let session = try start()
        _ = try session.diagnostics(uri("Real/one.feature"))
        // The editor opens it through the link.
        try open(session, "Linked/one.feature", "Feature: One\n\n  Scenario: s\n    Given a step that passes\n")
        _ = try session.diagnostics(uri("Linked/one.feature"))
        XCTAssertEqual(try symbols(session), ["Feature: One", "Scenario: s"])
        let references = try session.response(
            try session.request(
                "textDocument/references",
                [
                    "textDocument": ["uri": uri("Linked/one.feature")], "position": ["line": 3, "character": 6],
                    "context": ["includeDeclaration": true],
                ]))
        XCTAssertEqual((references["result"] as? [Any])?.count, 1, "\(references)")
        try stop(session)
    }

    func test_root_inAMonorepoAndInAFeaturesFolder_isThePackage() throws {
        // A monorepo: this package and another one, each with its feature files.
        try project.write("app/Package.swift", "// swift-tools-version:6.0\n")
        try project.write("app/.specs-lint.json", #"{ "rules": { "unnamed-scenario": "error" } }"#)
        try project.write("app/Features/app.feature", "Feature: App\n\n  Scenario:\n    Given a step that passes\n")
        try project.write("other/Package.swift", "// swift-tools-version:6.0\n")
        try project.write(
            "other/Features/other.feature", "Feature: Other\n\n  Scenario: o\n    Given only the other package knows\n")
        // Rooted at the Features folder of a package without version control: the package's lint settings hold.
        let session = try start(root: project.root.appendingPathComponent("app/Features"))
        let app = try session.diagnostics(uri("app/Features/app.feature"))
        XCTAssertEqual(app.first { $0["code"] as? String == "unnamed-scenario" }?["severity"] as? Int, 1, "\(app)")
        // Another package's feature file, opened: not checked against this package's steps.
        try open(session, "other/Features/other.feature", try project.read("other/Features/other.feature"))
        let other = try session.diagnostics(uri("other/Features/other.feature"))
        XCTAssertEqual(Self.codes(other), ["0 other-package"], "no false undefined step: \(other)")
        // Nor offered this package's steps to complete.
        let completion = try session.response(
            try session.request(
                "textDocument/completion",
                [
                    "textDocument": ["uri": uri("other/Features/other.feature")],
                    "position": ["line": 3, "character": 10],
                ]))
        XCTAssertEqual((completion["result"] as? [Any])?.count, 0, "\(completion)")
        try stop(session)
    }
}
