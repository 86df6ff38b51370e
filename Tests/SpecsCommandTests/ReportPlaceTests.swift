import Foundation
import XCTest

/// Where reports may go, through the real `misbehaving-specs` executable: a report to
/// standard output is written where standard output is (a file it was redirected to too,
/// never truncated nor replaced), two outputs to one place (however named) and a report
/// over a feature file of the run are usage errors before anything runs.
final class ReportPlaceTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-places-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
        let text =
            "Feature: Places\n\n  Scenario: green\n    Given a step that passes\n\n"
            + "  Scenario: red\n    Given a step that fails\n"
        try text.write(to: project.appendingPathComponent(feature), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    private let feature = "Features/places.feature"

    private func path(_ name: String) -> String { project.appendingPathComponent(name).path }

    private func read(_ name: String) throws -> String {
        try String(contentsOf: project.appendingPathComponent(name), encoding: .utf8)
    }

    /// Runs with standard output redirected to `log` (`>> log` when `appending`, else `> log`),
    /// which holds `before` at the start.
    private func runToLog(_ arguments: [String], before: String = "", appending: Bool) throws -> ExecutableRun {
        try before.write(toFile: path("log"), atomically: false, encoding: .utf8)
        let descriptor = open(path("log"), O_WRONLY | (appending ? O_APPEND : O_TRUNC))
        XCTAssertGreaterThanOrEqual(descriptor, 0)
        let log = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        defer { try? log.close() }
        return try ExecutableRun.run("misbehaving-specs", arguments, in: project, standardOutput: log)
    }

    func test_run_reportToDevStdoutAppendedToALog_keepsWhatTheLogHeld() throws {
        let run = try runToLog(
            ["--format", "junit:/dev/stdout"], before: "EARLIER BUILD STEPS\n", appending: true)
        XCTAssertEqual(run.code, 1, run.err)
        let log = try read("log")
        XCTAssertTrue(log.hasPrefix("EARLIER BUILD STEPS\n<?xml"), log)
        XCTAssertTrue(log.contains("tests=\"2\" failures=\"1\""), log)
        XCTAssertTrue(log.hasSuffix("</testsuite>\n"), log)
        XCTAssertTrue(run.err.contains("FAILED"), run.err)
    }

    func test_run_reportToTheFileStandardOutputIsRedirectedTo_isAppendedToIt() throws {
        let run = try runToLog(["--format", "json:log"], before: "EARLIER BUILD STEPS\n", appending: true)
        XCTAssertEqual(run.code, 1, run.err)
        let log = try read("log")
        XCTAssertTrue(log.hasPrefix("EARLIER BUILD STEPS\n["), log)
    }

    func test_run_progressAndReportToDevStdoutInALog_isABothWriteToUsageError() throws {
        for appending in [false, true] {
            let run = try runToLog(
                ["--format", "progress", "--format", "junit:/dev/stdout"], before: "EARLIER\n", appending: appending)
            XCTAssertEqual(run.code, 2, run.err)
            XCTAssertTrue(
                run.err.contains(
                    "--format progress and --format junit both write to standard output (/dev/stdout); "
                        + "give each its own file"), run.err)
            XCTAssertEqual(try read("log"), appending ? "EARLIER\n" : "", "nothing is written to the log")
        }
    }

    func test_run_twoReportsToStandardOutputByTwoNames_isABothWriteToUsageError() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:/dev/stdout", "--format", "json:/dev/fd/1"], in: project)
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains("--format junit and --format json both write to standard output (/dev/fd/1)"), run.err)
        XCTAssertEqual(run.out, "")
    }

    func test_run_twoReportsToDevStderr_isABothWriteToUsageError() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:/dev/stderr", "--format", "json:/dev/stderr"], in: project)
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(
            run.err.contains("--format junit and --format json both write to standard error (/dev/stderr)"), run.err)
    }

    func test_run_onlyAReportToDevStdout_addsNoPrettyOutputThere() throws {
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "junit:/dev/stdout"], in: project)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.hasPrefix("<?xml"), run.out)
        XCTAssertTrue(run.out.hasSuffix("</testsuite>\n"), run.out)
        XCTAssertTrue(run.err.contains("FAILED"), "the last lines go to standard error: \(run.err)")
    }

    func test_run_twoReportsToOneFileThroughALink_isABothWriteToUsageError() throws {
        let fileManager = FileManager.default
        try fileManager.createSymbolicLink(atPath: path("link.xml"), withDestinationPath: "a.xml")
        try fileManager.createDirectory(atPath: path("out"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(atPath: path("outlink"), withDestinationPath: "out")
        let cases = [
            (
                ["--format", "junit:a.xml", "--format", "rerun:link.xml"],
                "--format junit and --format rerun both write to link.xml"
            ),
            (
                ["--format", "rerun:link.xml", "--format", "junit:./a.xml"],
                "--format rerun and --format junit both write to ./a.xml"
            ),
            (
                ["--format", "json:out/r.json", "--format", "message:outlink/r.json"],
                "--format json and --format message both write to outlink/r.json"
            ),
        ]
        for (arguments, message) in cases {
            let run = try ExecutableRun.run("misbehaving-specs", arguments, in: project)
            XCTAssertEqual(run.code, 2, run.err)
            XCTAssertTrue(run.err.contains(message + "; give each its own file"), run.err)
        }
        XCTAssertFalse(fileManager.fileExists(atPath: path("a.xml")))
        XCTAssertEqual(try fileManager.contentsOfDirectory(atPath: path("out")), [])
    }

    func test_run_reportToAFeatureFileOfTheRun_isAUsageErrorAndLeavesItAsItIs() throws {
        let text = try read(feature)
        try FileManager.default.createSymbolicLink(atPath: path("specs.feature"), withDestinationPath: feature)
        for report in ["rerun:\(feature)", "junit:./Features/../\(feature)", "rerun:specs.feature"] {
            let run = try ExecutableRun.run("misbehaving-specs", ["--format", report], in: project)
            XCTAssertEqual(run.code, 2, run.err)
            let path = String(report.drop { $0 != ":" }.dropFirst())
            let name = String(report.prefix { $0 != ":" })
            XCTAssertTrue(
                run.err.contains(
                    "--format \(name) writes to \(path), a feature file of this run; give the report another path"),
                run.err)
            XCTAssertFalse(run.out.contains("Scenario"), "nothing runs: \(run.out)")
            XCTAssertEqual(try read(feature), text)
        }
    }

    func test_run_reportToTheConfigurationOrATestList_isAUsageErrorNamingWhatItIs() throws {
        let configuration = "{ \"default\": { \"timeout\": 60 } }\n"
        try configuration.write(toFile: path("specs.json"), atomically: true, encoding: .utf8)
        try "PlacesTests.PlacesTests/test_green\n".write(toFile: path("tests.txt"), atomically: true, encoding: .utf8)
        let cases = [
            (["--format", "json:specs.json"], "--format json writes to specs.json, the run's configuration"),
            (
                ["--test-list", "tests.txt", "--format", "junit:./tests.txt"],
                "--format junit writes to ./tests.txt, a file --test-list reads"
            ),
        ]
        for (arguments, message) in cases {
            let run = try ExecutableRun.run("misbehaving-specs", arguments, in: project)
            XCTAssertEqual(run.code, 2, run.err)
            XCTAssertTrue(run.err.contains(message + "; give the report another path"), run.err)
        }
        XCTAssertEqual(try read("specs.json"), configuration)
        XCTAssertEqual(try read("tests.txt"), "PlacesTests.PlacesTests/test_green\n")
    }

    func test_run_aReportOtherThanRerunOverTheRerunFileItReads_isAUsageErrorAndLeavesItAsItIs() throws {
        let first = try ExecutableRun.run("misbehaving-specs", ["--format", "rerun:rr.txt"], in: project)
        XCTAssertEqual(first.code, 1, first.out + first.err)
        let listed = try read("rr.txt")
        XCTAssertEqual(listed, "\(feature):6\n")
        for report in ["junit:rr.txt", "message:./rr.txt", "json:rr.txt"] {
            let run = try ExecutableRun.run("misbehaving-specs", ["@rr.txt", "--format", report], in: project)
            XCTAssertEqual(run.code, 2, report + ": " + run.err)
            let path = String(report.drop { $0 != ":" }.dropFirst())
            let name = String(report.prefix { $0 != ":" })
            XCTAssertTrue(
                run.err.contains(
                    "--format \(name) writes to \(path), the rerun file this run reads; give the report another path"),
                run.err)
            XCTAssertFalse(run.out.contains("Scenario"), "nothing runs: \(run.out)")
            XCTAssertEqual(try read("rr.txt"), listed)
        }
        // The rerun format alone may rewrite it, beside another report.
        let again = try ExecutableRun.run(
            "misbehaving-specs", ["@rr.txt", "--format", "junit:j.xml", "--format", "rerun:rr.txt"], in: project)
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertEqual(try read("rr.txt"), listed)
    }
}
