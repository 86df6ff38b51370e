import Foundation
import XCTest

/// `specs format` through the real executable: the whitespace after a step keyword stays
/// where one space would read as a longer keyword (`Et  que x` in French), `specs.json`'s
/// `format.indent` takes a number or `"tab"` and nothing else, and is read from the file's
/// package wherever the command runs.
final class FormatMeaningTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-format-meaning")
        // Nothing above the scratch folder is read.
        try scratch.write(".editorconfig", "root = true\n")
    }
    override func tearDown() { scratch.remove() }

    func test_format_frenchStepsWithARunAfterTheirKeyword_keepTheirKeywordAndText() throws {
        try scratch.write(
            "Features/fr.feature",
            "# language: fr\nFonctionnalité: F\n  Scénario: S\n    Etant donné   qu'il pleut\n"
                + "    Et  que  ça dure\n    Sachant  qu'il vente\n    Et    il pleut\n")
        let run = try ExecutableRun.run("specs", ["format"], in: scratch.root)
        XCTAssertEqual(run.code, 0, run.err)
        let expected =
            "# language: fr\nFonctionnalité: F\n\n  Scénario: S\n    Etant donné  qu'il pleut\n"
            + "    Et  que  ça dure\n    Sachant  qu'il vente\n    Et il pleut\n"
        XCTAssertEqual(try scratch.read("Features/fr.feature"), expected)
        let check = try ExecutableRun.run("specs", ["format", "--check"], in: scratch.root)
        XCTAssertEqual(check.code, 0, check.out + check.err)
        XCTAssertEqual(check.err, "1 of 1 feature file(s) already formatted\n")
        let gherkin = try ExecutableRun.run("specs", ["gherkin", "Features/fr.feature"], in: scratch.root)
        XCTAssertEqual(gherkin.code, 0, gherkin.err)
        XCTAssertTrue(gherkin.out.contains(#""keyword":"Et ""#), gherkin.out)
        XCTAssertFalse(gherkin.out.contains(#""keyword":"Et que ""#), gherkin.out)
    }

    func test_format_indentTrue_isAnErrorAtItsLineAndColumn() throws {
        try scratch.write("specs.json", "{\n  \"format\": {\n    \"indent\": true\n  }\n}\n")
        try scratch.write("Features/f.feature", "Feature: F\n Scenario: S\n  Given x\n")
        let run = try ExecutableRun.run("specs", ["format"], in: scratch.root)
        XCTAssertEqual(run.code, 2)
        XCTAssertEqual(
            run.err, "specs.json:3:5: error: 'format.indent' takes a number of spaces from 1 to 16, or \"tab\"\n")
        XCTAssertEqual(try scratch.read("Features/f.feature"), "Feature: F\n Scenario: S\n  Given x\n")
    }

    func test_lint_packageSpecsJSONThatDoesNotRead_isAnErrorAsFormatSays() throws {
        try scratch.write("pkg/Package.swift", "// swift-tools-version:6.0\n")
        try scratch.write("pkg/specs.json", "{\n  \"format\": {\n    \"indent\": true\n  }\n}\n")
        try scratch.write("pkg/Features/f.feature", "Feature: F\n\n  Scenario: S\n    Given x\n")
        let error = "pkg/specs.json:3:5: error: 'format.indent' takes a number of spaces from 1 to 16, or \"tab\"\n"
        let format = try ExecutableRun.run("specs", ["format", "--check", "pkg/Features"], in: scratch.root)
        XCTAssertEqual(format.code, 2, format.err)
        XCTAssertTrue(format.err.contains(error), format.err)
        let lint = try ExecutableRun.run("specs", ["lint", "pkg/Features"], in: scratch.root)
        XCTAssertEqual(lint.code, 2, lint.out + lint.err)
        XCTAssertTrue(lint.err.contains(error), lint.err)
        XCTAssertEqual(lint.err.components(separatedBy: error).count, 2, "told once: " + lint.err)
    }

    func test_format_indentOne_indentsByOneSpace() throws {
        try scratch.write("specs.json", #"{ "format": { "indent": 1 } }"#)
        try scratch.write("Features/f.feature", "Feature: F\n   Scenario: S\n  Given x\n")
        let run = try ExecutableRun.run("specs", ["format"], in: scratch.root)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(try scratch.read("Features/f.feature"), "Feature: F\n\n Scenario: S\n  Given x\n")
    }

    func test_format_fromAFolderBelowThePackage_readsThePackagesSpecsJSON() throws {
        try scratch.write("pkg/Package.swift", "// swift-tools-version:6.0\n")
        try scratch.write("pkg/specs.json", #"{ "format": { "indent": 4 } }"#)
        let source = "Feature: F\n Scenario: S\n  Given x\n"
        let expected = "Feature: F\n\n    Scenario: S\n        Given x\n"
        let feature = scratch.root.appendingPathComponent("pkg/Features/sub/a.feature").path
        for folder in ["pkg/Features", "pkg", "."] {
            try scratch.write("pkg/Features/sub/a.feature", source)
            let run = try ExecutableRun.run(
                "specs", ["format", feature], in: scratch.root.appendingPathComponent(folder))
            XCTAssertEqual(run.code, 0, folder + ": " + run.err)
            XCTAssertEqual(try scratch.read("pkg/Features/sub/a.feature"), expected, folder)
        }
    }

    func test_format_packagesSpecsJSONThatDoesNotRead_isAnErrorNamingItAndTheFileIsLeft() throws {
        try scratch.write("pkg/specs.json", "{ \"format\": { \"indent\": true } }\n")
        try scratch.write("pkg/Features/a.feature", "Feature: F\n Scenario: S\n")
        let run = try ExecutableRun.run("specs", ["format", "pkg/Features"], in: scratch.root)
        XCTAssertEqual(run.code, 2)
        let path = scratch.root.appendingPathComponent("pkg/specs.json").standardizedFileURL.path
        XCTAssertTrue(
            run.err.hasPrefix(
                "\(path):1:15: error: 'format.indent' takes a number of spaces from 1 to 16, or \"tab\"\n"), run.err)
        XCTAssertEqual(try scratch.read("pkg/Features/a.feature"), "Feature: F\n Scenario: S\n")
    }

    func test_format_packageWithoutSpecsJSON_isNotIndentedAsTheCurrentFolderSays() throws {
        try scratch.write("specs.json", #"{ "format": { "indent": 4 } }"#)
        try scratch.write("other/Package.swift", "// swift-tools-version:6.0\n")
        try scratch.write("other/Features/a.feature", "Feature: F\n Scenario: S\n")
        let run = try ExecutableRun.run("specs", ["format", "other/Features/a.feature"], in: scratch.root)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(try scratch.read("other/Features/a.feature"), "Feature: F\n\n  Scenario: S\n")
    }

    /// The language server formats as `specs format` does: the run after `Et ` stays, and a
    /// file below a package with its own `specs.json` is indented as that file says, though
    /// the server is rooted above it.
    func test_languageServer_formatting_keepsTheKeywordAndReadsThePackagesSpecsJSON() throws {
        try scratch.write("pkg/Package.swift", "// swift-tools-version:6.0\n")
        try scratch.write("pkg/specs.json", #"{ "format": { "indent": 4 } }"#)
        let text = "# language: fr\nFonctionnalité: F\n Scénario: S\n  Et  que x\n"
        try scratch.write("pkg/Features/sub/a.feature", text)
        let session = try LanguageServerSession()
        _ = try session.response(
            try session.request(
                "initialize", ["rootUri": scratch.root.absoluteString, "capabilities": [:] as [String: Any]]))
        try session.notify("initialized", [:])
        let uri = scratch.root.appendingPathComponent("pkg/Features/sub/a.feature").absoluteString
        try session.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "gherkin", "version": 1, "text": text]])
        _ = try session.diagnostics(uri)
        let formatting = try session.response(
            try session.request(
                "textDocument/formatting",
                ["textDocument": ["uri": uri], "options": ["tabSize": 2, "insertSpaces": true]]))
        let edits = formatting["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(edits.count, 1)
        XCTAssertEqual(edits.first?["newText"] as? String, "\n    Scénario: S\n        Et  que x\n", "\(edits)")
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }
}
