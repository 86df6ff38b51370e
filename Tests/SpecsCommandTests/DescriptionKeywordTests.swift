import Foundation
import XCTest

/// A step or heading the parser reads as description, its keyword misspelt or another
/// language's: the run goes on (it is legal Gherkin) and says so at its place, as `specs
/// lint` does, instead of passing a scenario that lost its steps without a word.
final class DescriptionKeywordTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-description-keywords") }
    override func tearDown() { scratch.remove() }

    /// The run's warning lines.
    private static func warnings(_ err: String) -> [Substring] {
        err.split(separator: "\n").filter { $0.contains(": warning: ") }
    }

    /// Each warning's `file:line:column:`.
    private static func places(_ warnings: [Substring]) -> [String] { warnings.map { String($0.prefix { $0 != " " }) } }

    func test_run_stepsAndHeadingsReadAsDescription_areWarnedAtTheirPlace() throws {
        try scratch.write(
            "Features/de.feature",
            "# language: de\nFunktionalität: Kasse\n\n  Szenario: Zwei\n    Given a step that passes\n")
        try scratch.write(
            "Features/fr.feature",
            "# language: fr\nFonctionnalité: Caisse\n\n  Sénario: Deux\n    Soit a step that passes\n")
        try scratch.write("Features/en.feature", "Feature: Fine\n\n  Scenario: one\n    Given a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            ["Features/de.feature:5:5:", "Features/fr.feature:4:3:"], run.err)
        XCTAssertTrue(warnings.first?.contains("did you mean 'Angenommen'?") == true, run.err)
        XCTAssertTrue(warnings.first?.hasSuffix("[other-language-keyword]") == true, run.err)
        XCTAssertTrue(warnings.last?.contains("'Scénario:'") == true, run.err)
        // Legal Gherkin: the verdict is the scenarios' (the English step in German is no step).
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }

    func test_run_lostStepsInAFeatureRuleOrExamplesDescription_areWarnedAsLintTellsThem() throws {
        try scratch.write(
            "Features/places.feature",
            "Feature: F\n  假如a step that fails\n\n  Rule: R\n    Angenommen a step that fails\n\n"
                + "    Scenario Outline: S\n      Given a step that passes\n\n"
                + "      Examples: E\n        Gievn a step that fails\n        | a |\n        | 1 |\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            ["Features/places.feature:2:3:", "Features/places.feature:5:5:", "Features/places.feature:11:9:"], run.err)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        // There no step runs whatever its keyword: the advice says where one belongs (tester Y's Y8).
        for place in ["a feature", "a rule", "an examples block"] {
            XCTAssertTrue(
                run.err.contains(
                    "(no step runs in \(place)'s description, whatever its keyword: put it in a scenario)"),
                place + ": " + run.err)
        }
        // Lint, without the definitions, reads the keywords it knows: the rule's and the examples block's.
        let lint = try ExecutableRun.run("misbehaving-specs", ["lint", "Features/places.feature"], in: project)
        XCTAssertEqual(
            lint.out.components(separatedBy: "whatever its keyword: put it in a scenario").count - 1, 2, lint.out)
    }

    func test_run_definedStepWrittenRightWhereNoStepRuns_isWarnedAndProseIsNot() throws {
        // Under `Feature:`, `Rule:` and `Examples:` a step line is description text (tester Y's finding).
        try scratch.write(
            "Features/lost.feature",
            "Feature: F\n  Given a step that fails\n\n  Rule: R\n    * a step that fails\n\n"
                + "    Scenario Outline: S\n      Given a step that passes\n\n"
                + "      Examples: E\n        Then a step that fails\n        | a |\n        | 1 |\n")
        try scratch.write(
            "Features/prose.feature",
            "Feature: P\n  When you run it, it tells you why\n\n  Scenario: S\n    Given a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            ["Features/lost.feature:2:3:", "Features/lost.feature:5:5:", "Features/lost.feature:11:9:"], run.err)
        XCTAssertTrue(warnings.allSatisfy { $0.hasSuffix("[step-in-description]") }, run.err)
        for place in ["a feature", "a rule", "an examples block"] {
            XCTAssertTrue(
                run.err.contains("no step runs in \(place)'s description, whatever its keyword"), place + ": " + run.err
            )
        }
        XCTAssertEqual(run.code, 0, "legal Gherkin: the verdict is the scenarios' " + run.out + run.err)
        // Lint, without the definitions, cannot tell such a line from prose (`When you run it`), and says nothing.
        let lint = try ExecutableRun.run("misbehaving-specs", ["lint", "Features"], in: project)
        XCTAssertFalse(lint.out.contains("step-in-description"), lint.out)
    }

    func test_run_carriageReturnAloneHidingAStep_isWarnedAtItsPlace() throws {
        try scratch.write("Features/cr.feature", "Feature: F\n  Scenario: S\r    Given a step that fails\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertTrue(
            run.err.contains("Features/cr.feature:2:14: warning: a carriage return alone (\\r, an old Mac line end)"),
            run.err)
        XCTAssertTrue(run.err.contains("[lone-carriage-return]"), run.err)
    }

    func test_run_shortKeywordOfAnotherLanguageBeforeADefinedStep_isWarnedAndProseIsNot() throws {
        // `Wenn`, `Dado`, `Als` are words of prose too: one is told when the rest of its line is a
        // step the runner defines (a German team's file without `# language: de`), not in prose.
        var text = "Feature: Lost\n"
        let keywords = ["Wenn", "Dann", "Soit", "Dado", "Als", "Stel", "Und", "Eğer ki", "Wenn:", "Dann\u{00A0}"]
        for (number, keyword) in keywords.enumerated() {
            text += "\n  Scenario: s\(number)\n    \(keyword) a step that fails\n    Given a step that passes\n"
        }
        text +=
            "\n  Scenario: prose\n    Als Kunde möchte ich zahlen\n    Dado el caso\n    Und: so weiter\n    Given a step that passes\n"
        try scratch.write("Features/lost.feature", text)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            keywords.indices.map { "Features/lost.feature:\(4 + 4 * $0):5:" }, run.err)
        XCTAssertTrue(
            warnings.first?.contains(
                "did you mean 'When'? 'Wenn' is a step keyword in de, not in this file's language (en)")
                == true, run.err)
        XCTAssertEqual(
            warnings.suffix(3).map {
                $0.components(separatedBy: " is a step keyword in ").first?.split(separator: "'").last
            },
            ["Eğer ki", "Wenn", "Dann"], run.err)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }

    func test_run_keywordWrittenWithoutASpaceBeforeADefinedStep_isWarnedAndProseIsNot() throws {
        // Chinese and Japanese keywords are written straight before their text (`假如`), as are
        // French elisions (`Lorsqu'`): a file without its `# language:` loses those steps.
        try scratch.write(
            "Features/lost.feature",
            "Feature: 登录\n\n  Scenario: s\n    假如a step that fails\n    当 a step that fails\n"
                + "    もしa step that fails\n    Lorsqu'a step that fails\n    那么\u{3000}a step that fails\n"
                + "\u{3000}\u{3000}而且a step that fails\n    那么这是说明\n    Given a step that passes\n")
        try scratch.write(
            "Features/ja.feature",
            "# language: ja\nフィーチャ: x\n\n  シナリオ: y\n    当社のa step that fails\n    前提a step that passes\n")
        try scratch.write(
            "Features/tw.feature", "# language: zh-TW\n功能: x\n\n  場景: y\n    假如a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            (4...9).map { "Features/lost.feature:\($0):\($0 == 9 ? 3 : 5):" }, run.err)
        XCTAssertTrue(
            warnings.first?.contains(
                "did you mean 'Given'? '假如' is a step keyword in zh-CN, not in this file's language (en)") == true,
            run.err)
        XCTAssertTrue(warnings[3].contains("'Lorsqu'' is a step keyword in fr"), run.err)
        XCTAssertTrue(run.out.contains("3 scenarios (3 passed)"), run.out)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }
}

extension DescriptionKeywordTests {
    /// `*` before a tab (pasted) or written straight before a defined step's text: the step is
    /// description text, and the run says so at its place; `*` before prose is left alone.
    func test_run_starWithATabOrNoSpaceBeforeADefinedStep_isWarnedAndProseIsNot() throws {
        try scratch.write(
            "Features/star.feature",
            "Feature: F\n  *emphasis* in prose\n\n  Scenario: s\n    *\ta step that fails\n    *a step that fails\n"
                + "    *not a step\n    * a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(Self.places(warnings), ["Features/star.feature:5:5:", "Features/star.feature:6:5:"], run.err)
        XCTAssertTrue(warnings.first?.contains("'*' is followed by a tab, not a space") == true, run.err)
        XCTAssertTrue(warnings.last?.contains("'*' is written straight before the step's text") == true, run.err)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }

    /// The file's own keyword in small letters, glued to its text, or followed by an invisible
    /// zero-width no-break space, before a defined step: lost, and said; prose is not (tester W's F9).
    func test_run_ownKeywordInSmallLettersGluedOrBeforeAnInvisibleSpace_isWarnedAndProseIsNot() throws {
        try scratch.write(
            "Features/own.feature",
            "Feature: F\n  As a user\n  and see my orders\n\n  Scenario: s\n    given prose that is not a step\n"
                + "    given a step that fails\n    Givena step that fails\n    Given\u{FEFF}a step that fails\n"
                + "    Given a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(Self.places(warnings), (7...9).map { "Features/own.feature:\($0):5:" }, run.err)
        XCTAssertTrue(warnings[0].contains("did you mean 'Given'? 'given' is no step keyword"), run.err)
        XCTAssertTrue(warnings[1].contains("'Given' is written straight before the step's text"), run.err)
        XCTAssertTrue(warnings[2].contains("'Given' is followed by U+FEFF, not a space"), run.err)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }

    func test_run_lostStepWithAnOutlinesPlaceholder_isWarnedWithTheExamplesValuesIn() throws {
        // `<r>` is no text of a definition: the examples' values are put in, as the outline's
        // steps would have them, before the line is matched.
        try scratch.write(
            "Features/outline.feature",
            "Feature: F\n\n  Scenario Outline: lost\n    Wenn a step that <r>\n    Given a step that passes\n\n"
                + "    Examples:\n      | r      |\n      | passes |\n      | fails  |\n\n"
                + "  Scenario Outline: later row\n    Dann a step that <r>\n    Given a step that passes\n\n"
                + "    Examples:\n      | r     |\n      | x     |\n    Examples:\n      | r     |\n      | fails |\n\n"
                + "  Scenario Outline: prose\n    Wenn the <r> comes\n    Given a step that passes\n\n"
                + "    Examples:\n      | r      |\n      | passes |\n\n"
                + "  Scenario Outline: in the examples\n    Given a step that passes\n\n"
                + "    Examples: E\n      Wenn a step that <r>\n      | r     |\n      | fails |\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = Self.warnings(run.err)
        XCTAssertEqual(
            Self.places(warnings),
            ["Features/outline.feature:4:5:", "Features/outline.feature:13:5:", "Features/outline.feature:35:7:"],
            run.err)
        XCTAssertTrue(warnings.first?.contains("did you mean 'When'? 'Wenn' is a step keyword in de") == true, run.err)
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }
}
