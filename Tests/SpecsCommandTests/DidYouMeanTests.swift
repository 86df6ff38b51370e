import Foundation
import XCTest

/// An undefined step names the defined steps nearest to it, with their places: by text
/// (a slip of the keyboard) and by parameters (the same words with another value), in
/// the run's output, with its snippet and in the language server's diagnostic.
final class DidYouMeanTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-did-you-mean")
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ steps: [String], _ arguments: [String] = []) throws -> ExecutableRun {
        let body = steps.map { "    Given \($0)\n" }.joined()
        try project.write("Features/typo.feature", "Feature: Typo\n  Scenario: typed in a hurry\n\(body)")
        return try ExecutableRun.run("misbehaving-specs", ["Features"] + arguments, in: project.root)
    }

    func test_run_misspeltStep_suggestsTheDefinitionMeantWithItsPlace() throws {
        let run = try run(["a step that pases"])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("Undefined step at Features/typo.feature:3."), run.out)
        XCTAssertTrue(run.out.contains("Did you mean:"), run.out)
        XCTAssertTrue(
            run.out.contains("'a step that passes' at ") && run.out.contains("misbehaving-specs/main.swift:10"), run.out
        )
        // The snippet is still offered, after the suggestion.
        XCTAssertTrue(run.out.contains("Or define it with:"), run.out)
        XCTAssertTrue(run.out.contains(#"steps.given("a step that pases") { world in"#), run.out)
    }

    func test_run_summaryFormat_showsTheSuggestionToo() throws {
        let run = try run(["a step that pases"], ["--format", "summary"])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("Did you mean:\n") && run.out.contains("'a step that passes' at "), run.out)
    }

    func test_run_sameWordsOtherParameterType_suggestsTheDefinitionByItsParameters() throws {
        let run = try run([#"a step that calls exit "two""#])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("'a step that calls exit {int}' at "), run.out)
    }

    func test_run_nothingNear_offersOnlyTheSnippet() throws {
        let run = try run(["the garage barrier opens for plate KA-1234"])
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertFalse(run.out.contains("Did you mean"), run.out)
        XCTAssertTrue(run.out.contains("Define it with:"), run.out)
    }

    func test_run_messageStream_carriesTheSuggestionInTheUndefinedResult() throws {
        let run = try run(["a step that pases"], ["--format", "message"])
        XCTAssertEqual(run.code, 1, run.err)
        let undefined = run.out.split(separator: "\n").first { $0.contains(#""status":"UNDEFINED""#) }
        XCTAssertTrue(undefined?.contains("Did you mean:") == true, String(undefined ?? ""))
    }

    func test_run_junit_failureMessageCarriesTheSuggestion() throws {
        let run = try run(["a step that pases"], ["--format", "junit"])
        XCTAssertEqual(run.code, 1, run.err)
        let expected =
            "message=\"Undefined step: Given a step that pases\nDid you mean:\n  &apos;a step that passes&apos; at "
        XCTAssertTrue(run.out.contains(expected), run.out)
    }

    func test_languageServer_misspeltStep_diagnosticSuggestsTheDefinition() throws {
        let session = try LanguageServerTests.Session()
        _ = try session.response(try session.request("initialize", ["capabilities": [:] as [String: Any]]))
        try session.notify("initialized", [:])
        let uri = "file:///work/Features/typo.feature"
        try session.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": uri, "languageId": "cucumber", "version": 1,
                    "text": "Feature: Typo\n  Scenario: s\n    Given a step that pases\n",
                ]
            ])
        let diagnostics = try session.diagnostics(uri)
        let undefined = diagnostics.first { $0["code"] as? String == "undefined" }?["message"] as? String ?? ""
        XCTAssertTrue(undefined.hasPrefix("Undefined step: no step definition matches 'a step that pases'"), undefined)
        XCTAssertTrue(undefined.contains("\nDid you mean:\n  'a step that passes' at "), undefined)
        XCTAssertTrue(undefined.contains("misbehaving-specs/main.swift:10"), undefined)
        _ = try session.response(try session.request("shutdown", [:]))
        try session.notify("exit", [:])
        session.process.waitUntilExit()
    }
}
