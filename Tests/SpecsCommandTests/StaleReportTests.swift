import Foundation
import XCTest

/// No report in place and no rerun file tells an earlier run's verdict as this run's: a report
/// that cannot be written is removed, `specs @FILE` refuses a file whose writing run died, and
/// a dry run's rerun file names the scenarios it did not run.
final class StaleReportTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-stale")
        try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that passes\n")
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], openFileLimit: Int? = nil) throws -> ExecutableRun {
        try ExecutableRun.run(
            "misbehaving-specs", arguments, in: project, environment: ["SWIFT_BACKTRACE": "enable=no"],
            openFileLimit: openFileLimit)
    }

    private func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: project.appendingPathComponent(name).path)
    }

    func test_run_reportsNotOpenedUnderALowLimit_leaveNoGreenReportAndTheRerunFileFails() throws {
        let reports = [
            "--format", "summary", "--format", "junit:j.xml", "--format", "rerun:r.txt", "--format", "message:m.ndjson",
        ]
        var failedToOpen = 0
        for limit in 9...16 {
            try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that passes\n")
            XCTAssertEqual(try run(reports).code, 0)
            try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that fails\n")
            let failing = try run(reports, openFileLimit: limit)
            let said = failing.out + failing.err
            XCTAssertNotEqual(failing.code, 0, "limit \(limit): " + said)
            XCTAssertFalse(said.contains("PASSED"), "limit \(limit): " + said)
            if said.contains("another report could not be opened") {
                failedToOpen += 1
                XCTAssertEqual(failing.code, 2, "limit \(limit): " + said)
                XCTAssertTrue(
                    failing.out.contains("3 reports could not be written (see the errors above)"),
                    "limit \(limit): " + said)
                // The features were read (their scenario was planned and never run), or, when
                // the runtime held a descriptor more meanwhile, their folder could not be.
                XCTAssertTrue(
                    failing.out.contains("1 scenario was planned and never run")
                        || failing.err.contains("Features: error: cannot read the folder: too many open files"),
                    "limit \(limit): " + said)
                for report in ["j.xml", "r.txt", "m.ndjson"] {
                    XCTAssertFalse(exists(report), "limit \(limit): the earlier run's \(report) is left")
                    XCTAssertTrue(failing.err.contains("\(report): error: "), "limit \(limit): " + said)
                }
            }
            if let junit = try? scratch.read("j.xml") {
                XCTAssertFalse(junit.contains("failures=\"0\""), "limit \(limit): " + junit)
            }
            let again = try run(["@r.txt", "--format", "summary"])
            XCTAssertNotEqual(again.code, 0, "limit \(limit): " + again.out + again.err)
        }
        XCTAssertGreaterThan(failedToOpen, 0, "no limit was low enough to leave a report unopened")
    }

    func test_runAndReport_aReportThatCannotBeOpened_leaveNoEarlierReportInPlace() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson", "--format", "junit:j.xml"]).code, 0)
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("d"), withIntermediateDirectories: true)
        for command in [[String](), ["report", "m.ndjson"]] {
            if command.isEmpty == false { XCTAssertEqual(try run(command + ["--format", "junit:j.xml"]).code, 0) }
            XCTAssertTrue(exists("j.xml"))
            let failed = try run(command + ["--format", "summary", "--format", "junit:j.xml", "--format", "rerun:d"])
            XCTAssertEqual(failed.code, 2, failed.out + failed.err)
            XCTAssertTrue(failed.err.contains("d: error: is a folder, not a file"), failed.err)
            XCTAssertTrue(
                failed.err.contains("j.xml: error: not written: another report could not be opened"), failed.err)
            // A run removes it as its reports are opened; a merge as it starts, before it reads its streams.
            XCTAssertTrue(
                failed.err.contains("(the previous j.xml")
                    || failed.err.contains("removed j.xml: an earlier run's report, and this run wrote none"),
                failed.err)
            XCTAssertTrue(
                failed.out.hasSuffix("2 reports could not be written (see the errors above): d, j.xml\n"), failed.out)
            XCTAssertFalse(exists("j.xml"), "\(command): the earlier j.xml is left")
        }
    }

    func test_runAndReport_argumentsThatDoNotParse_leaveNoEarlierReportInPlace() throws {
        let reports = ["--format", "junit:j.xml", "--format", "message:m.ndjson"]
        let mistakes: [[String]] = [
            ["--tgas", "@smoke"] + reports,
            ["-x"] + reports,
            ["--format=junit:j.xml", "--dry-run=yes"],
            ["--format", "junit:j.xml", "--retry"],
            ["--timeout", "--format", "junit:j.xml", "--format", "message:m.ndjson"],
            ["--tags", "--format=junit:j.xml"],
            ["--profile", "nightly", "--format", "junit:j.xml"],
            ["report", "m.ndjson", "--formatt", "html:b.html", "--format", "junit:j.xml"],
            // A CI variable left empty: `--format traceability:$GITHUB_STEP_SUMMARY` outside Actions.
            ["--format", "junit:j.xml", "--format", "traceability:"],
            ["report", "m.ndjson", "--format", "junit:j.xml", "--format", "traceability:"],
            ["--format", "junit:j.xml", "--format", "traceability: "],
        ]
        for arguments in mistakes {
            XCTAssertEqual(try run(reports).code, 0)
            XCTAssertTrue(exists("j.xml"))
            let refused = try run(arguments)
            XCTAssertEqual(refused.code, 2, "\(arguments): " + refused.out + refused.err)
            XCTAssertTrue(refused.err.contains("error: "), "\(arguments): " + refused.err)
            XCTAssertTrue(
                refused.err.contains("removed j.xml: an earlier run's report, and this run wrote none"),
                "\(arguments): " + refused.err)
            XCTAssertFalse(exists("j.xml"), "\(arguments): the earlier j.xml is left")
            if arguments.first == "report" {
                XCTAssertTrue(exists("m.ndjson"), "\(arguments): the stream the command reads is removed")
            }
            XCTAssertTrue(exists("Features/u.feature"))
        }
    }

    func test_run_argumentsThatDoNotParseBesideAProfile_removeTheReportsTheProfileNames() throws {
        try scratch.write(
            "specs.json", #"{ "profiles": { "ci": { "format": ["junit:j.xml", "message:m.ndjson"], "retry": 1 } } }"#)
        for mistake in [["--bogus"], ["--timeout"], ["-x"]] {
            XCTAssertEqual(try run(["--profile", "ci"]).code, 0)
            XCTAssertTrue(exists("j.xml") && exists("m.ndjson"))
            let refused = try run(["--profile", "ci"] + mistake)
            XCTAssertEqual(refused.code, 2, "\(mistake): " + refused.out + refused.err)
            XCTAssertTrue(refused.err.contains("removed j.xml: an earlier run's report"), "\(mistake): " + refused.err)
            XCTAssertFalse(exists("j.xml") || exists("m.ndjson"), "\(mistake): an earlier report is left")
        }
    }

    func test_run_errorInSpecsJSONsOwnOptions_removesTheReportsTheFileNames() throws {
        let good =
            #"{ "default": { "format": ["junit:j.xml"] }, "profiles": { "ci": { "format": ["message:m.ndjson"] } } }"#
        let broken = [
            (#"{ "default": { "format": ["junit:j.xml"], "timeout": 0 } }"#, [String](), "j.xml"),
            (#"{ "default": { "format": ["junit:j.xml"], "tags": "~@wip" } }"#, [], "j.xml"),
            (
                #"{ "default": { "format": ["junit:j.xml"] }, "profiles": { "ci": { "format": ["message:m.ndjson"], "retry": "x" } } }"#,
                ["--profile", "ci"], "m.ndjson"
            ),
            (good, ["--profile", "nope"], "j.xml"),
        ]
        for (file, arguments, report) in broken {
            try scratch.write("specs.json", good)
            XCTAssertEqual(try run(arguments == ["--profile", "nope"] ? [] : arguments).code, 0)
            XCTAssertTrue(exists(report), report)
            try scratch.write("specs.json", file)
            let refused = try run(arguments)
            XCTAssertEqual(refused.code, 2, file + ": " + refused.out + refused.err)
            XCTAssertTrue(refused.err.contains("removed \(report): an earlier run's report"), file + ": " + refused.err)
            XCTAssertFalse(exists(report), file + ": the earlier report is left")
        }
    }

    func test_rerunFile_withThePartialOfAKilledRunBesideIt_isRefused() throws {
        XCTAssertEqual(try run(["--format", "rerun:rr.txt"]).code, 0)
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "true"]
        try ended.run()
        ended.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.05)
        try scratch.write(".rr.txt.\(ended.processIdentifier).partial", "")
        let refused = try run(["@rr.txt"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "rr.txt: error: the run that was writing it did not finish (.rr.txt.\(ended.processIdentifier).partial"),
            refused.err)
        XCTAssertFalse(refused.out.contains("nothing to run"), refused.out)
        // A run that writes the file again puts it right.
        XCTAssertEqual(try run(["--format", "rerun:rr.txt"]).code, 0)
        let accepted = try run(["@rr.txt"])
        XCTAssertEqual(accepted.code, 0, accepted.out + accepted.err)
        XCTAssertTrue(accepted.out.contains("nothing to run"), accepted.out)
    }

    func test_rerunFile_ofAKilledRun_isRefused() throws {
        try writeThenKillARunWriting("rerun:rr.txt")
        let refused = try run(["@rr.txt"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(refused.err.contains("the run that was writing it did not finish"), refused.err)
    }

    /// A run that writes `format` whole, then one that is killed (SIGKILL) while writing it again.
    private func writeThenKillARunWriting(_ format: String) throws {
        XCTAssertEqual(try run(["--format", format]).code, 0)
        try scratch.write(
            "Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that sleeps for 5000 ms\n")
        let killed = try ExecutableRun.run(
            "misbehaving-specs", ["--format", format, "--format", "progress"], in: project, signal: SIGKILL, after: 0.5)
        XCTAssertTrue(killed.signaled, killed.out + killed.err)
    }

    /// A process that runs for a while, as a writer still writing its report.
    private func liveWriter() throws -> Process {
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sleep")
        writer.arguments = ["30"]
        try writer.run()
        return writer
    }

    /// A process that has ended, so that no process has its number now (until the system gives it again).
    private func endedProcess() throws -> Int32 {
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/sh")
        ended.arguments = ["-c", "true"]
        try ended.run()
        ended.waitUntilExit()
        Thread.sleep(forTimeInterval: 0.05)
        return ended.processIdentifier
    }

    /// A merge's report over what the merge or the project reads (specs.json, a feature file,
    /// the files of --xunit and --test-output) is refused before anything is removed or written,
    /// as a run's is: each file stays as it was. A merge used to write its report over them, or
    /// remove the --xunit file it was about to read as an earlier report.
    func test_report_reportOverAFileTheProjectOrTheMergeReads_isRefusedAndTheFileKept() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        try scratch.write("specs.json", #"{ "default": { "order": "defined" } }"#)
        try scratch.write("x.xml", "<testsuites/>\n")
        try scratch.write("t.log", "Test Suite 'All tests' passed\n")
        let kept = try ["specs.json", "Features/u.feature", "x.xml", "t.log"].map { ($0, try scratch.read($0)) }
        // A symbolic link to a feature file, named otherwise, leads to one all the same.
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("link").path, withDestinationPath: "Features/u.feature")
        for (format, inputs) in [
            ("json:specs.json", [String]()), ("html:Features/u.feature", []), ("junit:x.xml", ["--xunit", "x.xml"]),
            ("message:t.log", ["--test-output", "t.log"]), ("junit:link", []),
        ] {
            let refused = try run(["report", "m.ndjson", "--format", format] + inputs)
            XCTAssertEqual(refused.code, 2, format + ": " + refused.out + refused.err)
            XCTAssertTrue(refused.err.contains("give the report another path"), format + ": " + refused.err)
            for (name, text) in kept { XCTAssertEqual(try scratch.read(name), text, "\(format): \(name)") }
        }
        // Standard output appended to a feature file (`>> Features/u.feature`), too.
        let feature = try FileHandle(forWritingTo: project.appendingPathComponent("Features/u.feature"))
        try feature.seekToEnd()
        let appended = try ExecutableRun.run(
            "misbehaving-specs", ["report", "m.ndjson", "--format", "junit"], in: project, standardOutput: feature)
        try feature.close()
        XCTAssertEqual(appended.code, 2, appended.err)
        for (name, text) in kept { XCTAssertEqual(try scratch.read(name), text, ">>: \(name)") }
    }

    func test_report_streamWithThePartialOfAnEndedRunBesideIt_isRefusedNamingBoth() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        let pid = try endedProcess()
        try scratch.write(".m.ndjson.\(pid).partial", "{\"meta\"")
        let refused = try run(["report", "m.ndjson", "--format", "summary", "--format", "junit:j.xml"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "m.ndjson: error: the run that was writing this stream did not finish (.m.ndjson.\(pid).partial is "
                    + "left beside it), so it is an earlier run's stream"),
            refused.err)
        XCTAssertFalse(refused.out.contains("PASSED"), refused.out)
        XCTAssertFalse(exists("j.xml"), "a report of the earlier run's stream is written")
        // A run that writes the stream again puts it right.
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        let accepted = try run(["report", "m.ndjson", "--format", "summary"])
        XCTAssertEqual(accepted.code, 0, accepted.out + accepted.err)
        XCTAssertTrue(accepted.out.hasSuffix("PASSED: 1 scenario passed\n"), accepted.out)
    }

    func test_runAndReport_reportNamedUpToTheLongestFileName_isWrittenAndItsKilledWriteFound() throws {
        let name = String(repeating: "r", count: 246) + ".ndjson"
        XCTAssertEqual(name.utf8.count, 253)
        try scratch.write(name, "an earlier run's stream\n")
        let written = try run(["--format", "message:\(name)", "--format", "junit:j.xml"])
        XCTAssertEqual(written.code, 0, written.out + written.err)
        XCTAssertTrue(try scratch.read(name).hasPrefix("{\"meta\""), "the earlier stream is not replaced")
        let reported = try run(["report", name, "--format", "summary"])
        XCTAssertEqual(reported.code, 0, reported.out + reported.err)
        XCTAssertTrue(reported.out.hasSuffix("PASSED: 1 scenario passed\n"), reported.out)
        // A run killed while writing it left its partial file: the stream is an earlier run's.
        try writeThenKillARunWriting("message:\(name)")
        let refused = try run(["report", name])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains("\(name): error: the run that was writing this stream did not finish"), refused.err)
    }

    func test_report_streamOfAKilledRun_isRefused() throws {
        try writeThenKillARunWriting("message:m.ndjson")
        let refused = try run(["report", "m.ndjson"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains("m.ndjson: error: the run that was writing this stream did not finish"), refused.err)
        XCTAssertFalse(refused.out.contains("PASSED"), refused.out)
    }

    func test_reportAndRerun_streamAndRerunFileARunIsWritingNow_areRefusedAlike() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson", "--format", "rerun:rr.txt"]).code, 0)
        try scratch.write(
            "Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that sleeps for 20000 ms\n")
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: try ExecutableRun.path(of: "misbehaving-specs"))
        writer.arguments = ["--in-process", "--format", "message:m.ndjson", "--format", "rerun:rr.txt"]
        writer.currentDirectoryURL = project
        writer.standardOutput = FileHandle.nullDevice
        writer.standardError = FileHandle.nullDevice
        try writer.run()
        defer {
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
        }
        let pid = writer.processIdentifier
        let deadline = Date().addingTimeInterval(30)
        while !(exists(".m.ndjson.\(pid).partial") && exists(".rr.txt.\(pid).partial")) && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.05)
        }
        XCTAssertTrue(exists(".m.ndjson.\(pid).partial"), "the run writes no partial stream")
        let reported = try run(["report", "m.ndjson", "--format", "summary"])
        XCTAssertEqual(reported.code, 2, reported.out + reported.err)
        XCTAssertTrue(
            reported.err.contains(
                "m.ndjson: error: a run (process \(pid)) is writing a newer stream in its place now "
                    + "(.m.ndjson.\(pid).partial)"),
            reported.err)
        XCTAssertFalse(reported.out.contains("PASSED"), reported.out)
        let rerun = try run(["@rr.txt"])
        XCTAssertEqual(rerun.code, 2, rerun.out + rerun.err)
        XCTAssertTrue(
            rerun.err.contains("rr.txt: error: a run (process \(pid)) is writing it now (.rr.txt.\(pid).partial)"),
            rerun.err)
    }

    /// Makes the file at `name` last modified `seconds` ago.
    private func age(_ name: String, by seconds: Double) throws {
        try FileManager.default.setAttributes(
            [.modificationDate: Date().addingTimeInterval(-seconds)],
            ofItemAtPath: project.appendingPathComponent(name).path)
    }

    func test_reportAndRerun_partialWhoseProcessNumberAProcessStartedSinceHas_areRefusedAsUnfinished() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson", "--format", "rerun:rr.txt"]).code, 0)
        // A run killed a minute ago left its partial files; the system has given its number since
        // to a process that writes nothing here.
        let unrelated = try liveWriter()
        defer { unrelated.terminate() }
        let pid = unrelated.processIdentifier
        try scratch.write(".m.ndjson.\(pid).partial", "{\"meta\"")
        try scratch.write(".rr.txt.\(pid).partial", "")
        for (name, seconds) in [
            ("m.ndjson", 120.0), ("rr.txt", 120), (".m.ndjson.\(pid).partial", 60), (".rr.txt.\(pid).partial", 60),
        ] {
            try age(name, by: seconds)
        }
        let refused = try run(["report", "m.ndjson", "--format", "summary"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "m.ndjson: error: the run that was writing this stream did not finish (.m.ndjson.\(pid).partial is "
                    + "left beside it), so it is an earlier run's stream"),
            refused.err)
        XCTAssertFalse(refused.out.contains("PASSED"), refused.out)
        let rerun = try run(["@rr.txt"])
        XCTAssertEqual(rerun.code, 2, rerun.out + rerun.err)
        XCTAssertTrue(
            rerun.err.contains("rr.txt: error: the run that was writing it did not finish (.rr.txt.\(pid).partial"),
            rerun.err)
        // The next run that writes them removes what the killed run left, and puts them right.
        XCTAssertEqual(try run(["--format", "message:m.ndjson", "--format", "rerun:rr.txt"]).code, 0)
        XCTAssertFalse(exists(".m.ndjson.\(pid).partial"), "the killed run's partial stream is left")
        XCTAssertFalse(exists(".rr.txt.\(pid).partial"), "the killed run's partial rerun file is left")
        XCTAssertEqual(try run(["report", "m.ndjson"]).code, 0)
    }

    func test_report_streamNamedThroughALinkWithAKilledRunsPartialBesideItsTarget_isRefused() throws {
        XCTAssertEqual(try run(["--format", "message:real/m.ndjson", "--format", "rerun:real/rr.txt"]).code, 0)
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: project.appendingPathComponent("link.ndjson").path, withDestinationPath: "real/m.ndjson")
        try manager.createSymbolicLink(
            atPath: project.appendingPathComponent("rrlink.txt").path, withDestinationPath: "real/rr.txt")
        let pid = try endedProcess()
        try scratch.write("real/.m.ndjson.\(pid).partial", "{\"meta\"")
        try scratch.write("real/.rr.txt.\(pid).partial", "")
        let refused = try run(["report", "link.ndjson", "--format", "summary"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "link.ndjson: error: the run that was writing this stream did not finish (.m.ndjson.\(pid).partial"),
            refused.err)
        XCTAssertFalse(refused.out.contains("PASSED"), refused.out)
        let rerun = try run(["@rrlink.txt"])
        XCTAssertEqual(rerun.code, 2, rerun.out + rerun.err)
        XCTAssertTrue(
            rerun.err.contains("rrlink.txt: error: the run that was writing it did not finish (.rr.txt.\(pid).partial"),
            rerun.err)
    }

    func test_report_aKilledRunsPartialSortedAfterALiveWritersOne_isRefused() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        let writer = try liveWriter()
        defer { writer.terminate() }
        let live = ".m.ndjson.\(writer.processIdentifier).partial"
        var dead = ".m.ndjson.\(try endedProcess()).partial"
        for _ in 0..<200 where dead <= live { dead = ".m.ndjson.\(try endedProcess()).partial" }
        XCTAssertGreaterThan(dead, live, "no ended process whose partial sorts after the live writer's")
        try scratch.write(live, "")
        try scratch.write(dead, "{\"meta\"")
        let refused = try run(["report", "m.ndjson", "--format", "summary"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains("m.ndjson: error: the run that was writing this stream did not finish (\(dead)"),
            refused.err)
        XCTAssertFalse(refused.out.contains("PASSED"), refused.out)
    }

    func test_report_noStreamButAKilledRunsPartial_saysThereIsNoFinishedStream() throws {
        let pid = try endedProcess()
        try scratch.write(".m.ndjson.\(pid).partial", "{\"meta\"")
        let refused = try run(["report", "m.ndjson"])
        XCTAssertEqual(refused.code, 2, refused.out + refused.err)
        XCTAssertTrue(
            refused.err.contains(
                "m.ndjson: error: the run that was writing this stream did not finish (.m.ndjson.\(pid).partial is "
                    + "left beside it), so there is no finished stream: run again"),
            refused.err)
        XCTAssertFalse(refused.err.contains("earlier run's stream"), refused.err)
    }

    func test_dryRun_rerunFile_namesTheScenariosNotRun() throws {
        try scratch.write("Features/d.feature", "Feature: D\n  Scenario: one\n    Given a step that fails\n")
        let dry = try run([
            "Features/d.feature", "--dry-run", "--format", "rerun:r.txt", "--format", "message:m.ndjson",
        ])
        XCTAssertEqual(dry.code, 0, dry.out + dry.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/d.feature:2\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("1 scenario (1 failed)"), again.out)
        let merged = try run(["report", "m.ndjson"])
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        XCTAssertTrue(merged.out.contains("m.ndjson is a dry run"), merged.out)
    }

    func test_usageErrors_removeTheEarlierRunsReportsAndSaySo() throws {
        let reports = ["--format", "junit:j.xml", "--format", "message:m.ndjson", "--format", "rerun:r.txt"]
        let usageErrors: [[String]] = [
            ["Features/u.feature:1"] + reports, ["--name", "("] + reports, ["report", "shards/*.ndjson"] + reports,
            ["Features:3"] + reports,
        ]
        for arguments in usageErrors {
            XCTAssertEqual(try run(reports + ["--format", "summary"]).code, 0)
            let failing = try run(arguments)
            let said = arguments.joined(separator: " ") + ": " + failing.out + failing.err
            XCTAssertEqual(failing.code, 2, said)
            for report in ["j.xml", "m.ndjson", "r.txt"] {
                XCTAssertFalse(exists(report), "the earlier run's \(report) is left: " + said)
                XCTAssertTrue(
                    failing.err.contains("removed \(report): an earlier run's report, and this run wrote none"), said)
            }
            XCTAssertTrue(exists("Features/u.feature"), said)
        }
    }

    func test_run_emptyRerunFile_saysItsLastLineAndLeavesNoEarlierReport() throws {
        XCTAssertEqual(try run(["--format", "junit:j.xml", "--format", "summary"]).code, 0)
        try scratch.write("empty.txt", "# nothing failed\n")
        let result = try run(["@empty.txt", "--format", "junit:j.xml"])
        XCTAssertEqual(result.code, 0, result.out + result.err)
        XCTAssertTrue(result.out.hasSuffix("PASSED: 0 scenarios passed\n"), result.out)
        XCTAssertFalse(exists("j.xml"))
        XCTAssertTrue(
            result.err.contains("removed j.xml: an earlier run's report, and this run wrote none"), result.err)
    }
}
