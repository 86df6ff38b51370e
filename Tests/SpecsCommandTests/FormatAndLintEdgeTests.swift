import Foundation
import XCTest

/// `specs format` and `specs lint` on files as real projects have them, through the real
/// executable: the formatter keeps what a file means and how it is stored (mode, line
/// ends, byte order mark, language line), says honestly what it could not write, and the
/// misspelt-keyword rule speaks only of lines that would have started a block.
final class FormatAndLintEdgeTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-format") }
    override func tearDown() { scratch.remove() }

    private func write(_ name: String, _ bytes: String, mode: Int = 0o644) throws {
        try scratch.write("Features/\(name)", bytes)
        chmod(project.appendingPathComponent("Features/\(name)").path, mode_t(mode))
    }

    private func read(_ name: String) throws -> String { try scratch.read("Features/\(name)") }

    private func permissions(_ name: String) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(
            atPath: project.appendingPathComponent("Features/\(name)").path)
        return (attributes[.posixPermissions] as? Int) ?? -1
    }

    private let messy = "Feature: F\n  Scenario: S\n      Given x\n"

    /// A folder without feature files (a path mistyped by one level, the files moved) checked
    /// nothing: lint and format fail saying so, as a run that selects nothing does; a file in it
    /// is checked again (tester W).
    func test_lintAndFormat_folderWithoutFeatureFiles_failSayingNothingWasChecked() throws {
        try scratch.write("Features/notes/readme.txt", "no features here\n")
        let cases: [([String], String)] = [
            (["lint", "Features"], "error: no .feature file under Features: nothing was linted"),
            (["format", "--check", "Features"], "error: no .feature file under Features: nothing was checked"),
            (["format", "Features"], "error: no .feature file under Features: nothing was formatted"),
        ]
        for (arguments, words) in cases {
            let run = try ExecutableRun.run("specs", arguments, in: project)
            XCTAssertEqual(run.code, 1, arguments.joined(separator: " ") + ": " + run.err)
            XCTAssertTrue(run.err.contains(words), run.err)
        }
        try write("f.feature", messy)
        XCTAssertEqual(try ExecutableRun.run("specs", ["lint", "Features"], in: project).code, 0)
        XCTAssertEqual(try ExecutableRun.run("specs", ["format", "--check", "Features"], in: project).code, 1)
    }

    func test_format_keepsEachFilesMode() throws {
        for mode in [0o600, 0o640, 0o755] { try write("m\(String(mode, radix: 8)).feature", messy, mode: mode) }
        let run = try ExecutableRun.run("specs", ["format"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        for mode in [0o600, 0o640, 0o755] {
            XCTAssertEqual(try permissions("m\(String(mode, radix: 8)).feature"), mode)
            XCTAssertTrue(try read("m\(String(mode, radix: 8)).feature").contains("\n    Given x\n"))
        }
    }

    /// Run as root (a container, `sudo`), the formatter gives a file back to its owner.
    func test_format_asRoot_keepsEachFilesOwnerAndGroup() throws {
        try XCTSkipUnless(geteuid() == 0, "only root can give a file to another user")
        try write("owned.feature", messy, mode: 0o664)
        let path = project.appendingPathComponent("Features/owned.feature").path
        XCTAssertEqual(chown(path, 1234, 2345), 0)
        let run = try ExecutableRun.run("specs", ["format"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        var info = stat()
        XCTAssertEqual(stat(path, &info), 0)
        XCTAssertEqual([info.st_uid, info.st_gid], [1234, 2345])
        XCTAssertEqual(info.st_mode & 0o777, 0o664)
        XCTAssertTrue(try read("owned.feature").contains("\n    Given x\n"))
    }

    func test_format_fileItCannotWrite_isNamedOnceAndNotCountedAsFormatted() throws {
        try write("locked.feature", messy, mode: 0o444)
        let run = try ExecutableRun.run("specs", ["format"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertEqual(
            run.err,
            "Features/locked.feature: error: the file is read-only (mode 444): left as it is\n"
                + "formatted 0 of 1 feature file(s); 1 could not be written (see the errors above)\n")
        XCTAssertEqual(try read("locked.feature"), messy)
        XCTAssertEqual(try permissions("locked.feature"), 0o444)
    }

    /// A file whose new text cannot be written whole (a file-size limit, as a full disk) is left
    /// exactly as it was, never removed.
    func test_format_fileWhoseNewTextCannotBeWritten_isLeftAsItWas() throws {
        let big = "Feature: F\n  Scenario: S\n" + (0..<400).map { "      Given step number \($0)\n" }.joined()
        try write("big.feature", big)
        let limited = try ExecutableRun.run(
            "specs", ["format", "Features/big.feature"], in: project,
            script: "trap '' XFSZ; ulimit -f 8 && exec \"$0\" \"$@\"")
        XCTAssertEqual(limited.code, 2, limited.err)
        XCTAssertTrue(limited.err.contains("Features/big.feature: error: cannot write"), limited.err)
        XCTAssertTrue(limited.err.contains("(the file is left as it was)"), limited.err)
        XCTAssertEqual(try read("big.feature"), big)

        let folder = try FileManager.default.contentsOfDirectory(
            atPath: project.appendingPathComponent("Features").path)
        XCTAssertEqual(folder, ["big.feature"], "no partial file is left")
    }

    /// A signal stops the formatter between two files: each is either formatted or as it was,
    /// and no partial file is left beside any.
    func test_format_stoppedBySIGTERM_leavesEveryFileWholeAndNoPartialFile() throws {
        let body = "Feature:   f\n" + (0..<1500).map { "  Scenario:   s\($0)\n      Given   a step \($0)\n" }.joined()
        for index in 0..<200 { try write("f\(index).feature", body) }
        let run = try ExecutableRun.run("specs", ["format"], in: project, signal: SIGTERM, after: 1)
        XCTAssertEqual(run.code, 143, run.err)
        XCTAssertTrue(run.err.contains("stopped by SIGTERM: the files after these were not looked at"), run.err)
        let names = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("Features").path)
        XCTAssertEqual(names.filter { $0.hasSuffix(".partial") }, [])
        let texts = try names.map { try read($0) }
        XCTAssertTrue(
            texts.allSatisfy { $0 == body || $0.hasPrefix("Feature: f\n\n  Scenario: s0\n    Given a step 0\n") })
        XCTAssertTrue(texts.contains(body), "the signal came after the last file")
    }

    func test_lint_misspeltKeywordBelowACommentAndACellWithANewline_oneLineEachAtItsPlace() throws {
        try write(
            "commented.feature", "Feature: Checkout\n  The cart pays.\n  # TODO\n  Scenaro: paying\n    Given a cart\n")
        try write(
            "newline.feature",
            "Feature: f\n  Scenario Outline: o\n    Given <a>\n\n    Examples:\n      | a | x\\ny |\n      | 1 | 2    |\n"
        )
        let run = try ExecutableRun.run("specs", ["lint"], in: project)
        XCTAssertEqual(run.code, 1, run.err)
        let lines = run.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2, run.out)
        XCTAssertTrue(lines[0].hasPrefix("Features/commented.feature:4:3: error: 'Scenaro:' looks like"), run.out)
        XCTAssertEqual(
            lines[1], #"Features/newline.feature:6:13: warning: no step uses the column 'x\ny' [unused-example-column]"#
        )
    }

    func test_lint_fileFormatLeftAsItIs_hasNoTrailingSpacesInCommentsNorFlaggedInDocStrings() throws {
        try write(
            "f.feature",
            "Feature: f\n\n  # note   \n  Scenario: s\n    Given a\n      \"\"\"\n      keep   \n      \"\"\"\n")
        let format = try ExecutableRun.run("specs", ["format"], in: project)
        XCTAssertEqual(format.code, 0, format.err)
        XCTAssertEqual(
            try read("f.feature"),
            "Feature: f\n\n  # note\n  Scenario: s\n    Given a\n      \"\"\"\n      keep   \n      \"\"\"\n")
        let check = try ExecutableRun.run("specs", ["format", "--check"], in: project)
        XCTAssertEqual(check.code, 0, check.err)
        let lint = try ExecutableRun.run("specs", ["lint"], in: project)
        XCTAssertEqual(lint.code, 0, lint.err)
        XCTAssertEqual(lint.out, "")
    }

    func test_formatCheck_fileThatDoesNotParse_isNotCalledFormatted() throws {
        try write("good.feature", "Feature: F\n\n  Scenario: S\n    Given x\n")
        try write("bad.feature", "Feature: F\n  Scenario: S\n    Given x\n      | a |\n      | b | c |\n")
        let run = try ExecutableRun.run("specs", ["format", "--check"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(
            run.err.hasSuffix(
                "1 of 2 feature file(s) already formatted; 1 could not be read or do not parse, and were "
                    + "left as they are\n"), run.err)
    }

    /// The files the formatter once changed the meaning of, or lost text from, each as found.
    func test_format_filesThatOnceLostMeaning_keepTheirMeaningAndLayout() throws {
        let cases: [(name: String, source: String, formatted: String)] = [
            (
                "empty-row", "Feature: F\n  Scenario: S\n    Given x\n      |\n",
                "Feature: F\n\n  Scenario: S\n    Given x\n      |\n"
            ),
            (
                "late-language", "Feature: F\n# language: fr\n  Scenario: S\n    Given x\n",
                "Feature: F\n\n# language: fr\n  Scenario: S\n    Given x\n"
            ),
            (
                "blank-first-description", "Feature: F\n  # c\n\n  desc\n  more\n\n  Scenario: S\n    Given x\n",
                "Feature: F\n  # c\n\n  desc\n  more\n\n  Scenario: S\n    Given x\n"
            ),
            (
                "explicit-en", "# language: en\nFeature: F\n  Scenario: S\n    Given x\n",
                "# language: en\nFeature: F\n\n  Scenario: S\n    Given x\n"
            ),
            (
                "bom-crlf", "\u{FEFF}Feature: F\r\n  Scenario: S\r\n    Given x\r\n",
                "\u{FEFF}Feature: F\r\n\r\n  Scenario: S\r\n    Given x\r\n"
            ),
        ]
        for example in cases { try write("\(example.name).feature", example.source) }
        let run = try ExecutableRun.run("specs", ["format"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        for example in cases { XCTAssertEqual(try read("\(example.name).feature"), example.formatted, example.name) }
        let again = try ExecutableRun.run("specs", ["format", "--check"], in: project)
        XCTAssertEqual(again.code, 0, again.out + again.err)
        XCTAssertTrue(again.err.contains("5 of 5 feature file(s) already formatted"), again.err)
    }

    func test_lint_headingsInADescription_areNotMisspeltKeywords() throws {
        try write(
            "headings.feature",
            "Feature: F\n\n\n  Rules:\n   - a\n\n  EXAMPLES:\n  . Scenario: x\n  REUSE:\n\n  Scenario: S\n    Given x\n"
        )
        let run = try ExecutableRun.run("specs", ["lint"], in: project)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertFalse(run.out.contains("misspelt-keyword"), run.out)
    }

    func test_lint_misspeltScenarioWhoseStepsFollow_isAnErrorAtItsOwnLine() throws {
        try write("lost.feature", "Feature: F\n\n\n  Scenaro: lost\n    Given a\n")
        let run = try ExecutableRun.run("specs", ["lint"], in: project)
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(
            run.out.contains("Features/lost.feature:4:3: error: 'Scenaro:' looks like a misspelt 'Scenario:'"), run.out)
    }

    func test_lint_misspeltOrForeignStepKeywordBeforeTheSteps_exitsOneNamingTheLine() throws {
        try write(
            "typo.feature",
            "Feature: typo\n\n  Scenario: refused\n    Gievn an account with 100 EUR\n    When I withdraw 300 EUR\n"
                + "    Then the withdrawal is refused\n")
        try write(
            "de.feature",
            "# language: de\nFunktionalität: Konto\n\n  Szenario: abgelehnt\n    Given ein Konto mit 1 EUR\n"
                + "    Wenn ich 3 EUR abhebe\n    Dann wird es abgelehnt\n")
        let run = try ExecutableRun.run("specs", ["lint"], in: project)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(
            run.out.contains(
                "Features/typo.feature:4:5: error: did you mean 'Given'? 'Gievn' is no step keyword: "
                    + "the line is description text, and its step never runs [misspelt-keyword]"), run.out)
        XCTAssertTrue(
            run.out.contains(
                "Features/de.feature:5:5: error: did you mean 'Angenommen'? 'Given' is a step keyword in en, "
                    + "not in this file's language (de)"), run.out)
    }
}
