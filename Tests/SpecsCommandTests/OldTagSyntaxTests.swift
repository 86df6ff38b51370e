import Foundation
import XCTest

/// Cucumber's old tag syntax, `~@wip` for not and `@a,@b` for or, through the real executable:
/// told the expression that says it today, from `--tags` and from `specs.json` alike.
final class OldTagSyntaxTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-old-tags")
        try project.write(
            "Features/a.feature",
            "Feature: A\n  @a\n  Scenario: one\n    Given a step\n  @wip\n  Scenario: two\n    Given a step\n")
    }

    override func tearDown() {
        project.remove()
    }

    private func specs(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("specs", arguments + ["--format", "summary"], in: project.root)
    }

    func test_run_tildeNegation_isAUsageErrorSayingTodaysSyntax() throws {
        let cases = [
            ("~@wip", "'~@wip' is the old tag syntax; write 'not @wip'"),
            ("@a and ~@wip", "'~@wip' is the old tag syntax; write 'not @wip'"),
            ("~@a,@wip", "'~@a,@wip' is the old tag syntax; write 'not @a or @wip'"),
        ]
        for (tags, expected) in cases {
            let run = try specs(["--tags", tags])
            XCTAssertEqual(run.code, 2, tags + run.out)
            XCTAssertEqual(run.err, "error: --tags '\(tags)': \(expected)\n", tags)
            XCTAssertFalse(run.err.contains("Did you mean"), run.err)
        }
    }

    func test_run_tildeNegationInSpecsJSON_isTheSameError() throws {
        try project.write("specs.json", #"{ "default": { "tags": "~@wip" } }"#)
        let run = try specs([])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(
            run.err, "specs.json:1:16: error: --tags '~@wip': '~@wip' is the old tag syntax; write 'not @wip'\n")
    }

    /// Tags a run takes from specs.json are named so in its warnings and its verdict: the
    /// command line has no `--tags` to correct.
    func test_run_unknownTagOfSpecsJSON_isNamedAsSpecsJSONsTags() throws {
        try project.write("specs.json", #"{ "default": { "tags": "@smok" }, "profiles": { "ci": { "tags": "@ax" } } }"#)
        let run = try specs([])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.err.contains("warning: the tags of specs.json: no scenario has the tag @smok."), run.err)
        XCTAssertTrue(
            run.out.contains(
                "no scenario was selected: the tags of specs.json '@smok' matches none of the 2 scenarios"),
            run.out)
        let profile = try specs(["--profile", "ci"])
        XCTAssertTrue(
            profile.err.contains("warning: the tags of specs.json's profile 'ci': no scenario has the tag @ax."),
            profile.err)
        let given = try specs(["--tags", "@wpi"])
        XCTAssertTrue(given.err.contains("warning: --tags: no scenario has the tag @wpi."), given.err)
        try project.write("Features/a.feature", "Feature: A\n  @a\n  Scenario: one\n    Given a step\n")
        let one = try specs(["--tags", "@wip"])
        XCTAssertTrue(
            one.out.contains("no scenario was selected: --tags '@wip' does not match the one scenario"), one.out)
    }

    func test_run_tildeWithoutAt_isAUsageErrorSayingTodaysSyntax() throws {
        let run = try specs(["--tags", "~wip"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "error: --tags '~wip': '~wip' is the old tag syntax; write 'not @wip'\n")
        try project.write("specs.json", #"{ "default": { "tags": "@a and ~wip" } }"#)
        let file = try specs([])
        XCTAssertEqual(file.code, 2, file.out)
        XCTAssertEqual(
            file.err, "specs.json:1:16: error: --tags '@a and ~wip': '~wip' is the old tag syntax; write 'not @wip'\n")
    }

    func test_run_commaList_warnsWithTodaysSyntaxAndSelectsNothing() throws {
        let run = try specs(["--tags", "@a,@wip"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(
            run.err.contains(
                "warning: --tags: no scenario has the tag @a,@wip. '@a,@wip' is the old tag syntax; write '@a or @wip'."
            ), run.err)
    }

    func test_run_tagWithoutAt_isStillToldTheNearestTag() throws {
        let run = try specs(["--tags", "wip"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertEqual(run.err, "error: --tags 'wip': 'wip' is not a tag, tags start with @. Did you mean '@wip'?\n")
    }
}
