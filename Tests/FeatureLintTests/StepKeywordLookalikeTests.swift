import ConformanceData
import FeatureLint
import Foundation
import XCTest

/// Description lines that read as steps whose keyword is misspelt or of another language:
/// legal Gherkin, read as description text, so the step never runs and the scenario passes
/// without it. Prose in a description is left alone.
final class StepKeywordLookalikeTests: XCTestCase {
    private func findings(_ text: String) -> [String] {
        FeatureLinter().lint(text, uri: "f.feature").map { "\($0.line):\($0.column) \($0.severity) \($0.rule)" }
    }

    private func messages(_ text: String) -> [String] {
        FeatureLinter().lint(text, uri: "f.feature").map(\.message)
    }

    private let misspelt = """
        Feature: typo

          Scenario: refused
            Gievn an account with 100 EUR
            When I withdraw 300 EUR
            Then the withdrawal is refused
        """

    func test_lint_headingOrStepKeywordInDecomposedUnicode_isAnErrorSayingSo() {
        // Equal to the keyword as Swift compares text, none to the parser, which reads bytes.
        let scenario = "Sce\u{0301}nario: A"
        let heading =
            "# language: fr\nFonctionnalité: F\n  \(scenario)\n    Soit a step\n\n  Scénario: B\n    Soit a step\n"
        XCTAssertEqual(findings(heading), ["3:3 error misspelt-keyword"])
        XCTAssertTrue(messages(heading).first?.contains("is in decomposed Unicode") == true, "\(messages(heading))")
        let step =
            "# language: fr\nFonctionnalité: F\n  Scénario: A\n    E\u{0301}tant donné que a step\n    Soit a step\n"
        XCTAssertEqual(findings(step), ["4:5 error misspelt-keyword"])
        XCTAssertTrue(messages(step).first?.contains("save the file as NFC") == true, "\(messages(step))")
    }

    func test_lint_carriageReturnAloneInsideALine_isAnErrorButInADocString() {
        // The parser ends lines at `\n` and `\r\n` only: the step after the `\r` is the scenario's name.
        XCTAssertEqual(findings("Feature: F\n  Scenario: S\r    Given a step\n"), ["2:14 error lone-carriage-return"])
        XCTAssertEqual(findings("Feature: F\r\n  Scenario: S\r\n    Given a step\r\n"), [])
        XCTAssertEqual(
            findings("Feature: F\n  Scenario: S\n    Given a step\n      \"\"\"\n      a\rb\n      \"\"\"\n"), [],
            "a doc string's carriage return is its data")
        XCTAssertEqual(findings("Feature: F\n  # a note\rgoing on\n  Scenario: S\n    Given a step\n"), [])
    }

    func test_lint_frenchKeywordWithAnElisionInAnEnglishFile_isStillAnError() {
        // `Étant donné qu'` is written without a space, and `Étant donné` is a keyword before a
        // space too: the line is told as the French step it is, as before elisions were read.
        for line in ["Étant donné qu'un client est connecté", "Sachant qu'un client est connecté"] {
            let text = "Feature: F\n\n  Scenario: S\n    \(line)\n    Given an account\n"
            XCTAssertEqual(findings(text), ["4:5 error other-language-keyword"], line)
        }
    }

    func test_lint_stepKeywordFollowedByATabOrANoBreakSpace_isAMisspeltKeyword() {
        for (space, named) in [("\t", "a tab"), ("\u{00A0}", "U+A0"), ("\u{3000}", "U+3000")] {
            let text =
                "Feature: pasted\n\n  Scenario: refused\n    Given\(space)an account with 100 EUR\n"
                + "    When I withdraw 300 EUR\n"
            XCTAssertEqual(findings(text), ["4:5 error misspelt-keyword"], named)
            XCTAssertEqual(
                messages(text),
                [
                    "'Given' is followed by \(named), not a space, so it is no step keyword: the line is description "
                        + "text, and its step never runs"
                ], named)
        }
        // A plain space is a step, read as one.
        XCTAssertEqual(findings("Feature: f\n\n  Scenario: s\n    Given an account\n"), [])
    }

    /// `*`, every language's keyword, pasted with a tab or a no-break space after it: lost as
    /// `Given` is; written straight before its text it may be prose (`*emphasis*`), which lint,
    /// knowing no step definitions, leaves alone.
    func test_lint_starFollowedByATabOrANoBreakSpace_isAMisspeltKeyword() {
        for (space, named) in [("\t", "a tab"), ("\u{00A0}", "U+A0")] {
            let text = "Feature: pasted\n\n  Scenario: refused\n    *\(space)an account with 100 EUR\n    * I pay\n"
            XCTAssertEqual(findings(text), ["4:5 error misspelt-keyword"], named)
            XCTAssertEqual(
                messages(text),
                [
                    "'*' is followed by \(named), not a space, so it is no step keyword: the line is description "
                        + "text, and its step never runs"
                ], named)
        }
        XCTAssertEqual(findings("Feature: f\n  Some *emphasis* here\n  *bold*\n\n  Scenario: s\n    * a step\n"), [])
        XCTAssertEqual(findings("Feature: f\n\n  Scenario: s\n    *an account\n    * I pay\n"), [])
    }

    func test_lint_stepKeywordFollowedByAColon_isAMisspeltKeyword() {
        let text = """
            Feature: colons

              Scenario: refused
                Given: an account with 100 EUR
                When I withdraw 300 EUR
            """
        XCTAssertEqual(findings(text), ["4:5 error misspelt-keyword"])
        XCTAssertEqual(
            messages(text),
            [
                "did you mean 'Given'? 'Given:' with a colon is no step keyword: the line is description text, "
                    + "and its step never runs"
            ])
        // In German too, and a line of prose that ends with a colon is left alone.
        XCTAssertEqual(
            findings("# language: de\nFunktionalität: f\n\n  Szenario: s\n    Angenommen: ein Konto\n"),
            ["5:5 error misspelt-keyword"])
        XCTAssertEqual(findings("Feature: f\n\n  Scenario: s\n    Given:\n    Given an account\n"), [])
    }

    func test_lint_stepKeywordInCapitals_isAMisspeltKeywordAndInSmallLettersIsProse() {
        let capitals = "Feature: f\n\n  Scenario: s\n    GIVEN an account with 100 EUR\n    When I withdraw 300 EUR\n"
        XCTAssertEqual(findings(capitals), ["4:5 error misspelt-keyword"])
        XCTAssertEqual(
            messages(capitals),
            [
                "did you mean 'Given'? 'GIVEN' is no step keyword: the line is description text, "
                    + "and its step never runs"
            ])
        // A user story's line may start with a keyword in small letters: it is prose.
        let story = """
            Feature: f

              Scenario: s
                As a customer
                I want to log in
                and see my orders
                Given an account
            """
        XCTAssertEqual(findings(story), [])
    }

    func test_lint_misspeltGivenBeforeTheSteps_isAnErrorSayingWhatItMeans() {
        XCTAssertEqual(findings(misspelt), ["4:5 error misspelt-keyword"])
        XCTAssertEqual(
            messages(misspelt),
            [
                "did you mean 'Given'? 'Gievn' is no step keyword: the line is description text, "
                    + "and its step never runs"
            ])
    }

    func test_lint_englishStepKeywordInAGermanFile_isAnErrorNamingTheGermanKeyword() {
        let text = """
            # language: de
            Funktionalität: Konto

              Szenario: abgelehnt
                Given ein Konto mit 1 EUR
                Wenn ich 3 EUR abhebe
                Dann wird es abgelehnt
            """
        XCTAssertEqual(findings(text), ["5:5 error other-language-keyword"])
        XCTAssertEqual(
            messages(text).first,
            "did you mean 'Angenommen'? 'Given' is a step keyword in en, not in this file's language (de): "
                + "the line is description text, and its step never runs")
    }

    func test_lint_germanStepKeywordsInAnEnglishFile_areErrors() {
        let text = "Feature: F\n\n  Scenario: S\n    Angenommen ein Konto\n    Gegeben sei ein Betrag\n    When I pay\n"
        XCTAssertEqual(findings(text), ["4:5 error other-language-keyword", "5:5 error other-language-keyword"])
        XCTAssertEqual(
            messages(text).first?.hasPrefix("did you mean 'Given'? 'Angenommen' is a step keyword in de"), true)
    }

    func test_lint_otherLanguagesKeywordBeforeANoBreakSpaceOrAColon_isAnErrorAndAProseLabelIsNot() {
        // Pasted text (a no-break space) or a heading's colon after another language's keyword.
        let english =
            "Feature: F\n\n  Scenario: a\n    Angenommen\u{00A0}ein Konto\n    When I pay\n\n"
            + "  Scenario: b\n    Quand: le client paie\n    When I pay\n\n"
            + "  Scenario: c\n    Data: kept for a year\n    When I pay\n\n"
            + "  Scenario: d\n    Gegeben sei\u{202F}ein Betrag\n    When I pay\n"
        XCTAssertEqual(
            findings(english),
            [
                "4:5 error other-language-keyword", "8:5 error other-language-keyword",
                "16:5 error other-language-keyword",
            ])
        XCTAssertEqual(
            messages(english).first?.hasPrefix("did you mean 'Given'? 'Angenommen' is a step keyword in de"), true)
        let german =
            "# language: de\nFunktionalität: F\n\n  Szenario: a\n    Given\u{00A0}an account\n    Wenn ich zahle\n\n"
            + "  Szenario: b\n    When: I pay\n    Wenn ich zahle\n"
        XCTAssertEqual(findings(german), ["5:5 error other-language-keyword", "9:5 error other-language-keyword"])
    }

    func test_lint_longestStepKeywordsOfAnyLanguageInAnEnglishFile_areErrors() {
        // The first words of a line are compared up to the longest keyword of any language
        // (Marathi's, 46 bytes): the longest are still found.
        let text = "Feature: F\n\n  Scenario: S\n    दिलेल्या प्रमाणे खाते\n    கொடுக்கப்பட்ட கணக்கு\n    When I pay\n"
        XCTAssertEqual(findings(text), ["4:5 error other-language-keyword", "5:5 error other-language-keyword"])
        XCTAssertEqual(
            messages(text).map { $0.components(separatedBy: " is a step keyword in ").last?.prefix(2) ?? "" },
            ["mr", "ta"])
    }

    func test_lint_nearMissesOfEachStepKeyword_areMisspeltKeywords() {
        let text = """
            Feature: F

              Scenario: S
                Givrn a
                Whne b
                Thn c
                Adn d
                Btu e
                Thenn f
                Whwn g
                When h
            """
        XCTAssertEqual(findings(text), (4...10).map { "\($0):5 error misspelt-keyword" })
        XCTAssertEqual(
            messages(text).map { $0.components(separatedBy: "?").first ?? "" },
            ["Given", "When", "Then", "And", "But", "Then", "When"].map { "did you mean '\($0)'" })
    }

    func test_lint_englishWordOneLetterFromAKeyword_isProse() {
        let text =
            "Feature: F\n\n  Scenario: S\n    Carts expire after a while\n    Ten minutes later the cart expires\n"
            + "    Then the cart is empty\n\n  Scenario: T\n    Thn a step\n    When I pay\n"
        XCTAssertEqual(findings(text), ["9:5 error misspelt-keyword"])
    }

    func test_lint_nearMissOfAGermanKeywordOfTwoWords_isAMisspeltKeyword() {
        let text = "# language: de\nFunktionalität: F\n\n  Szenario: S\n    Gegebn sei ein Konto\n    Wenn ich zahle\n"
        XCTAssertEqual(findings(text), ["5:5 error misspelt-keyword"])
        XCTAssertEqual(messages(text).first?.hasPrefix("did you mean 'Gegeben sei'?"), true)
    }

    func test_lint_proseThatStartsLikeAStepKeyword_isNotFlagged() {
        let prose = [
            "The account is overdrawn", "They can withdraw up to 300 EUR", "Them and us", "Than expected",
            "Any user can pay", "An account with money", "Add items to the cart", "Out of stock items are hidden",
            "Data is exported nightly", "Date of birth is required", "Logo is shown", "End users see a banner",
            "Gives the user a choice", "Give it a name", "Whenever a user pays", "Thin clients pay", "Buy now",
            "Butter is cheap", "I want to pay", "A user pays", "Given that the user pays.", "Then.", "THEN SHOUT it",
            "given in lower case", "Wren is a bird", "Teen accounts",
        ]
        // The last scenario's misspelt step, beside them, is the one finding.
        let text =
            "Feature: F\n"
            + prose.enumerated().map { "\n  Scenario: S\($0.offset)\n    \($0.element)\n    Given a\n" }.joined()
            + "\n  Scenario: typo\n    Thn a\n"
        XCTAssertEqual(findings(text), ["\(4 * prose.count + 4):5 error misspelt-keyword"])
    }

    func test_lint_proseInOtherLanguagesFiles_isNotFlagged() {
        XCTAssertEqual(
            findings(
                "# language: de\nFunktionalität: Konto\n  Als Kunde möchte ich zahlen\n  Und danach gehen\n\n"
                    + "  Szenario: S\n    Denn das Konto ist leer\n    Angenommen ein Konto\n\n"
                    + "  Szenario: T\n    Dan ist es leer\n    Dnan ist es leer\n"), ["12:5 error misspelt-keyword"])
        XCTAssertEqual(
            findings(
                "# language: es\nCaracterística: Cuenta\n\n  Escenario: S\n    Toda la cuenta\n"
                    + "    Cuanto antes mejor\n    Dado una cuenta\n\n  Escenario: T\n    Given una cuenta\n"),
            ["10:5 error other-language-keyword"])
    }

    func test_lint_misspeltStepFollowedByProse_isNotFlagged() {
        // Only the lines at a description's end, where misread steps stand, are read as steps.
        XCTAssertEqual(
            findings("Feature: F\n\n  Scenario: S\n    Thn a\n    The rest is prose\n    Given a\n"), [])
        XCTAssertEqual(
            findings("Feature: F\n\n  Scenario: S\n    The start is prose\n\n    Thn a\n    Given a\n"),
            ["6:5 error misspelt-keyword"])
    }

    func test_lint_misspeltStepsInEachKindOfDescription_areFlagged() {
        let text = """
            Feature: F
              Gievn a feature line

              Background:
                Gievn a background line
                Given a

              Rule: R
                Gievn a rule line

                Scenario Outline: O
                  Gievn an outline line
                  Given <x>

                  Examples:
                    Gievn an examples line
                    | x |
                    | 1 |
            """
        XCTAssertEqual(
            findings(text), ["2:3", "5:5", "9:5", "12:7", "16:9"].map { "\($0) error misspelt-keyword" })
    }

    func test_lint_misspeltScenarioWhoseStepsAreMisspeltToo_flagsEachLine() {
        XCTAssertEqual(
            findings("Feature: F\n\n  Scenaro: lost\n    Gievn a\n    Whne b\n"),
            ["3:3 error misspelt-keyword", "4:5 error misspelt-keyword", "5:5 error misspelt-keyword"])
    }

    func test_lint_goodConformanceAndProjectFeatureFiles_haveNoStepKeywordFindings() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        var files = ConformanceDirectory.files("gherkin/good", suffix: ".feature")
        if files.isEmpty, ConformanceDirectory.isAbsent(announce: false, fail: { XCTFail($0) }),
            !ConformanceDirectory.isRequired
        {
            print("Conformance files skipped: \(ConformanceDirectory.skipReason)")
        }
        for folder in ["Features", "Examples"] {
            let enumerator = FileManager.default.enumerator(
                at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == "feature" { files.append(url) }
            }
        }
        XCTAssertGreaterThan(files.count, 4)
        for file in files {
            // A file in another encoding (`# encoding: iso-8859-1`) is read with its odd bytes replaced.
            let data = try Data(contentsOf: file)
            let text = String(data: data, encoding: .utf8) ?? String(decoding: data, as: UTF8.self)
            let found = FeatureLinter().lint(text, uri: file.path).filter {
                ["misspelt-keyword", "other-language-keyword"].contains($0.rule)
            }
            XCTAssertEqual(found.map { $0.text(path: file.lastPathComponent) }, [], file.path)
        }
    }
}
