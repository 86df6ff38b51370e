import ConformanceData
import Foundation
import Gherkin
import Messages
import XCTest

/// `specs format`: the canonical layout keeps the AST and pickles of every good file of
/// the official test data, and formatting twice changes nothing.
final class FeatureFormatterTests: XCTestCase {
    private func parse(_ text: String) throws -> (document: GherkinDocument, pickles: [Pickle]) {
        try parseFeature(text)
    }
    private func shape(_ value: some Encodable) throws -> String { try shapeWithoutLocations(value) }

    private func assertRoundTrip(
        _ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let original = try parse(text)
        let formatted = FeatureFormatter().format(original.document)
        let again = try parse(formatted)
        XCTAssertEqual(
            try shape(trimmingCommentEnds(again.document)), try shape(trimmingCommentEnds(original.document)),
            "\(name): AST differs\n\(formatted)", file: file, line: line)
        XCTAssertEqual(
            try shape(again.pickles.map { $0 }), try shape(original.pickles.map { $0 }), "\(name): pickles differ",
            file: file, line: line)
        XCTAssertEqual(
            FeatureFormatter().format(again.document), formatted, "\(name): formatting twice changes it", file: file,
            line: line)
    }

    func test_format_everyGoodConformanceFile_keepsItsASTAndPicklesAndIsIdempotent() throws {
        let files = ConformanceDirectory.files("gherkin/good", suffix: ".feature")
        if ConformanceDirectory.isAbsent(announce: false, fail: { XCTFail($0) }) {
            if !ConformanceDirectory.isRequired { throw XCTSkip(ConformanceDirectory.skipReason) }
            return
        }
        for url in files {
            let text = try String(contentsOf: url, encoding: .utf8)
            try assertRoundTrip(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text, url.lastPathComponent)
        }
    }

    /// The benchmark corpus (`../shared/bench/gen_corpus.py`): 60 generated files, tables,
    /// doc strings, outlines, rules, tags and comments among them.
    func test_format_benchmarkCorpus_keepsASTAndPickles() throws {
        let generator = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "shared/bench/gen_corpus.py")
        guard FileManager.default.fileExists(atPath: generator.path) else {
            if ConformanceDirectory.isRequired {
                XCTFail("the benchmark corpus generator is missing at \(generator.path)")
                return
            }
            throw XCTSkip("the benchmark corpus generator is absent")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specs-format-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", generator.path, "--out", directory.path, "--files", "60", "--scenarios", "8", "--steps", "6",
            "--extra-steps", "0",
        ]
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let files =
            FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String }.filter {
                $0.hasSuffix(".feature")
            } ?? []
        XCTAssertGreaterThanOrEqual(files.count, 60)
        for file in files {
            try assertRoundTrip(try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8), file)
        }
    }

    private func formatted(_ source: String) throws -> String {
        FeatureFormatter().format(try parse(source).document, source: source)
    }

    func test_format_languageLineAfterAUnicodeSpaceLine_isKept() throws {
        for space in ["\u{00A0}", "\u{2003}", "\u{3000}", "\u{0C}"] {
            XCTAssertEqual(
                try formatted(space + "\n# language: en\nFeature: f\n"), "# language: en\nFeature: f\n",
                space.debugDescription)
        }
        XCTAssertEqual(
            try formatted("\u{2003}\n# language: en\n# other\nFeature: f\n"), "# language: en\n# other\nFeature: f\n")
    }

    func test_format_commentInADescriptionAfterAUnicodeSpaceLine_staysWhereItStands() throws {
        XCTAssertEqual(
            try formatted(
                "Feature: f\n\u{00A0}\n  desc one\n  # keep me here\n  desc two\n\n  Scenario: s\n    Given x\n"),
            "Feature: f\n  desc one\n  # keep me here\n  desc two\n\n  Scenario: s\n    Given x\n")
        XCTAssertEqual(
            try formatted(
                "Feature: f\n  Rule: r\n\u{3000}\n    one\n    # keep\n    two\n\n    Scenario: s\n      Given x\n"),
            "Feature: f\n\n  Rule: r\n    one\n    # keep\n    two\n\n    Scenario: s\n      Given x\n")
        XCTAssertEqual(
            try formatted(
                "Feature: f\n  Scenario Outline: s\n    Given <x>\n    Examples: e\n\u{0C}\n      one\n      # keep\n"
                    + "      two\n      | x |\n      | 1 |\n"),
            "Feature: f\n\n  Scenario Outline: s\n    Given <x>\n\n    Examples: e\n      one\n      # keep\n"
                + "      two\n      | x |\n      | 1 |\n")
    }

    func test_format_commentLinesEndingInWhitespace_loseTheTrailingWhitespaceAlone() throws {
        XCTAssertEqual(
            try formatted(
                "# language: en  \n# top \t\nFeature: f\n  desc\n  # in the description   \n  more\n\n  # note   \n"
                    + "  Scenario: s\n    Given a\n      \"\"\"\n      keep   \n      \"\"\"\n# last\t \n"),
            "# language: en\n# top\nFeature: f\n  desc\n  # in the description\n  more\n\n  # note\n  Scenario: s\n"
                + "    Given a\n      \"\"\"\n      keep   \n      \"\"\"\n# last\n")
    }

    func test_format_mixedLineEndsWithALoneCarriageReturnAtTheEnd_keepsTheMajorityLF() throws {
        let source = "Feature: f\n  Scenario: s\n    Given a\r\n    When b\r\n    Then c\n    And d\r"
        let text = try formatted(source)
        XCTAssertFalse(text.utf8.contains(0x0D), text.debugDescription)
        XCTAssertEqual(text, "Feature: f\n\n  Scenario: s\n    Given a\n    When b\n    Then c\n    And d\n")
        let crlf = try formatted("Feature: f\r\n  Scenario: s\r\n    Given a\n    When b\r")
        XCTAssertEqual(crlf, "Feature: f\r\n\r\n  Scenario: s\r\n    Given a\r\n    When b\r\n")
    }

    func test_format_whitespaceAfterATagsAt_becomesOneSpace() throws {
        let source = "Feature: f\n  @ smoke @  wip\t@a@b   # c\n  Scenario: s\n    Given x\n"
        XCTAssertEqual(try parse(source).document.feature?.children.count, 1)
        XCTAssertEqual(
            try formatted(source), "Feature: f\n\n  @ smoke @ wip @a@b # c\n  Scenario: s\n    Given x\n")
    }

    func test_format_tables_alignByDisplayWidthWithWideAndEmojiCells() throws {
        let formatted = FeatureFormatter().format(
            try parse(
                """
                Feature: F
                  Scenario: S
                    Given a table
                      |a|日本語|
                      |🛒🛒|x \\| y|
                """
            ).document)
        XCTAssertEqual(
            formatted,
            """
            Feature: F

              Scenario: S
                Given a table
                  | a    | 日本語 |
                  | 🛒🛒 | x \\| y |

            """)
    }

    func test_format_messyLayout_becomesTheCanonicalOneKeepingLanguageTagsAndComments() throws {
        let formatted = FeatureFormatter().format(
            try parse(
                """
                # language: es
                   @lento   @api
                Característica:   Pagos
                # un comentario
                     Escenario:    Pagar
                        Dado   que pago
                            \"\"\"json
                              {"a": 1}
                            \"\"\"
                """
            ).document)
        XCTAssertEqual(
            formatted,
            """
            # language: es
            @lento @api
            Característica: Pagos

            # un comentario
              Escenario: Pagar
                Dado que pago
                  \"\"\"json
                    {"a": 1}
                  \"\"\"

            """)
    }
}
