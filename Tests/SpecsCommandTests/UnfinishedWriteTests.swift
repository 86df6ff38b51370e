import Foundation
import SpecsReporting
import XCTest

@testable import SpecsCommand

/// A partial file left by a run that did not finish marks its report as an earlier run's,
/// whatever the files' times, and also when the process reading it has the killed writer's
/// number (in a container every command may be PID 1).
final class UnfinishedWriteTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-unfinished")
        try scratch.write("Features/u.feature", "Feature: U\n\n  Scenario: one\n    Given a step that passes\n")
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], in folder: URL? = nil, wrapper: String? = nil) throws -> ExecutableRun {
        try ExecutableRun.run(
            "misbehaving-specs", arguments, in: folder ?? project, environment: ["SWIFT_BACKTRACE": "enable=no"],
            script: wrapper)
    }

    /// Makes the file at `name` last modified `seconds` from now (before it when negative).
    private func touch(_ name: String, by seconds: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(seconds)],
            ofItemAtPath: project.appendingPathComponent(name).path)
    }

    func test_init_partialOfThisProcessNumberMadeBeforeItStarted_isAWriteThatDidNotFinish() throws {
        try scratch.write("rr.txt", "")
        let partial = ".rr.txt.\(getpid()).partial"
        try scratch.write(partial, "")
        // Made before this process started: a killed run's that had this process's number.
        let started = try XCTUnwrap(PartialWriter.startTime(of: getpid()))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: started - 60)],
            ofItemAtPath: project.appendingPathComponent(partial).path)
        let unfinished = try XCTUnwrap(UnfinishedWrite(beside: project.appendingPathComponent("rr.txt").path))
        XCTAssertEqual(unfinished.partial, partial)
        XCTAssertFalse(unfinished.writing)
        // Made since: this process's own write.
        try touch(partial, by: 0)
        XCTAssertNil(UnfinishedWrite(beside: project.appendingPathComponent("rr.txt").path))
    }

    func test_rerunAndReport_reportsNewerThanAKilledRunsPartial_areRefused() throws {
        let reports = ["--format", "message:m.ndjson", "--format", "rerun:rr.txt"]
        XCTAssertEqual(try run(reports).code, 0)
        // Clocks of CI machines differ, and a restored artifact keeps its times.
        try touch("m.ndjson", by: 600)
        try touch("rr.txt", by: 600)
        try scratch.write(
            "Features/u.feature", "Feature: U\n\n  Scenario: one\n    Given a step that sleeps for 2000 ms\n")
        let killed = try ExecutableRun.run(
            "misbehaving-specs", reports + ["--format", "progress"], in: project, signal: SIGKILL, after: 0.5)
        XCTAssertTrue(killed.signaled, killed.out + killed.err)
        let rerun = try run(["@rr.txt"])
        XCTAssertEqual(rerun.code, 2, rerun.out + rerun.err)
        XCTAssertTrue(rerun.err.contains("rr.txt: error: the run that was writing it did not finish"), rerun.err)
        let report = try run(["report", "m.ndjson", "--format", "summary"])
        XCTAssertEqual(report.code, 2, report.out + report.err)
        XCTAssertTrue(
            report.err.contains("m.ndjson: error: the run that was writing this stream did not finish"), report.err)
        XCTAssertFalse(report.out.contains("PASSED"), report.out)
        // The next run that writes them supersedes what the killed run left.
        XCTAssertEqual(try run(reports).code, 0)
        XCTAssertEqual(try run(["report", "m.ndjson"]).code, 0)
        XCTAssertEqual(try run(["@rr.txt"]).code, 0)
    }

    func test_rerunAndReport_ofARunKilledAsProcessOne_areRefusedByTheNextProcessOne() throws {
        // Each command PID 1 of a PID namespace of its own, as a container's entrypoint is.
        let asProcessOne = "exec unshare -fp --mount-proc \"$0\" \"$@\""
        let probe = try ExecutableRun.run("misbehaving-specs", ["--version"], in: project, script: asProcessOne)
        try XCTSkipUnless(probe.code == 0, "no PID namespace can be made here: " + probe.err)
        let reports = ["--format", "message:m.ndjson", "--format", "rerun:rr.txt"]
        XCTAssertEqual(try run(reports, wrapper: asProcessOne).code, 0)
        try scratch.write(
            "Features/u.feature", "Feature: U\n\n  Scenario: one\n    Given a step that sleeps for 5000 ms\n")
        // SIGKILL to `unshare`'s child, the runner as PID 1, which ends the whole namespace.
        let killed = try ExecutableRun.run(
            "misbehaving-specs", reports + ["--format", "progress"], in: project,
            script: "unshare -fp --mount-proc \"$0\" \"$@\" & sleep 1; kill -KILL $(pgrep -P $!); wait")
        XCTAssertTrue(
            FileManager.default.fileExists(atPath: project.appendingPathComponent(".rr.txt.1.partial").path),
            killed.out + killed.err)
        let rerun = try run(["@rr.txt"], wrapper: asProcessOne)
        XCTAssertEqual(rerun.code, 2, rerun.out + rerun.err)
        XCTAssertTrue(
            rerun.err.contains("rr.txt: error: the run that was writing it did not finish (.rr.txt.1.partial"),
            rerun.err)
        let report = try run(["report", "m.ndjson", "--format", "summary"], wrapper: asProcessOne)
        XCTAssertEqual(report.code, 2, report.out + report.err)
        XCTAssertFalse(report.out.contains("PASSED"), report.out)
    }
}
