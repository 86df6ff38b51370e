import Foundation
import XCTest

/// Code that ends the runner's process (a step `--in-process`, a run hook), through the real runner: the run
/// never exits 0 for it, and standard error says why; on workers its scenario fails alone.
final class RunExitTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-inprocess-exit")
        try scratch.write(
            "Features/e.feature",
            "Feature: E\n  Scenario: ends the process\n    Given a step that calls exit 0\n"
                + "  Scenario: passes\n    Given a step that passes\n")
    }

    override func tearDownWithError() throws { scratch.remove() }

    func test_run_inProcessStepCallingExitZero_exitsOneSayingTheRunDidNotFinish() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--in-process", "--format", "junit:j.xml"], in: scratch.root)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.err.contains("a step or hook ended the process (exit) during an --in-process run"), run.err)
        XCTAssertTrue(run.err.contains("FAILED:"), run.err)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    /// No earlier run's report is left at this run's places (they go as a run starts): a JUnit
    /// publisher or the book would take them for this run's.
    func test_run_inProcessStepCallingExitZero_removesTheEarlierRunsReports() throws {
        let reports = ["--format", "junit:j.xml", "--format", "json:c.json", "--format", "html:b.html"]
        let green = try ExecutableRun.run(
            "misbehaving-specs", ["Features/e.feature:4", "--in-process"] + reports, in: scratch.root)
        XCTAssertEqual(green.code, 0, green.out + green.err)
        let run = try ExecutableRun.run("misbehaving-specs", ["Features", "--in-process"] + reports, in: scratch.root)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        for name in ["j.xml", "c.json", "b.html"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent(name).path), name)
        }
        XCTAssertTrue(
            run.err.hasSuffix("FAILED:\n  - the run did not finish: the process was ended by the code it ran\n"))
        // On workers a run hook's exit() ends the runner too: no earlier report is left either.
        XCTAssertEqual(
            try ExecutableRun.run("misbehaving-specs", ["Features/e.feature:4"] + reports, in: scratch.root).code, 0)
        let hook = try ExecutableRun.run(
            "misbehaving-specs", ["Features/e.feature:4"] + reports, in: scratch.root,
            environment: ["SPECS_FIXTURE_EXITING_RUN_HOOK": "afterAll"])
        XCTAssertEqual(hook.code, 1, hook.out + hook.err)
        for name in ["j.xml", "c.json", "b.html"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent(name).path), name)
        }
    }

    /// A step that crashes the runner in process leaves no earlier green report behind.
    func test_run_inProcessStepThatCrashes_leavesNoEarlierReport() throws {
        let reports = ["--format", "junit:j.xml", "--format", "json:c.json", "--format", "html:b.html"]
        let green = try ExecutableRun.run(
            "misbehaving-specs", ["Features/e.feature:4", "--in-process"] + reports, in: scratch.root)
        XCTAssertEqual(green.code, 0, green.out + green.err)
        try scratch.write(
            "Features/crash.feature", "Feature: C\n  Scenario: crashes\n    Given a step that calls fatalError\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/crash.feature", "--in-process"] + reports, in: scratch.root,
            environment: ["SWIFT_BACKTRACE": "enable=no"])
        XCTAssertNotEqual(run.code, 0, run.out + run.err)
        for name in ["j.xml", "c.json", "b.html"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent(name).path), name)
        }
    }

    func test_run_onWorkersStepCallingExitZero_failsItsScenarioAndRunsTheOther() throws {
        let run = try ExecutableRun.run("misbehaving-specs", ["Features", "--format", "summary"], in: scratch.root)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
    }

    func test_run_onWorkersRunHookCallingExitZero_exitsOneSayingTheRunDidNotFinish() throws {
        // A beforeAll or afterAll hook runs in the runner's own process, whatever the isolation
        // of the steps: its exit(0), after a failing scenario or before any, is never a green run.
        for hook in ["beforeAll", "afterAll"] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["Features", "--format", "summary", "--format", "junit:j.xml"], in: scratch.root,
                environment: ["SPECS_FIXTURE_EXITING_RUN_HOOK": hook])
            XCTAssertEqual(run.code, 1, hook + run.out + run.err)
            XCTAssertTrue(run.err.contains("a beforeAll or afterAll hook ended the process (exit)"), hook + run.err)
            XCTAssertTrue(run.err.contains("the run did not finish"), hook + run.err)
            XCTAssertFalse(
                FileManager.default.fileExists(atPath: scratch.root.appendingPathComponent("j.xml").path), hook)
        }
    }
}
