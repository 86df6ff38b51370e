import Foundation
import XCTest

/// An input read from a FIFO, through the real executable: a message stream (`specs report rf`),
/// a rerun file (`specs @rf`), `--shard-durations rf`, `lint --config rf`. With no process
/// writing to it, the command says once on standard error, after a second, that it waits for
/// one, and keeps waiting; SIGINT and SIGTERM still end it; a writer that comes later is read.
final class FIFOInputTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-fifo-input")
        try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that passes\n")
        XCTAssertEqual(mkfifo(project.appendingPathComponent("rf").path, 0o644), 0)
    }

    override func tearDown() { scratch.remove() }

    private let waiting =
        "rf: waiting for a process to write to this FIFO (the command reads it; SIGINT or SIGTERM stops the wait)\n"

    func test_inputFromAFIFONobodyWrites_saysOnceThatItWaitsAndEndsOnTheSignal() throws {
        let cases: [([String], Int32)] = [
            (["report", "rf"], SIGINT), (["@rf"], SIGTERM), (["--shard", "1/2", "--shard-durations", "rf"], SIGINT),
            (["lint", "--config", "rf"], SIGTERM),
        ]
        for (arguments, signal) in cases {
            let name = arguments.joined(separator: " ")
            // `exec`: the signal reaches the command itself, as a terminal's ^C does.
            let run = try ExecutableRun.run(
                "specs", arguments, in: project, signal: signal, after: 2.5, timeout: 20,
                script: "exec \"$0\" \"$@\"")
            XCTAssertTrue(run.signaled, name + ": \(run.code) " + run.err)
            XCTAssertEqual(run.code, signal, name + " ends as the signal's default action ends it (128 + n in a shell)")
            XCTAssertEqual(run.err.components(separatedBy: waiting).count, 2, name + ": " + run.err)
        }
    }

    /// A feature file that is a FIFO (named, or found in a folder) is refused at its place at
    /// once, the other files run: a run reads a feature file twice, and a FIFO waits for a writer.
    func test_run_featureFileThatIsAFIFO_isAnErrorAtOnceAndTheOthersRun() throws {
        XCTAssertEqual(mkfifo(project.appendingPathComponent("Features/f.feature").path, 0o644), 0)
        for arguments in [["Features"], ["Features/u.feature", "Features/f.feature"]] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", arguments + ["--format", "summary"], in: project, timeout: 20)
            XCTAssertEqual(run.code, 2, "\(arguments)" + run.out + run.err)
            XCTAssertTrue(
                run.err.contains("Features/f.feature:1:1: error: is not a regular file (a FIFO, a socket or a device)"),
                run.err)
            XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
        }
    }

    /// A FIFO among the feature files of `lint`, `format` and `gherkin` is refused at its place
    /// at once, as a run refuses it, rather than waited on (it waited for a writer without
    /// end, and `format` did not stop on SIGTERM); the other files are read.
    func test_lintFormatGherkin_featureFileThatIsAFIFO_isAnErrorAtOnce() throws {
        XCTAssertEqual(mkfifo(project.appendingPathComponent("Features/f.feature").path, 0o644), 0)
        let refusal = "is not a regular file (a FIFO, a socket or a device)"
        let cases: [([String], Int32, String)] = [
            (["lint", "Features"], 1, "Features/f.feature:1:1: error: \(refusal)"),
            (["format", "--check", "Features"], 2, "Features/f.feature: error: \(refusal)"),
            (["format", "Features"], 2, "Features/f.feature: error: \(refusal)"),
            (["gherkin", "Features/f.feature"], 2, "Features/f.feature: error: \(refusal)"),
        ]
        for (arguments, code, words) in cases {
            let run = try ExecutableRun.run("specs", arguments, in: project, timeout: 20)
            let name = arguments.joined(separator: " ")
            XCTAssertFalse(run.signaled, name + " waited on the FIFO")
            XCTAssertEqual(run.code, code, name + ": " + run.out + run.err)
            XCTAssertTrue((run.out + run.err).contains(words), name + ": " + run.out + run.err)
        }
        XCTAssertTrue(try scratch.read("Features/u.feature").hasPrefix("Feature: U"))
    }

    /// A merge killed while it waits (SIGKILL, a CI's hard timeout) leaves no earlier merge's
    /// report in place to be taken for its own: it removed it as it started.
    func test_report_killedWhileItWaitsForAStream_leavesNoEarlierReportInPlace() throws {
        try scratch.write("old.xml", "<testsuites/>\n")
        let run = try ExecutableRun.run(
            "specs", ["report", "rf", "--format", "junit:old.xml"], in: project, signal: SIGKILL, after: 2.5,
            timeout: 20, script: "exec \"$0\" \"$@\"")
        XCTAssertTrue(run.signaled, "\(run.code) " + run.err)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("old.xml").path))
    }

    func test_report_streamFromAFIFOWrittenALittleLater_isReadWhole() throws {
        let saved = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        XCTAssertEqual(saved.code, 0, saved.out + saved.err)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["report", "rf"], in: project, timeout: 30,
            script: "(sleep 1.5; cat m.ndjson > rf) & \"$0\" \"$@\"; code=$?; wait; exit $code")
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.hasSuffix("PASSED: 1 scenario passed\n"), run.out)
        XCTAssertEqual(run.err, waiting)
    }

    func test_report_streamFromAFIFOWrittenAtOnce_saysNothing() throws {
        let saved = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        XCTAssertEqual(saved.code, 0, saved.out + saved.err)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["report", "rf"], in: project, timeout: 30,
            script: "cat m.ndjson > rf & \"$0\" \"$@\"; code=$?; wait; exit $code")
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertEqual(run.err, "")
    }
}
