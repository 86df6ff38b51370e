import Foundation
import XCTest

/// A step that ends the process in an `--in-process` run, through the real runner: the run
/// never exits 0 for it, and standard error says why; on workers its scenario fails alone.
final class InProcessExitTests: XCTestCase {
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
        XCTAssertTrue(run.err.contains("a step ended the process (exit) during an --in-process run"), run.err)
        XCTAssertTrue(run.err.contains("FAILED:"), run.err)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    func test_run_onWorkersStepCallingExitZero_failsItsScenarioAndRunsTheOther() throws {
        let run = try ExecutableRun.run("misbehaving-specs", ["Features", "--format", "summary"], in: scratch.root)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
    }
}
