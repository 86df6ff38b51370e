import Foundation
import XCTest

/// The rerun file through the real executable: a line per feature file, its path as it is
/// (spaces and all), read back by `specs @FILE` as written, and as Cucumber-Ruby writes it.
final class RerunFileTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-rerun")
        try scratch.write(
            "Features/my folder/a b.feature",
            "Feature: A\n\n  Scenario: red\n    Given a step that fails\n\n  Scenario: green\n    Given a step that passes\n"
        )
        try scratch.write(
            "Features/c.feature", "Feature: C\n\n  Scenario: red too\n    Given a step that fails\n")
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project)
    }

    /// `Features/broken.feature`, which does not parse at its line 5.
    private func writeBrokenFeature() throws {
        try scratch.write(
            "Features/broken.feature", "Feature: B\n\n  Scenario: b\n    Given a step that passes\n  not a step\n")
    }

    /// A feature file or a folder after `@` is no rerun file: said so, not read as a path a
    /// line (tester Z1's Z1-9: `Feature: s: error: no such file or directory`, a line each).
    func test_rerunFile_featureFileOrFolderAfterTheAt_isToldToRunItWithoutTheAt() throws {
        for (argument, words) in [
            ("@Features/c.feature", "is a feature file, not a rerun file"),
            ("@Features", "is a folder, not a rerun file"),
        ] {
            let run = try run([argument, "--format", "summary"])
            XCTAssertEqual(run.code, 2, run.out + run.err)
            XCTAssertTrue(run.err.contains("\(argument.dropFirst()): error: \(words)"), run.err)
            XCTAssertTrue(run.err.contains("without the @ (specs \(argument.dropFirst()))"), run.err)
            XCTAssertFalse(run.err.contains("Feature: "), "no line of it read as a path: \(run.err)")
        }
    }

    func test_rerunFile_pathsWithSpaces_areWrittenAsTheyAreAndRunAgain() throws {
        let first = try run(["--format", "rerun:r.txt", "--format", "summary"])
        XCTAssertEqual(first.code, 1, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/c.feature:3\nFeatures/my folder/a b.feature:3\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("2 scenarios (2 failed)"), again.out)
        XCTAssertFalse(again.err.contains("does not exist"), again.err)
    }

    /// A feature file given by a path that starts with `#` (a note's mark) or a space: the
    /// rerun file writes it from `./`, and the rerun runs and fails it. It used to read as a
    /// note, so the rerun of a failed run passed with nothing to run.
    func test_rerunFile_pathsStartingWithAHashOrASpace_areWrittenSoTheRerunRunsThem() throws {
        for name in ["#hash.feature", " lead.feature"] {
            try scratch.write(name, "Feature: H\n\n  Scenario: red\n    Given a step that fails\n")
        }
        let first = try run(["#hash.feature", " lead.feature", "--format", "rerun:r.txt", "--format", "summary"])
        XCTAssertEqual(first.code, 1, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "./ lead.feature:3\n./#hash.feature:3\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("2 scenarios (2 failed)"), again.out)
    }

    func test_rerunFile_startingWithAByteOrderMark_isReadAsWithout() throws {
        try scratch.write("r.txt", "\u{FEFF}Features/c.feature:3\r\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("1 scenario (1 failed)"), again.out)
    }

    func test_rerunFile_placesSeparatedBySpacesOnOneLine_areEachRun() throws {
        try scratch.write("r.txt", "Features/my folder/a b.feature:3:6 Features/c.feature:3\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("3 scenarios (2 failed, 1 passed)"), again.out)
    }

    func test_rerunFile_aFileThatDoesNotParseBesideAFailedScenario_namesBothAndTheRerunFailsUntilItParses() throws {
        try writeBrokenFeature()
        let first = try run(["Features/broken.feature", "Features/c.feature", "--format", "rerun:r.txt"])
        XCTAssertEqual(first.code, 2, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/broken.feature\nFeatures/c.feature:3\n")
        // The failed scenario passes on its rerun; the file that does not parse still fails it.
        try scratch.write("Features/c.feature", "Feature: C\n\n  Scenario: red too\n    Given a step that passes\n")
        let again = try run(["@r.txt", "--format", "summary", "--format", "rerun:r.txt"])
        XCTAssertEqual(again.code, 2, again.out + again.err)
        XCTAssertTrue(again.err.contains("Features/broken.feature:5"), again.err)
        XCTAssertTrue(again.out.contains("1 feature file does not parse: Features/broken.feature:5"), again.out)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/broken.feature\n")
        try scratch.write("Features/broken.feature", "Feature: B\n\n  Scenario: b\n    Given a step that passes\n")
        let fixed = try run(["@r.txt", "--format", "summary", "--format", "rerun:r.txt"])
        XCTAssertEqual(fixed.code, 0, fixed.out + fixed.err)
        XCTAssertTrue(fixed.out.hasSuffix("PASSED: 1 scenario passed\n"), fixed.out)
        XCTAssertEqual(try scratch.read("r.txt"), "")
    }

    func test_rerunFile_aFileThatDoesNotParseNamedWithLines_isNamedWithThoseLines() throws {
        // So that `specs @FILE` selects what the run was asked for once the file parses, not all of it.
        try writeBrokenFeature()
        let first = try run(["Features/broken.feature:3:4", "Features/c.feature", "--format", "rerun:r.txt"])
        XCTAssertEqual(first.code, 2, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/broken.feature:3:4\nFeatures/c.feature:3\n")
        // Named whole too: whole.
        let whole = try run(["Features/broken.feature:3", "Features/broken.feature", "--format", "rerun:r.txt"])
        XCTAssertEqual(whole.code, 2, whole.out + whole.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/broken.feature\n")
    }

    func test_rerunFile_aFailedBeforeAllHookBesideAFileThatDoesNotParse_keepsTheNoteAndIsRefused() throws {
        try writeBrokenFeature()
        let first = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "rerun:r.txt"], in: project,
            environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": "beforeAll"])
        XCTAssertEqual(first.code, 2, first.out + first.err)
        let written = try scratch.read("r.txt")
        XCTAssertTrue(written.hasPrefix("Features/broken.feature\n# FAILED: "), written)
        XCTAssertTrue(written.contains("failed: garage closed"), written)
        // Fixed file and hook: the rerun still refuses, as the rest of the suite never ran.
        try scratch.write("Features/broken.feature", "Feature: B\n\n  Scenario: b\n    Given a step that passes\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(
            again.err.contains(
                "r.txt: error: the run that wrote it failed for a reason the places it lists do not cover ("),
            again.err)
        XCTAssertTrue(again.err.contains("run the suite again"), again.err)
        XCTAssertFalse(again.out.contains("PASSED"), again.out)
    }

    func test_rerunFile_aPassingRunWhoseReportIsNotWritten_keepsTheNoteAndIsRefused() throws {
        for report in ["junit:/dev/full", "message:/dev/full", "html:/dev/full"] {
            let first = try run(["Features/my folder/a b.feature:6", "--format", report, "--format", "rerun:r.txt"])
            XCTAssertEqual(first.code, 2, report + ": " + first.out + first.err)
            XCTAssertEqual(
                try scratch.read("r.txt"),
                "# FAILED: 1 report could not be written (see the errors above): /dev/full\n", report)
            let again = try run(["@r.txt", "--format", "summary"])
            XCTAssertEqual(again.code, 1, report + ": " + again.out + again.err)
            XCTAssertTrue(
                again.err.contains("r.txt: error: lists no scenario, but the run that wrote it failed ("), again.err)
            XCTAssertFalse(again.out.contains("nothing to run"), again.out)
        }
    }

    func test_rerunFile_aFailedRunWhoseReportIsNotWritten_listsItsPlacesWithTheNoteAndIsRefused() throws {
        let first = try run(["--format", "junit:/dev/full", "--format", "rerun:r.txt"])
        XCTAssertEqual(first.code, 2, first.out + first.err)
        XCTAssertEqual(
            try scratch.read("r.txt"),
            "Features/c.feature:3\nFeatures/my folder/a b.feature:3\n# FAILED: 2 scenarios failed; "
                + "1 report could not be written (see the errors above): /dev/full\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(
            again.err.contains("the run that wrote it failed for a reason the places it lists do not cover ("),
            again.err)
        XCTAssertFalse(again.out.contains("scenarios ("), "nothing runs: " + again.out)
    }

    /// A rerun file beside others (one a shard each) whose run failed for a reason its places
    /// do not cover refuses the run, as it does alone: what it left out runs nowhere else.
    func test_rerunFile_aNoteOnlyFileBesideAnotherWithPlaces_refusesTheRun() throws {
        try scratch.write("r1.txt", "Features/c.feature:3\n")
        try scratch.write("r2.txt", "# FAILED: the run's hook 'book the garage' (before the run) failed\n")
        try scratch.write("Features/c.feature", "Feature: C\n\n  Scenario: red too\n    Given a step that passes\n")
        for order in [["@r1.txt", "@r2.txt"], ["@r2.txt", "@r1.txt"]] {
            let again = try run(order + ["--format", "summary", "--format", "rerun:r3.txt"])
            XCTAssertEqual(again.code, 1, again.out + again.err)
            XCTAssertTrue(
                again.err.contains("r2.txt: error: lists no scenario, but the run that wrote it failed ("), again.err)
            XCTAssertFalse(again.out.contains("PASSED"), again.out)
        }
    }

    /// The places a rerun file names run whatever the tag and name selection (specs.json's
    /// default tags among them): the run that wrote it selected them, and one left out would
    /// leave the rerun green and the next rerun file empty.
    func test_rerunFile_placesATagSelectionWouldLeaveOut_runAll() throws {
        try scratch.write(
            "Features/t.feature",
            "Feature: T\n\n  @wip\n  Scenario: W\n    Given a step that fails\n\n  @smoke\n  Scenario: S\n"
                + "    Given a step that passes\n")
        try scratch.write("specs.json", #"{ "default": { "tags": "not @wip" } }"# + "\n")
        try scratch.write("r.txt", "Features/t.feature:4:8\n")
        for extra in [[], ["--tags", "@smoke"], ["--name", "S"]] {
            let again = try run(["@r.txt", "--format", "summary", "--format", "rerun:r2.txt"] + extra)
            XCTAssertEqual(again.code, 1, "\(extra): " + again.out + again.err)
            XCTAssertTrue(again.out.contains("2 scenarios (1 failed, 1 passed)"), "\(extra): " + again.out)
            XCTAssertEqual(try scratch.read("r2.txt"), "Features/t.feature:4\n")
        }
        // A folder beside it keeps the selection for the rest.
        let beside = try run(["@r.txt", "Features/c.feature", "--tags", "@smoke", "--format", "summary"])
        XCTAssertTrue(beside.out.contains("2 scenarios (1 failed, 1 passed)"), beside.out)
    }

    func test_rerunFile_itsOwnFileNotWritten_exitsTwoNamingIt() throws {
        let first = try run(["--format", "junit:j.xml", "--format", "rerun:/dev/full"])
        XCTAssertEqual(first.code, 2, first.out + first.err)
        XCTAssertTrue(first.err.contains("/dev/full: error: "), first.err)
        XCTAssertTrue(
            first.out.hasSuffix("  - 1 report could not be written (see the errors above): /dev/full\n"), first.out)
    }
}

/// A run under a low limit of open files (`ulimit -n`): whatever it cannot open, it fails
/// saying so, with the limit, and its last lines; never silently.
final class OpenFileLimitTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-limit")
        try scratch.write("Features/p.feature", "Feature: P\n\n  Scenario: p\n    Given a step that passes\n")
    }

    override func tearDown() { scratch.remove() }

    func test_run_underALowLimitOfOpenFiles_failsWithTheLimitAndItsLastLines() throws {
        var failedForTheLimit = 0
        for limit in 9...24 {
            try? FileManager.default.removeItem(at: scratch.root.appendingPathComponent("r.txt"))
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--format", "rerun:r.txt", "--format", "junit:j.xml"],
                in: scratch.root, openFileLimit: limit)
            let said = run.out + run.err
            if run.code == 0 {
                XCTAssertTrue(run.out.hasSuffix("PASSED: 1 scenario passed\n"), "limit \(limit): " + said)
                continue
            }
            XCTAssertTrue(said.contains("FAILED:\n  - "), "limit \(limit): no last lines: " + said)
            if said.lowercased().contains("too many open files") {
                failedForTheLimit += 1
                XCTAssertTrue(said.contains("(limit \(limit)"), "limit \(limit): " + said)
            }
            if let rerun = try? scratch.read("r.txt") {
                XCTAssertFalse(rerun.isEmpty, "limit \(limit): a failed run's rerun file is empty")
            }
            XCTAssertFalse(
                try FileManager.default.contentsOfDirectory(atPath: scratch.root.path).contains {
                    $0.hasSuffix(".partial")
                }, "limit \(limit): a partial report is left")
        }
        XCTAssertGreaterThan(failedForTheLimit, 0, "no limit was low enough to fail the run")
    }
}
