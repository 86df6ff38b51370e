import Foundation
import XCTest

/// The options a Cucumber user types out of habit, through the real runner: Cucumber's
/// short options are specs' long ones, `--strict` is how specs always runs, and the options
/// specs has no use for are refused with what to use instead.
final class CucumberHabitsTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-cucumber-habits")
        try project.write(
            "Features/garage.feature",
            """
            Feature: Garage
              @smoke
              Scenario: barrier opens
                Given a step that passes

              Scenario: card declined
                Given a step that fails

            """)
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project.root)
    }

    func test_run_shortTags_selectsAsTagsDoes() throws {
        for arguments in [["-t", "@smoke"], ["-t@smoke"]] {
            let run = try run(arguments + ["-f", "summary"])
            XCTAssertEqual(run.code, 0, "\(arguments): \(run.out)\(run.err)")
            XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
        }
    }

    func test_run_shortNameFormatDryRun_areTheLongOptions() throws {
        let named = try run(["-n", "card", "-f", "progress"])
        XCTAssertEqual(named.code, 1, named.err)
        XCTAssertTrue(named.out.contains("1 scenario (1 failed)"), named.out)
        XCTAssertFalse(named.out.contains("barrier opens"), named.out)
        let dry = try run(["-d", "-n", "card"])
        XCTAssertEqual(dry.code, 0, dry.out + dry.err)
        XCTAssertTrue(dry.out.contains("1 scenario (1 skipped)"), dry.out)
    }

    func test_run_shortProfile_takesTheProfileOfSpecsJSON() throws {
        try project.write("specs.json", #"{ "profiles": { "smoke": { "tags": "@smoke" } } }"#)
        for arguments in [["-p", "smoke"], ["-psmoke"]] {
            let run = try run(arguments + ["--format", "summary"])
            XCTAssertEqual(run.code, 0, "\(arguments): \(run.out)\(run.err)")
            XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
        }
    }

    func test_run_shortHelp_showsTheHelp() throws {
        let run = try run(["-h"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.hasPrefix("USAGE: "), run.out)
        XCTAssertTrue(run.out.contains("Cucumber's short options: -t (--tags), -n (--name)"), run.out)
    }

    func test_run_strict_isAcceptedAsSpecsAlwaysRuns() throws {
        let run = try run(["--strict", "--tags", "@smoke"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }

    func test_run_cucumberOptionsSpecsHasNoUseFor_areUsageErrorsNamingWhatToUse() throws {
        let cases: [([String], String)] = [
            (["-o", "out.xml"], "unknown option '-o': a format writes to a file as --format <name>:<path>"),
            (["--out", "out.xml"], "unknown option '--out': a format writes to a file as --format <name>:<path>"),
            (["-r", "features/steps"], "unknown option '-r': step definitions are compiled into the runner"),
            (["--require", "features/steps"], "unknown option '--require': step definitions are compiled"),
            (["-v"], "unknown option '-v': the version is --version"),
            (["--no-strict"], "unknown option '--no-strict': undefined, pending and ambiguous steps always fail"),
            (["-e", "wip"], "unknown option '-e': choose scenarios with --tags, --name or paths"),
            (["-x"], "unknown option '-x'; the short options are -t (--tags), -n (--name), -f (--format)"),
        ]
        for (arguments, message) in cases {
            let run = try run(arguments)
            XCTAssertEqual(run.code, 2, "\(arguments): \(run.out)")
            XCTAssertTrue(run.err.hasPrefix("error: " + message), "\(arguments): \(run.err)")
            XCTAssertTrue(run.err.contains("Run 'misbehaving-specs --help' for the options."), run.err)
        }
    }

    func test_report_shortOptionOfAnotherCommand_saysItIsNotAnOptionHere() throws {
        let run = try run(["report", "-t", "@smoke", "x.ndjson"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertTrue(
            run.err.contains("unknown option '-t': it stands for --tags, which this command does not take"), run.err)
    }

    func test_run_pathAfterDoubleDash_isAPathEvenWithADash() throws {
        let run = try run(["--", "-t"])
        XCTAssertEqual(run.code, 2, run.out)
        XCTAssertFalse(run.err.contains("unknown option"), run.err)
    }
}
