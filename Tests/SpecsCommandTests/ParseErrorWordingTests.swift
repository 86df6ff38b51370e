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

    /// A CRLF file (a Windows checkout) is told as its LF twin is: the offending line, the caret
    /// and the hint, the keywords of its own language; a file of mixed line ends shows the
    /// offending line. `"\r\n"` is one Character, and a search for `"\n"` missed it: no excerpt,
    /// the wrong line, and English keywords named in a German file (tester X's X2).
    func test_run_fileWithCRLFLineEnds_showsTheLineTheCaretAndTheHintOfItsLanguage() throws {
        let crlf = Self.file.replacingOccurrences(of: "\n", with: "\r\n")
        try scratch.write("Features/bad.feature", crlf)
        try scratch.write(
            "Features/mixed.feature", "Feature: M\r\n  Scenario: S\r\n    Given a step that passes\n  Scenari: m\n")
        try scratch.write("Features/de.feature", "# language: de\r\nFeature: x\r\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: scratch.root)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(
            run.err.contains("Features/bad.feature:4:3: error: " + Self.words + "\n    Scenari: misspelt\n    ^\n"),
            run.err)
        XCTAssertTrue(
            run.err.contains("Features/mixed.feature:4:3: error: ") && run.err.contains("\n    Scenari: m\n    ^\n"),
            run.err)
        XCTAssertTrue(
            run.err.contains("'Feature:' is English, but this file's language is 'de': use 'Funktionalität:'")
                || run.err.contains("but this file's language is 'de'"), run.err)
        XCTAssertFalse(run.err.contains("expected a tag, 'Feature:'"), run.err)
        let lint = try ExecutableRun.run("misbehaving-specs", ["lint", "Features/de.feature"], in: scratch.root)
        XCTAssertTrue(lint.out.contains("but this file's language is 'de'"), lint.out + lint.err)
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
