import Foundation
import XCTest

/// A report to a FIFO, through the real executable: the command waits for a process to read
/// it, says so on standard error after a second, and still ends on SIGINT or SIGTERM while it
/// waits; a reader that comes a little later gets the whole report.
final class FIFOReportTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-fifo")
        try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that passes\n")
        XCTAssertEqual(mkfifo(project.appendingPathComponent("f").path, 0o644), 0)
    }

    override func tearDown() { scratch.remove() }

    private let waiting = "f: waiting for a process to read this FIFO (the report is written there; "

    func test_run_reportToAFIFONobodyReads_endsOnTheSignalWithItsCode() throws {
        for (signal, name, code) in [(SIGTERM, "SIGTERM", Int32(143)), (SIGINT, "SIGINT", 130)] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "junit:f", "--format", "summary"], in: project, signal: signal,
                after: 1.5, timeout: 20)
            XCTAssertEqual(run.code, code, name + ": " + run.out + run.err)
            XCTAssertFalse(run.signaled, name)
            XCTAssertTrue(run.err.contains(waiting), name + ": " + run.err)
            XCTAssertTrue(
                run.err.contains(
                    "f: error: not opened: the run was interrupted (\(name)) while it waited for a process to read "
                        + "this FIFO"),
                name + ": " + run.err)
            XCTAssertTrue(run.out.contains("the run was interrupted (\(name))"), name + ": " + run.out)
            XCTAssertTrue(run.out.contains("1 report could not be written (see the errors above): f"), run.out)
            XCTAssertFalse(run.out.contains("PASSED"), name + ": " + run.out)
        }
    }

    func test_report_reportToAFIFONobodyReads_saysItWaitsAndEndsOnSIGTERM() throws {
        XCTAssertEqual(
            try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project).code, 0)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["report", "m.ndjson", "--format", "junit:f"], in: project, signal: SIGTERM,
            after: 1.5, timeout: 20)
        XCTAssertTrue(run.signaled || run.code == 143, "\(run.code): " + run.out + run.err)
        XCTAssertTrue(run.err.contains(waiting), run.err)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    func test_run_reportToAFIFOWhoseReaderLeavesEarly_isNotWrittenAndTheRunFails() throws {
        // Enough scenarios that the stream outgrows what the FIFO holds before its reader leaves.
        try scratch.write(
            "Features/u.feature",
            "Feature: U\n" + (1...2_000).map { "  Scenario: s\($0)\n    Given a step that passes\n" }.joined())
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "message:f", "--format", "summary"], in: project, timeout: 60,
            script: "head -c 100 f > /dev/null & \"$0\" \"$@\"; code=$?; wait; exit $code")
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("f: error: cannot write: its reader closed it before the report's end"), run.err)
        XCTAssertTrue(run.out.contains("1 report could not be written"), run.out)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    func test_run_reportToAFIFOReadALittleLater_isWrittenWhole() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:f", "--format", "summary"], in: project, timeout: 30,
            script: "(sleep 1; cat f > out.xml) & \"$0\" \"$@\"; code=$?; wait; exit $code")
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.hasSuffix("PASSED: 1 scenario passed\n"), run.out)
        let junit = try scratch.read("out.xml")
        XCTAssertTrue(junit.contains("tests=\"1\" failures=\"0\""), junit)
        XCTAssertTrue(junit.hasSuffix("</testsuite>\n"), junit)
        var info = stat()
        XCTAssertEqual(lstat(project.appendingPathComponent("f").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    }
}
