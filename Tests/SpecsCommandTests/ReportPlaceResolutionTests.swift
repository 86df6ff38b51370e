import Foundation
import XCTest

/// Where a report's path leads, through the real `misbehaving-specs` executable: the path as
/// the system resolves it (never `..` removed as text), the same for the checks before a run
/// and for the file written; files compared by device and inode, descriptors by what they
/// are open on; standard output redirected onto an input refused as a report there is.
final class ReportPlaceResolutionTests: XCTestCase {
    private var project: URL!
    private let feature = "Features/places.feature"

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-resolve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
        let text = "Feature: Places\n\n  Scenario: red\n    Given a step that fails\n"
        try text.write(to: project.appendingPathComponent(feature), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    private func path(_ name: String) -> String { project.appendingPathComponent(name).path }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: project.appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs with standard output appended to `name` (`>> name`).
    private func run(_ arguments: [String], appendingTo name: String) throws -> ExecutableRun {
        let descriptor = open(path(name), O_WRONLY | O_APPEND)
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let file = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? file.close() }
        return try ExecutableRun.run("misbehaving-specs", arguments, in: project, standardOutput: file)
    }

    func test_run_reportThroughAMissingFolderAndDotDotOntoAnInput_isAUsageErrorAndLeavesItAsItIs() throws {
        let configuration = "{ \"default\": { \"timeout\": 30 } }\n"
        try configuration.write(toFile: path("specs.json"), atomically: true, encoding: .utf8)
        let text = try read(feature)
        let cases = [
            ("junit:nosuch/../\(feature)", "--format junit writes to nosuch/../\(feature), a feature file of this run"),
            (
                "summary:nosuch/../specs.json",
                "--format summary writes to nosuch/../specs.json, the run's configuration"
            ),
        ]
        for (report, message) in cases {
            let run = try ExecutableRun.run("misbehaving-specs", ["--format", report], in: project)
            XCTAssertEqual(run.code, 2, run.err)
            XCTAssertTrue(run.err.contains(message + "; give the report another path"), run.err)
        }
        XCTAssertEqual(try read(feature), text)
        XCTAssertEqual(try read("specs.json"), configuration)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("nosuch")))
    }

    func test_run_reportThroughALinkAndDotDot_isWrittenWhereTheSystemResolvesIt() throws {
        let fileManager = FileManager.default
        try fileManager.createDirectory(atPath: path("other/deep"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: path("sub"), withDestinationPath: path("other/deep"))
        let written = try ExecutableRun.run("misbehaving-specs", ["--format", "json:sub/../x.json"], in: project)
        XCTAssertEqual(written.code, 1, written.err)
        XCTAssertTrue(try read("other/x.json").hasPrefix("["))
        XCTAssertFalse(fileManager.fileExists(atPath: path("x.json")), "not the path with `..` removed as text")

        let both = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:other/y.xml", "--format", "json:sub/../y.xml"], in: project)
        XCTAssertEqual(both.code, 2, both.err)
        XCTAssertTrue(
            both.err.contains("--format junit and --format json both write to sub/../y.xml; give each its own file"),
            both.err)
    }

    func test_run_reportPathEndingInASlash_isAnErrorSayingItIsAFolder() throws {
        for report in ["junit:newdir/", "junit:newdir/.."] {
            let run = try ExecutableRun.run("misbehaving-specs", ["--format", report], in: project)
            XCTAssertEqual(run.code, 2, run.err)
            let shown = String(report.dropFirst("junit:".count))
            XCTAssertTrue(run.err.contains("\(shown): error: is a folder, not a file"), run.err)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("newdir")))
    }

    func test_report_reportOverAStreamItReads_isAUsageErrorAndKeepsTheStream() throws {
        let saved = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        XCTAssertEqual(saved.code, 1, saved.err)
        try FileManager.default.linkItem(atPath: path("m.ndjson"), toPath: path("hard.ndjson"))
        let stream = try read("m.ndjson")
        for report in ["junit:m.ndjson", "junit:hard.ndjson"] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["report", "m.ndjson", "--format", report], in: project)
            XCTAssertEqual(run.code, 2, run.err)
            let shown = String(report.dropFirst("junit:".count))
            XCTAssertTrue(
                run.err.contains("--format junit writes to \(shown), a message stream specs report reads"), run.err)
            XCTAssertEqual(try read("m.ndjson"), stream)
        }
        let redirected = try run(["report", "m.ndjson", "--format", "message"], appendingTo: "m.ndjson")
        XCTAssertEqual(redirected.code, 2, redirected.err)
        XCTAssertTrue(
            redirected.err.contains("--format message writes to standard output, a message stream specs report reads"),
            redirected.err)
        XCTAssertEqual(try read("m.ndjson"), stream)
    }

    func test_run_standardOutputRedirectedOntoAnInput_isAUsageErrorBeforeAnythingRuns() throws {
        try "{}\n".write(toFile: path("specs.json"), atomically: true, encoding: .utf8)
        let junit = try run(["--format", "junit"], appendingTo: "specs.json")
        XCTAssertEqual(junit.code, 2, junit.err)
        XCTAssertTrue(
            junit.err.contains("--format junit writes to standard output, the run's configuration"), junit.err)
        XCTAssertEqual(try read("specs.json"), "{}\n")

        let text = try read(feature)
        let pretty = try run([], appendingTo: feature)
        XCTAssertEqual(pretty.code, 2, pretty.err)
        XCTAssertTrue(
            pretty.err.contains("writes to standard output, a feature file of this run"), pretty.err)
        XCTAssertEqual(try read(feature), text)
    }

    func test_run_twoReportsToOneFileThroughAHardLink_isABothWriteToUsageError() throws {
        XCTAssertTrue(FileManager.default.createFile(atPath: path("x.xml"), contents: Data()))
        try FileManager.default.linkItem(atPath: path("x.xml"), toPath: path("hard.xml"))
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:x.xml", "--format", "json:hard.xml"], in: project)
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains("--format junit and --format json both write to hard.xml; give each its own file"),
            run.err)
        var first = stat()
        var second = stat()
        XCTAssertEqual(stat(path("x.xml"), &first), 0)
        XCTAssertEqual(stat(path("hard.xml"), &second), 0)
        XCTAssertEqual(first.st_ino, second.st_ino, "the link is kept")
    }

    func test_run_reportToAnotherDescriptorOnTheStandardOutputPipe_isABothWriteToUsageError() throws {
        // As `specs --format junit:/dev/fd/3 --format summary 3>&1 | cat`.
        let run = try shell("exec \"$0\" --format junit:/dev/fd/3 --format summary 3>&1")
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains(
                "--format junit and --format summary both write to standard output (/dev/fd/3); give each its own file"
            ), run.err)
        XCTAssertFalse(run.out.contains("<testsuite"), run.out)
    }

    /// Runs `misbehaving-specs` through `/bin/sh -c script` (`"$0"` is the executable) in the
    /// project, with standard output and error on two pipes.
    private func shell(_ script: String, environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", [], in: project, environment: environment, script: script)
    }

    func test_run_reportToStandardErrorOnTheFileOrPipeOfStandardOutput_isABothWriteToUsageError() throws {
        // As `specs --format junit:/dev/stderr --format message > log 2>&1`, and `2>&1 | cat`.
        let refusal =
            "--format junit and --format message both write to standard output and standard error (/dev/stderr), "
            + "which are one pipe or file; give each its own file"
        let toFile = try shell("exec \"$0\" --format junit:/dev/stderr --format message > log 2>&1")
        let log = try read("log")
        XCTAssertEqual(toFile.code, 2, log)
        XCTAssertTrue(log.contains(refusal), log)
        XCTAssertFalse(log.contains("<testsuite") || log.contains("{\""), log)
        let toPipe = try shell("exec \"$0\" --format junit:/dev/stderr --format message 2>&1")
        XCTAssertEqual(toPipe.code, 2, toPipe.out)
        XCTAssertTrue(toPipe.out.contains(refusal), toPipe.out)
        XCTAssertFalse(toPipe.out.contains("<testsuite") || toPipe.out.contains("{\""), toPipe.out)
        // The last lines follow `summary` on standard output: the same file still mixes them in.
        let summary = try shell("exec \"$0\" --format junit:/dev/stderr --format summary > log 2>&1")
        let summaryLog = try read("log")
        XCTAssertEqual(summary.code, 2, summaryLog)
        XCTAssertTrue(
            summaryLog.contains(
                "--format junit and --format summary both write to standard output and standard error (/dev/stderr)"),
            summaryLog)
        // A device shows or drops what it gets: both streams on `/dev/null` are no one place to read.
        let dropped = try shell("exec \"$0\" --format junit:/dev/stderr --format summary > /dev/null 2>&1")
        XCTAssertEqual(dropped.code, 1, "the run runs, and its scenario fails")
    }

    func test_run_reportOnStandardErrorBesideAReportOnStandardOutput_isAUsageErrorNamingBoth() throws {
        // As `SPECS_FIXTURE_HOOKS=1 specs --format junit:/dev/stdout --format message:/dev/stderr 2>m.ndjson`:
        // the last lines and the hooks' output go to standard error, into the stream.
        let run = try shell(
            "exec \"$0\" --format junit:/dev/stdout --format message:/dev/stderr",
            environment: ["SPECS_FIXTURE_HOOKS": "1"])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains(
                "--format junit writes to standard output and --format message to standard error (/dev/stderr), "
                    + "where the last lines and what the run prints then go; give one of them a file"), run.err)
        XCTAssertFalse(run.out.contains("<testsuite"), run.out)
        XCTAssertFalse(run.err.contains("{\""), run.err)
        // A format for people may be on standard error with the last lines.
        let progress = try shell("exec \"$0\" --format junit:/dev/stdout --format progress:/dev/stderr")
        XCTAssertEqual(progress.code, 1, progress.err)
        XCTAssertTrue(progress.out.contains("<testsuite"), progress.out)
    }
}
