import Foundation
import XCTest

/// What the runner refuses, the language server shows, through a real pipe: steps whose
/// table, doc string or values do not fit their definition, definitions that cannot be
/// registered in every open feature file, outline steps in a file with a parse error, and
/// completion that filters on plain text.
final class LanguageServerRefusalTests: LanguageServerCase {
    /// Each diagnostic as `line code: message`.
    private static func described(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.map {
            let line = (($0["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int ?? -1
            return "\(line) \($0["code"] ?? ""): \($0["message"] ?? "")"
        }.sorted()
    }

    func test_diagnostics_stepsTheRunnerRefusesBeforeRunning_areErrorsAtTheStep() throws {
        let text = """
            Feature: Refused

              Scenario: a table missing
                Given a step with a table that passes

              Scenario: a table not taken
                Given a step that passes
                  | a |

              Scenario: a doc string not taken
                Given a step that passes
                  \"\"\"
                  text
                  \"\"\"

              Scenario: a value too large for Int
                Given a step that sleeps for 99999999999999999999 ms

              Scenario: fine
                Given a step with a table that passes
                  | a |
                And a step that sleeps for 1 ms

            """
        try project.write("Features/refused.feature", text)
        // The runner refuses each of them, and says why.
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/refused.feature", "--no-color"], in: project.root)
        XCTAssertEqual(run.code, 1, run.out + run.err)

        let session = try start()
        let diagnostics = try session.diagnostics(uri("Features/refused.feature"))
        let described = Self.described(diagnostics)
        XCTAssertEqual(
            described.map { String($0.prefix { $0 != ":" }) },
            ["10 arguments", "16 arguments", "3 arguments", "6 arguments"], "\(described)")
        XCTAssertTrue(diagnostics.allSatisfy { $0["severity"] as? Int == 1 }, "errors: the run refuses them")
        for expected in [
            "'a step with a table that {word}' takes a DataTable but the step has none",
            "the step has a DataTable but 'a step that passes' takes none",
            "the step has a DocString but 'a step that passes' takes none",
            "'99999999999999999999' is not a valid {int}",
        ] {
            XCTAssertTrue(described.contains { $0.contains(expected) }, "\(expected) in \(described)")
            XCTAssertTrue((run.out + run.err).contains(expected), "the runner says it too: \(expected)\n\(run.out)")
        }
        try stop(session)
    }

    func test_diagnostics_definitionThatCannotBeRegistered_isAnErrorInEveryOpenFeatureFile() throws {
        let session = try start(environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        for name in ["one", "two"] {
            try open(
                session, "Features/\(name).feature", "Feature: \(name)\n\n  Scenario: s\n    Given a step that passes\n"
            )
            let diagnostics = try session.diagnostics(uri("Features/\(name).feature"))
            let refused = diagnostics.first { $0["code"] as? String == "definition" }
            XCTAssertEqual(refused?["severity"] as? Int, 1, "\(diagnostics)")
            XCTAssertEqual(((refused?["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int, 0)
            let message = refused?["message"] as? String ?? ""
            XCTAssertTrue(message.contains("No scenario runs"), message)
            XCTAssertTrue(message.contains("main.swift:"), "where the definition is: \(message)")
        }
        try stop(session)
    }

    func test_diagnostics_outlineInAFileWithAParseError_isNotFlaggedUndefined() throws {
        let session = try start()
        try open(
            session, "Features/outline.feature",
            """
            Feature: Outline

              Scenario Outline: sleeps
                Given a step that sleeps for <ms> ms
                And a step that prints "<text>"

                Examples:
                  | ms | text |
                  | 1  | a    |
                  | 2  | b    |

              Scenari: being typed
            """)
        let described = Self.described(try session.diagnostics(uri("Features/outline.feature")))
        XCTAssertEqual(described.map { String($0.prefix { $0 != ":" }) }, ["11 parse-error"], "\(described)")
        try stop(session)
    }

    /// A step with more whitespace after its keyword: its diagnostic covers the text to its end,
    /// never ending inside the emoji after it (tester Y's Y3: eglot froze on a range that split
    /// 👍), and, while the file does not parse, a defined step so written is no undefined one (Y4).
    func test_diagnostics_stepWithMoreWhitespaceAfterItsKeyword_coversItsTextAndReadsItAsTheParserDoes() throws {
        let session = try start()
        // Every whitespace the parser strips after the keyword: a form feed, a vertical tab, a NEL,
        // U+2028 too, which are newlines to Swift (tester Z2's Z2-1: eglot froze on those).
        for space in ["  ", " \u{0C}", " \u{0B}", " \u{85}", " \u{2028}", " \u{3000}"] {
            let line = "    Given\(space)an undefined step 👍"
            try open(session, "Features/gap.feature", "Feature: F\n\n  Scenario: S\n\(line)\n")
            let diagnostics = try session.diagnostics(uri("Features/gap.feature"))
            let end = (diagnostics.first?["range"] as? [String: Any])?["end"] as? [String: Any]
            XCTAssertEqual(end?["character"] as? Int, line.utf16.count, "\(space.debugDescription): \(diagnostics)")
        }
        // While the file does not parse, the text is read without the whitespace around it, a
        // no-break or ideographic space after it too (Z2-2).
        for written in ["  \t a step that passes", " a step that passes\u{A0}", " a step that passes\u{3000}"] {
            try open(
                session, "Features/typed.feature",
                "Feature: F\n\n  Scenario: S\n    Given\(written)\n\n  Scenari: being typed\n")
            let described = Self.described(try session.diagnostics(uri("Features/typed.feature")))
            XCTAssertEqual(
                described.map { String($0.prefix { $0 != ":" }) }, ["5 parse-error"],
                "\(written.debugDescription): \(described)")
        }
        try stop(session)
    }

    /// An argument's token stands on the argument when more whitespace follows the keyword.
    func test_semanticTokens_stepWithMoreWhitespaceAfterItsKeyword_placeItsArgument() throws {
        let session = try start()
        let line = "    Given  \t a step that sleeps for 5 ms"
        try open(session, "Features/tokens.feature", "Feature: F\n\n  Scenario: S\n\(line)\n")
        let response = try session.response(
            try session.request(
                "textDocument/semanticTokens/full", ["textDocument": ["uri": uri("Features/tokens.feature")]]))
        let data = ((response["result"] as? [String: Any])?["data"] as? [Int]) ?? []
        var (row, column) = (0, 0)
        var found: [(Int, Int, Int)] = []
        for index in stride(from: 0, to: data.count - 4, by: 5) {
            column = data[index] == 0 ? column + data[index + 1] : data[index + 1]
            row += data[index]
            found.append((row, column, data[index + 2]))
        }
        let five = line.utf16.count - " ms".utf16.count - 1
        XCTAssertTrue(found.contains { $0 == (3, five, 1) }, "\(found)")
        try stop(session)
    }

    /// Completion after a keyword followed by more whitespace (`And   a step th`, aligned
    /// keywords): the text is matched as the parser reads it, and the edit starts where it does
    /// (tester Y's Y7: no items).
    func test_completion_moreWhitespaceAfterTheKeyword_completesTheText() throws {
        let session = try start()
        for (line, typed, language) in [
            ("    Given  a step th", "a step th", ""), ("    And \t a step that pa", "a step that pa", ""),
            ("    *  a step th", "a step th", ""), ("    Given \u{3000}a step th", "a step th", ""),
            // An input method's ideographic space after a keyword written without one (Z2-3).
            ("    前提\u{3000}a step th", "a step th", "# language: ja\n"),
        ] {
            let feature = language.isEmpty ? "Feature: C\n\n  Scenario: s\n" : language + "フィーチャ: C\n\n  シナリオ: s\n"
            try open(session, "Features/c.feature", feature + line + "\n")
            let lineIndex = feature.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            let reply = try session.response(
                try session.request(
                    "textDocument/completion",
                    [
                        "textDocument": ["uri": uri("Features/c.feature")],
                        "position": ["line": lineIndex, "character": line.utf16.count],
                    ]))
            let items = ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
            let item = items.first { ($0["label"] as? String) == "a step that passes" }
            let range = (item?["textEdit"] as? [String: Any])?["range"] as? [String: Any]
            let start = (range?["start"] as? [String: Any])?["character"] as? Int
            XCTAssertEqual(start, line.utf16.count - typed.utf16.count, "\(line): \(items.count) items")
        }
        try stop(session)
    }

    func test_completion_clientWithSnippets_filtersOnPlainText() throws {
        let session = try start(capabilities: [
            "textDocument": ["completion": ["completionItem": ["snippetSupport": true]]]
        ])
        try open(session, "Features/c.feature", "Feature: C\n\n  Scenario: s\n    Given a step that prints \n")
        let reply = try session.response(
            try session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri("Features/c.feature")], "position": ["line": 3, "character": 29]]))
        let items = ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]]) ?? []
        let item = try XCTUnwrap(
            items.first { ($0["filterText"] as? String) == #"a step that prints "text""# }, "\(items)")
        XCTAssertEqual(item["label"] as? String, #"a step that prints "text""#, "what an omnifunc inserts")
        XCTAssertEqual(item["insertTextFormat"] as? Int, 2)
        XCTAssertTrue(((item["textEdit"] as? [String: Any])?["newText"] as? String)?.contains("${1:") == true)
        XCTAssertFalse(items.contains { ($0["filterText"] as? String)?.contains("${") == true }, "\(items)")
        try stop(session)
    }
}
