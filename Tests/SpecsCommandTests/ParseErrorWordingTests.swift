import Foundation
import XCTest

/// One wording for a parse error on every path, through the real executables: the runner,
/// `format`, `lint` and the language server say the same plain words for the same file
/// (the generated scenario tests: `FeatureProblemsTests`).
final class ParseErrorWordingTests: XCTestCase {
    static let file = "Feature: F\n  Scenario: S\n    Given a step that passes\n  Scenari: misspelt\n"
    static let words =
        "'Scenari: misspelt' cannot stand here; expected the end of the file, a table row, a doc string, a step, a tag, "
        + "'Examples:', 'Scenario:', 'Rule:', a comment or an empty line. Did you mean 'Scenario:'?"

    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-wording")
        try scratch.write("Features/bad.feature", Self.file)
    }

    override func tearDown() { scratch.remove() }

    func test_runFormatAndLint_sayTheSameWords() throws {
        let expected = "Features/bad.feature:4:3: error: " + Self.words
        for arguments in [[], ["format", "--check"], ["lint"]] {
            let run = try ExecutableRun.run("misbehaving-specs", arguments, in: scratch.root)
            XCTAssertTrue((run.out + run.err).contains(expected), "\(arguments): \(run.out)\(run.err)")
        }
    }

    func test_languageServer_saysTheSameWords() throws {
        let session = try LanguageServerTests.Session()
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": scratch.root.appendingPathComponent("Features/bad.feature").absoluteString,
                    "languageId": "gherkin",
                    "version": 1, "text": Self.file,
                ]
            ])
        let published = try session.notification(
            "textDocument/publishDiagnostics",
            uri: scratch.root.appendingPathComponent("Features/bad.feature").absoluteString)
        let diagnostics = ((published["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]) ?? []
        let messages = diagnostics.filter { $0["code"] as? String == "parse-error" }.compactMap {
            $0["message"] as? String
        }
        XCTAssertEqual(messages, [Self.words])
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
    }
}
