import FeatureLint
import Foundation
import Gherkin
import XCTest

/// Each rule of `specs lint` on a file that breaks it, and a clean file that breaks none.
final class FeatureLinterTests: XCTestCase {
    private func findings(_ text: String, _ configuration: LintConfiguration = LintConfiguration()) -> [String] {
        FeatureLinter(configuration: configuration).lint(text, uri: "f.feature").map {
            "\($0.line):\($0.column) \($0.rule)"
        }
    }

    func test_lint_cleanFile_findsNothing() {
        XCTAssertEqual(
            findings(
                """
                Feature: Cart

                  Scenario: Paying
                    Given a cart
                    When the customer pays
                    Then the order is placed
                """), [])
    }

    func test_lint_emptyFile_andParseError() {
        XCTAssertEqual(findings("# only a comment\n"), ["1:1 empty-file"])
        XCTAssertEqual(findings("Feature: F\n  Scenario: S\n    Given a\n  oops\n").first, "4:3 parse-error")
    }

    func test_lint_unnamedAndDuplicateNames() {
        XCTAssertEqual(
            findings(
                "Feature:\n\n  Scenario: A\n    Given a\n\n  Scenario: A\n    Given b\n\n  Scenario:\n    Given c\n"),
            ["1:1 unnamed-feature", "6:3 duplicate-scenario-name", "9:3 unnamed-scenario"])
    }

    func test_lint_trailingSpacesAndIndentation() {
        XCTAssertEqual(
            findings("Feature: F  \n\n    Scenario: S\n   Given a\n"),
            ["1:11 trailing-spaces", "3:5 indentation", "4:4 indentation"])
    }

    func test_lint_stepOrder() {
        XCTAssertEqual(
            findings("Feature: F\n\n  Scenario: S\n    When a\n    Then b\n    Given c\n"), ["6:5 step-order"])
    }

    func test_lint_outlinePlaceholdersAndColumns() {
        XCTAssertEqual(
            findings(
                """
                Feature: F

                  Scenario Outline: S
                    Given <balanse> euros

                    Examples:
                      | balance | unused |
                      | 1       | 2      |
                """), ["4:11 outline-placeholder", "7:9 unused-example-column", "7:19 unused-example-column"])
    }

    /// A column whose placeholder stands in a used column's value is filled by the compiler
    /// when it comes later in the header (`r` = `<s>`, then `s`); deleting it as "unused"
    /// would change the step. One that comes earlier is not filled: it is unused.
    func test_lint_columnUsedThroughAnotherColumnsValue_isNotUnused() throws {
        let outline = """
            Feature: F

              Scenario Outline: S
                Given a step that <r>

                Examples:
                  | r   | s      | t   |
                  | <s> | passes | <t> |

                Examples:
                  | q      | r   |
                  | passes | <q> |
            """
        XCTAssertEqual(findings(outline), ["7:24 unused-example-column", "11:9 unused-example-column"])
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(outline, uri: "f.feature", ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "f.feature", ids: &ids)
        XCTAssertEqual(pickles.map { $0.steps.map(\.text) }, [["a step that passes"], ["a step that <q>"]])
    }

    /// A column used only in a doc string's media type (`"""<mt>`) or through `<>` (a column
    /// without a name) is filled by the compiler: not unused.
    func test_lint_columnUsedInAMediaTypeOrAsTheUnnamedColumn_isNotUnused() throws {
        let outline = #"""
            Feature: F

              Scenario Outline: S
                Given <a> and <>
                  """<mt>
                  {}
                  """

                Examples:
                  | a | mt   |   | unused |
                  | 1 | json | 4 | 5      |
            """#
        XCTAssertEqual(findings(outline), ["10:24 unused-example-column"])
        var ids = IncrementingIdGenerator()
        let pickles = PickleCompiler().compile(
            try Parser().parse(outline, uri: "f.feature", ids: &ids), uri: "f.feature", ids: &ids)
        let step = try XCTUnwrap(pickles.first?.steps.first)
        XCTAssertEqual(step.text, "1 and 4")
        XCTAssertEqual(step.argument?.docString?.mediaType, "json")
    }

    /// Placeholders as the compiler fills them, byte for byte and whole: one that a second
    /// examples block lacks stays as written in its rows; one written in decomposed Unicode is no
    /// placeholder of the composed column; columns named `a>b` and `c<d` are filled (tester W's
    /// F8, F12, F13).
    func test_lint_placeholdersAsTheCompilerFillsThem_missingFromOneBlockOtherUnicodeOddNames() {
        let outline = """
            Feature: F

              Scenario Outline: two tables
                Given I pay <amount> in <currency>

                Examples: first
                  | amount | currency |
                  | 1      | EUR      |

                Examples: second
                  | amount |
                  | 2      |

              Scenario Outline: odd names
                Given x <a>b> and <c<d> and <cafe\u{301}>

                Examples:
                  | a>b | c<d | caf\u{E9} |
                  | 1   | 2   | 3    |
            """
        XCTAssertEqual(
            findings(outline), ["4:29 outline-placeholder", "15:33 outline-placeholder", "18:21 unused-example-column"])
        let messages = FeatureLinter().lint(outline, uri: "f.feature").map(\.message)
        XCTAssertEqual(
            messages.first, "<currency> is not a column of the examples at line 10, whose rows keep it as written")
        XCTAssertTrue(messages[1].hasSuffix("(it is written in other Unicode than the column: save the file as NFC)"))
    }

    /// Tester Y's Y1: a placeholder a value makes with the text around it (`<<kind>_id>`), one
    /// written over a doc string's lines (a column named `a\nb`), `<a>b>` filled by `a` before
    /// `a>b`, and `<b>>` filled by a second block's `b`: no column told unused, no block told it
    /// keeps the placeholder as written.
    func test_lint_placeholdersTheCompilerMakesOrFindsFirst_areNoUnusedColumnsOrMissingOnes() {
        let outline = #"""
            Feature: F

              Scenario Outline: made
                Given a <<kind>_id> and <a>b>
                  """
                  <a
                  b>
                  """

                Examples:
                  | kind | user_id | a\nb | a | a>b |
                  | user | 42      | 1    | x | y   |

              Scenario Outline: across blocks
                Given s <b>>

                Examples:
                  | b> |
                  | 1  |

                Examples:
                  | b |
                  | 2 |
            """#
        XCTAssertEqual(findings(outline), [])
    }

    /// A doc string's lines are read against its opening delimiter: the advice moves the block
    /// whole, since the delimiter moved alone changes the step's text (tester W's F10).
    func test_lint_docStringIndented_advisesMovingTheWholeBlock() {
        let text = "Feature: f\n\n  Scenario: s\n    Given a\n          \"\"\"\n          line\n          \"\"\"\n"
        XCTAssertEqual(
            FeatureLinter().lint(text, uri: "f.feature").map(\.message),
            [
                "doc string indented by 10, expected 6: move its delimiters and its lines together, as `specs format` does"
            ])
    }

    func test_lint_crlfFile_placesEachFindingOnItsLineAndColumn() {
        // "\r\n" is one character: a file split into lines as characters is one line.
        let text = [
            "Feature: F", "  ", "  Scenario Outline: S", "    Given I have <balanse> euros | x", "",
            "    Examples:", "      | balance |", "      | 1       |",
        ].joined(separator: "\r\n")
        XCTAssertEqual(
            findings(text), ["2:1 trailing-spaces", "4:18 outline-placeholder", "7:9 unused-example-column"])
        XCTAssertEqual(ParseErrorWords.sourceLine(4, of: text), "    Given I have <balanse> euros | x")
    }

    private func severities(_ text: String) -> [String] {
        FeatureLinter().lint(text, uri: "f.feature").map { "\($0.line):\($0.column) \($0.severity) \($0.rule)" }
    }

    /// A placeholder is an error where it is plainly one (step text, a cell), at its own
    /// line and column; in an outline's doc string that holds markup (XML, F#) it is none.
    func test_lint_outlinePlaceholders_areErrorsOnlyWherePlainlyMeant_atTheirOwnColumns() {
        XCTAssertEqual(
            severities(
                """
                Feature: F

                  Scenario Outline: S <label>
                    Given a <count> and <cuont> set to "<foo xmlns='http://bar'/>" or <b/>
                      | <size> | <fixed> |
                    When the config is
                      \"\"\"xml
                      <settings>
                        <value><count></value>
                      </settings>
                      \"\"\"
                    And the code is
                      \"\"\"
                      [<When>]
                      let step () = ()
                      \"\"\"
                    Then the note says
                      \"\"\"
                      dear <reader>, see <count>
                      \"\"\"

                    Examples:
                      | count | size |
                      | 1     | 2    |
                """),
            [
                "3:23 warning outline-placeholder", "4:25 error outline-placeholder", "5:18 error outline-placeholder",
                "19:12 warning outline-placeholder",
            ])
    }

    func test_lint_textAfterARowsLastBar_isAnUnclosedRow_butANoteIsNot() {
        XCTAssertEqual(
            severities(
                """
                Feature: F

                  Scenario: S
                    Given the rows
                      | name | value | comment
                      | a\\|b | 1     |x
                      | c    | 2     | # a note
                """), ["5:24 error unclosed-row", "6:23 error unclosed-row"])
    }

    func test_lint_scenarioSizeAndTags_asConfigured() throws {
        let configuration = try LintConfiguration.read(
            Data(
                """
                {"rules": {"scenario-size": {"max": 1}, "required-tags": {"severity": "error", "tags": ["@xctest:"]},
                           "restricted-tags": {"tags": ["@skip"]}, "trailing-spaces": "off"}}
                """.utf8))
        let found = FeatureLinter(configuration: configuration).lint(
            "Feature: F  \n\n  @skip\n  Scenario: S\n    Given a\n    When b\n", uri: "f.feature")
        XCTAssertEqual(
            found.map { "\($0.line):\($0.column) \($0.rule) \($0.severity.rawValue)" },
            ["3:3 restricted-tags warning", "4:3 required-tags error", "4:3 scenario-size warning"])
    }

    func test_lint_descriptionLineThatIsAMisspeltOrForeignKeyword() {
        XCTAssertEqual(findings("Feature: F\n  Scenaro: lost\n    Given a\n"), ["2:3 misspelt-keyword"])
        XCTAssertEqual(
            findings("# language: es\nCaracterística: F\n  Scenario: perdido\n"), ["3:3 other-language-keyword"])
    }

    func test_lint_commentInDescriptionAboveAMisspeltKeyword_reportsItOnItsOwnLine() {
        XCTAssertEqual(
            findings("Feature: Checkout\n  The cart pays.\n  # TODO\n  Scenaro: paying\n    Given a cart\n"),
            ["4:3 misspelt-keyword"])
        XCTAssertEqual(
            findings("Feature: F\n\n  # one\n  Text.\n  # two\n\n  # three\n  Scenaro: lost\n    Given a\n"),
            ["8:3 misspelt-keyword"])
    }

    func test_lint_commentInDescriptionAboveAForeignKeyword_reportsItOnTheKeywordsLine() {
        XCTAssertEqual(
            findings(
                "# language: de\nFunktionalität: Kasse\n  Die Kasse zahlt.\n  # Kommentar\n  Scenario: zahlen\n"
                    + "    Angenommen ein Korb\n"),
            ["5:3 other-language-keyword"])
    }

    func test_lint_trailingSpacesAfterCombiningAccentOrEmoji_countsColumnsInUnicodeScalars() {
        // `e` and a combining acute accent: one character, two scalars.
        XCTAssertEqual(findings("Feature: f\n  Scenario: cafe\u{301} \n    Given a\n"), ["2:18 trailing-spaces"])
        // A family emoji: one character, five scalars (three people, two zero-width joiners).
        let family = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}"
        XCTAssertEqual(
            findings(
                "Feature: f\n  Scenario: s\n    Given \(family) <x>  \n\n    Examples:\n      | x |\n      | 1 |\n"),
            ["3:20 trailing-spaces"])
    }

    /// A parse error names the keywords as the file's language writes them, tells an English
    /// step keyword in another language's file, and a keyword that lacks its colon.
    func test_parseErrorWords_inTheFilesLanguage_withHints() {
        let german = "# language: de\nFunktionalität: K\n  Szenario: a\n    Angenommen x\n  Scenario: b\n"
        let words = ParseErrorWords.plain(
            "expected: #EOF, #TableRow, #ScenarioLine, #ExamplesLine, got 'Scenario: b'", line: "  Scenario: b",
            source: german)
        XCTAssertEqual(
            words,
            "'Scenario: b' cannot stand here; expected the end of the file, a table row, 'Szenario:' or 'Beispiele:'. "
                + "'Scenario:' is English, but this file's language is 'de': use 'Szenario:'")
        XCTAssertEqual(
            ParseErrorWords.suggestion(for: "    Given ein leerer Warenkorb", language: "de"),
            "'Given' is English, but this file's language is 'de': use 'Angenommen'")
        XCTAssertEqual(
            ParseErrorWords.suggestion(for: "  Szenario b", language: "de"),
            "Did you mean 'Szenario:'? (a keyword ends with a colon)")
        XCTAssertEqual(
            ParseErrorWords.suggestion(for: "  Scenario checkout", language: "en"),
            "Did you mean 'Scenario:'? (a keyword ends with a colon)")
        XCTAssertNil(ParseErrorWords.suggestion(for: "    Angenommen ein Korb", language: "de"))
        XCTAssertEqual(
            ParseErrorWords.suggestion(for: "Funktionalita\u{308}t: Warenkorb", language: "de"),
            "The line is in decomposed Unicode (NFD, letters and combining accents apart), so its keyword is none: "
                + "save the file as NFC")
    }

    func test_lint_keywordWithoutItsColon_whereItWouldStartABlock_isAMisspeltKeyword() {
        XCTAssertEqual(
            findings("Feature: F\n  Scenario checkout\n    Given a cart\n"), ["2:3 misspelt-keyword"])
        XCTAssertEqual(
            findings("# language: de\nFunktionalität: F\n  Szenario b\n    Angenommen ein Korb\n"),
            ["3:3 misspelt-keyword"])
        // Prose that starts with the word is left alone, a sentence before the block it names too
        // (behave's own Rule examples).
        XCTAssertEqual(findings("Feature: F\n  Scenario planning matters.\n\n  Scenario: s\n    Given a\n"), [])
        XCTAssertEqual(
            findings("Feature: F\n\n  Rule: R1\n    Rule R1 description line 1.\n\n    Scenario: s\n      Given x\n"),
            [])
        XCTAssertEqual(
            findings(
                "Feature: Refunds\n  Rule 42 of the handbook applies to every refund.\n\n  Scenario: s\n    Given x\n"),
            [])
    }

    /// Spaces at the end of a description's line are its text (the formatter keeps them, as
    /// the parser reads them): `specs format` then `specs lint` agree.
    func test_lint_trailingSpacesInDescriptions_areNotFlaggedButOnKeywordLinesAre() {
        let text =
            "Feature: x\n  para 2   \n\n  Rule: r\n    rule text \n\n    Background: b\n      background text \n"
            + "      Given a\n\n    Scenario Outline: y  \n      scenario text \n      # a comment\n      more text  \n"
            + "      Given <a>\n\n      Examples: e\n        examples text \n        | a |\n        | 1 |\n"
        XCTAssertEqual(findings(text), ["11:24 trailing-spaces"])
    }

    func test_lint_trailingSpacesInADocStringsContent_areNotFlaggedButAroundItAre() {
        XCTAssertEqual(
            findings(
                "Feature: f\n  Scenario: s\n    Given a  \n      \"\"\"  \n      keep   \n\t\n      \\\"\"\"  \n"
                    + "      \"\"\" \n    And b\n      ```\n      ```\t\n"),
            ["3:12 trailing-spaces", "4:10 trailing-spaces", "8:10 trailing-spaces", "11:10 trailing-spaces"])
    }

    func test_text_messageQuotingACellWithANewline_staysOnOneLine() {
        let text =
            "Feature: f\n  Scenario Outline: o\n    Given <a>\n\n    Examples:\n      | a | x\\ny |\n      | 1 | 2 |\n"
        let found = FeatureLinter().lint(text, uri: "f.feature")
        XCTAssertEqual(found.map(\.rule), ["unused-example-column"])
        XCTAssertEqual(
            found.first?.text(path: "f.feature"),
            #"f.feature:6:13: warning: no step uses the column 'x\ny' [unused-example-column]"#)
        let finding = LintFinding(rule: "r", severity: .error, message: "a\r\nb\u{1B}c\td", line: 1, column: 1)
        XCTAssertEqual(finding.text(path: "p"), #"p:1:1: error: a\r\nb\u{1B}c"# + "\td [r]")
    }

    func test_configuration_unknownRuleOrSeverity_isAnErrorNamingIt() {
        XCTAssertThrowsError(try LintConfiguration.read(Data(#"{"rules": {"trailing-space": "off"}}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("unknown rule 'trailing-space'"), "\(error)")
        }
        XCTAssertThrowsError(try LintConfiguration.read(Data(#"{"rules": {"step-order": "loud"}}"#.utf8)))
    }

    func test_finding_asTextAndAsAGitHubAnnotation() {
        let finding = LintFinding(
            rule: "step-order", severity: .warning, message: "Given after When", line: 6, column: 5)
        XCTAssertEqual(
            finding.text(path: "Features/a.feature"), "Features/a.feature:6:5: warning: Given after When [step-order]")
        XCTAssertEqual(
            finding.annotation(path: "Features/a.feature"),
            "::warning file=Features/a.feature,line=6,col=5,title=step-order::Given after When")
    }
}
