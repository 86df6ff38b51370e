import Foundation
import XCTest

/// What `specs` writes is checked and clean, through the real runner: standard output that
/// refuses a write fails the run (exit 2), a reader that closed the pipe leaves the run's
/// exit code alone, escape sequences from the features never reach the terminal raw, a
/// file named twice (through a symbolic or hard link too) runs once, and `--history` without the HTML report says so.
final class OutputHygieneTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-output")
        try scratch.write(
            "Features/a.feature",
            "Feature: F\n  Scenario: one\n    Given a step that passes\n  Scenario: two\n    Given a step that passes\n"
        )
    }

    override func tearDownWithError() throws { scratch.remove() }

    private func specs(_ arguments: [String], closeStdoutAfter: Int? = nil) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: scratch.root, closeStdoutAfter: closeStdoutAfter)
    }

    /// Runs the runner with standard output sent to `/dev/full`: its exit code and standard error.
    private func specsToFullDevice(_ arguments: [String]) throws -> (code: Int32, err: String, signaled: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExecutableRun.path(of: "misbehaving-specs"))
        process.arguments = arguments
        process.currentDirectoryURL = scratch.root
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { _, new in new }
        let full = try XCTUnwrap(FileHandle(forWritingAtPath: "/dev/full"))
        let errors = scratch.root.appendingPathComponent("stderr.txt")
        XCTAssertTrue(FileManager.default.createFile(atPath: errors.path, contents: nil))
        let errorHandle = try FileHandle(forWritingTo: errors)
        process.standardOutput = full
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try errorHandle.close()
        return (
            process.terminationStatus, try String(contentsOf: errors, encoding: .utf8),
            process.terminationReason == .uncaughtSignal
        )
    }

    func test_run_junitToAFullStandardOutput_failsWithExitTwo() throws {
        let run = try specsToFullDevice(["--format", "junit"])
        XCTAssertFalse(run.signaled)
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(run.err.contains("standard output: error: cannot write: No space left on device"), run.err)
        XCTAssertTrue(
            run.err.hasSuffix("FAILED:\n  - 1 report could not be written (see the errors above): standard output\n"),
            run.err)
        XCTAssertFalse(run.err.contains("PASSED"), run.err)
    }

    /// A full disk: a tiny tmpfs filled up where this may mount one (as root), else `/dev/full`.
    func test_run_reportOnAFullDisk_failsAndLeavesNoFileCutShort() throws {
        let disk = scratch.root.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mounted = Self.tool("/bin/mount", ["-t", "tmpfs", "-o", "size=16k", "tmpfs", disk.path]) == 0
        defer { if mounted { _ = Self.tool("/bin/umount", [disk.path]) } }
        let target: String
        if mounted {
            let filler = disk.appendingPathComponent("filler")
            XCTAssertNotEqual(Self.tool("/bin/dd", ["if=/dev/zero", "of=\(filler.path)", "bs=1k", "count=64"]), 0)
            target = disk.appendingPathComponent("junit.xml").path
        } else {
            target = "/dev/full"
        }
        let run = try specs(["--format", "junit:\(target)", "--format", "summary"])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(run.err.contains("\(target): error: cannot write: No space left on device"), run.err)
        XCTAssertTrue(
            run.out.hasSuffix("FAILED:\n  - 1 report could not be written (see the errors above): \(target)\n"), run.out
        )
        if mounted {
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.path), ["filler"])
        }
    }

    /// Runs a system tool quietly; its exit code (-1 when it cannot start).
    private static func tool(_ path: String, _ arguments: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func test_report_toAFullStandardOutput_failsWithExitTwo() throws {
        let saved = try specs(["--format", "message:run.ndjson", "--format", "summary"])
        XCTAssertEqual(saved.code, 0, saved.err)
        for arguments in [["report", "run.ndjson"], ["report", "run.ndjson", "--format", "junit"]] {
            let run = try specsToFullDevice(arguments)
            XCTAssertEqual(run.code, 2, "\(arguments): \(run.err)")
            XCTAssertTrue(run.err.contains("standard output: error: cannot write"), run.err)
        }
    }

    func test_helpAndGherkin_toAFullStandardOutput_failWithExitTwo() throws {
        for arguments in [["--help"], ["gherkin", "Features/a.feature"], ["--i18n-languages"]] {
            let run = try specsToFullDevice(arguments)
            XCTAssertEqual(run.code, 2, "\(arguments): \(run.err)")
            XCTAssertEqual(run.err, "standard output: error: cannot write: No space left on device\n")
        }
    }

    func test_run_readerThatClosesThePipe_leavesTheRunQuietWithItsExitCode() throws {
        var feature = "Feature: Many\n"
        for index in 0..<400 { feature += "  Scenario: scenario \(index)\n    Given a step that passes\n" }
        try scratch.write("Features/many.feature", feature)
        let passing = try specs(["--format", "pretty"], closeStdoutAfter: 1)
        XCTAssertFalse(passing.signaled)
        XCTAssertEqual(passing.code, 0, passing.err)
        XCTAssertEqual(passing.err, "")
        try scratch.write("Features/z.feature", "Feature: Z\n  Scenario: red\n    Given a step that fails\n")
        let failing = try specs(["--format", "progress"], closeStdoutAfter: 1)
        XCTAssertFalse(failing.signaled)
        XCTAssertEqual(failing.code, 1, failing.err)
        XCTAssertFalse(failing.err.contains("error:"), failing.err)
        let report = try specs(["--format", "message:run.ndjson"])
        XCTAssertEqual(report.code, 1)
        let merged = try specs(["report", "run.ndjson", "--format", "message"], closeStdoutAfter: 1)
        XCTAssertFalse(merged.signaled)
        XCTAssertEqual(merged.code, 1, merged.err)
        XCTAssertFalse(merged.err.contains("cannot write"), merged.err)
    }

    func test_terminalOutputs_escapeSequencesFromTheFeatures_areWrittenOut() throws {
        try scratch.write(
            "Features/esc.feature",
            "Feature: Esc \u{1B}]0;pwned\u{07} feature\n  Scenario: evil \u{1B}[2J name\n    Given a step that fails\n"
                + "    And an undefined \u{1B}[31mred step\n  Scenario: doc\n    Given a step that passes\n"
                + "      \"\"\"\n      doc \u{1B}[2J line\n      \"\"\"\n")
        try scratch.write(
            "Features/bad.feature",
            "Feature: bad\n  Scenario: s\n    Given a step that passes\n  oops \u{1B}]0;pwned\u{07} here\n")
        for format in ["pretty", "progress", "summary"] {
            let run = try specs(["--format", format])
            XCTAssertEqual(run.code, 2, run.err)
            for output in [run.out, run.err] {
                XCTAssertFalse(output.contains("\u{1B}"), "\(format): \(output)")
                XCTAssertFalse(output.contains("\u{07}"), "\(format): \(output)")
            }
            XCTAssertTrue(run.out.contains("evil \\u{1B}[2J name"), "\(format): \(run.out)")
            XCTAssertTrue(run.err.contains("'oops \\u{1B}]0;pwned\\u{7} here' cannot stand here"), run.err)
        }
        let pretty = try specs(["--format", "pretty"])
        XCTAssertTrue(pretty.out.contains("Feature: Esc \\u{1B}]0;pwned\\u{7} feature"), pretty.out)
        XCTAssertTrue(pretty.out.contains("doc \\u{1B}[2J line"), pretty.out)
        XCTAssertTrue(pretty.out.contains("an undefined \\u{1B}[31mred step"), pretty.out)
    }

    func test_run_stepWritingEscapesToStandardErrorOnAWorker_isShownWrittenOut() throws {
        // What a step logs on its worker's standard error reaches the run's written out too.
        try scratch.write(
            "Features/log.feature",
            "Feature: log\n  Scenario: s\n    Given a step that writes \"title\u{1B}]0;pwned\u{07} clear\u{1B}[2J end\" "
                + "to standard error\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/log.feature", "--format", "summary"], in: scratch.root,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertFalse(run.err.contains("\u{1B}") || run.err.contains("\u{07}"), run.err)
        XCTAssertTrue(run.err.contains("title\\u{1B}]0;pwned\\u{7} clear\\u{1B}[2J end\n"), run.err)
    }

    func test_run_stepWritingALineLongerThanKeptToStandardError_saysHowMuchWasLeftOut() throws {
        try scratch.write(
            "Features/long.feature",
            "Feature: long\n  Scenario: s\n    Given a step that writes \"" + String(repeating: "x", count: 20_000)
                + "\" to standard error\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/long.feature", "--format", "summary"], in: scratch.root,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.err.contains(
                String(repeating: "x", count: 100)
                    + " [specs: the 3616 bytes after this line's first 16,384 are left out]\n"),
            String(run.err.suffix(300)))
    }

    /// A shell script `name` running `command`, and `Features/FEATURE.feature` whose first
    /// scenario starts it in the background and sleeps `sleeping` ms; `then` follows.
    private func backgroundScript(
        _ name: String, _ command: String, feature: String, sleeping: Int, then: String = ""
    ) throws {
        try scratch.write(name, "#!/bin/sh\n\(command)\n")
        chmod(scratch.root.appendingPathComponent(name).path, 0o755)
        try scratch.write(
            "Features/\(feature).feature",
            "Feature: \(feature)\n  Scenario: a\n    Given a step that starts \"./\(name)\" in the background\n"
                + "    And a step that sleeps for \(sleeping) ms\n" + then)
    }

    func test_run_stepWritingToStandardErrorWithoutALineFeed_isShownOnALineOfItsOwn() throws {
        // Not held until a later scenario's line ends it (`NO-LFB-LINE`).
        try backgroundScript(
            "no-lf.sh", "printf 'NO-LF' >&2", feature: "nolf", sleeping: 400,
            then: "  Scenario: b\n    Given a step that writes \"B-LINE\" to standard error\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/nolf.feature", "--format", "summary"], in: scratch.root,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.err.contains("NO-LF\nB-LINE\n"), run.err)
    }

    /// A process a step starts inherits nothing that makes it a worker: a runner it starts (a
    /// team's own command, a nested run) runs as it would in a shell (tester X's X9: it served as
    /// a worker on workers, and exited 64).
    func test_run_processAStepStarts_isNoWorker() throws {
        try backgroundScript("env.sh", "env | grep -c '^SPECS_WORKER=' > worker-env.txt", feature: "env", sleeping: 300)
        for isolation in [[], ["--in-process"]] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["Features/env.feature", "--format", "summary"] + isolation, in: scratch.root,
                environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 0, run.err)
            XCTAssertEqual(try scratch.read("worker-env.txt"), "0\n", "\(isolation)")
        }
    }

    /// `SPECS_WORKER` left in a shell or CI's environment (tester Z1's Z1-10): set to nothing it
    /// makes no worker; set to a name, the worker that finds no supervisor says which variable to unset.
    func test_run_workerVariableInTheEnvironment_emptyRunsAndSetSaysWhatToUnset() throws {
        let empty = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: scratch.root, environment: ["SPECS_WORKER": ""])
        XCTAssertEqual(empty.code, 0, empty.out + empty.err)
        XCTAssertTrue(empty.out.contains("PASSED"), empty.out)
        let set = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: scratch.root, environment: ["SPECS_WORKER": "1"])
        XCTAssertNotEqual(set.code, 0, set.out + set.err)
        XCTAssertTrue(set.err.contains("SPECS_WORKER in the environment makes specs a worker process"), set.err)
    }

    func test_run_fileNamedTwice_runsEachScenarioOnce() throws {
        for paths in [
            ["Features", "Features/a.feature"], ["Features/a.feature", "./Features/a.feature"],
            ["Features", "./Features/a.feature:2"], ["Features/a.feature:2", "Features/a.feature:2"],
        ] {
            let run = try specs(paths + ["--format", "summary", "--format", "message:run.ndjson"])
            let expected = paths.last?.hasSuffix(":2") == true && paths.count == 2 && paths[0].hasSuffix(":2") ? 1 : 2
            XCTAssertEqual(run.code, 0, run.err)
            XCTAssertTrue(
                run.out.contains("\(expected) scenario\(expected == 1 ? "" : "s") (\(expected) passed)"),
                "\(paths): \(run.out)")
            let stream = try scratch.read("run.ndjson")
            XCTAssertEqual(
                stream.split(separator: "\n").filter { $0.hasPrefix("{\"testCaseStarted\"") }.count, expected,
                "\(paths)")
        }
        let lines = try specs(["Features/a.feature:2", "./Features/a.feature:4", "--format", "summary"])
        XCTAssertTrue(lines.out.contains("2 scenarios (2 passed)"), lines.out)
    }

    func test_run_fileNamedThroughASymbolicAndAHardLink_runsEachScenarioOnce() throws {
        let root = scratch.root.path
        XCTAssertEqual(link(root + "/Features/a.feature", root + "/hard.feature"), 0)
        XCTAssertEqual(symlink(root + "/Features/a.feature", root + "/soft.feature"), 0)
        let run = try specs(["Features", "hard.feature", "soft.feature", "--format", "summary"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(run.out.contains("2 scenarios (2 passed)"), run.out)
        let first = try specs(["hard.feature", "Features", "--format", "summary", "--format", "rerun:r.txt"])
        XCTAssertTrue(first.out.contains("2 scenarios (2 passed)"), first.out)
    }

    func test_run_featureFileDeeperThanThePathsTheSystemTakes_failsTheRunNamingIt() throws {
        // 25 folders of 200 letters under `deep`: the file's path is longer than PATH_MAX (4096
        // bytes), and the folders past it are not taken for a link loop.
        let script =
            "mkdir deep && (cd deep && for i in $(seq 25); do mkdir \"$(printf 'd%.0s' $(seq 200))\" && cd -P d*; done && "
            + "printf 'Feature: Deep\\n\\n  Scenario: deep\\n    Given a step that fails\\n' > deep.feature) && "
            + "exec \"$0\" Features deep --format summary"
        let run = try ExecutableRun.run("misbehaving-specs", [], in: scratch.root, script: script)
        // Removed by the shell, which reaches below the paths the system takes.
        defer { _ = try? ExecutableRun.run("misbehaving-specs", [], in: scratch.root, script: "rm -rf deep") }
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("its path is longer than the system takes"), run.err)
        XCTAssertFalse(run.err.contains("link loop"), run.err)
        XCTAssertTrue(run.out.contains("1 path could not be used"), run.out)
    }

    func test_run_historyWithoutTheHTMLReport_warnsThatNothingIsRecorded() throws {
        let run = try specs(["--history", "history", "--format", "summary"])
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.err.contains(
                "warning: --history history: the run's record is kept by the HTML report, and none is asked for: "
                    + "add --format html:FILE (this run is not recorded)"), run.err)
        let recorded = try specs(["--history", "history", "--format", "summary", "--format", "html:book.html"])
        XCTAssertFalse(recorded.err.contains("warning: --history"), recorded.err)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: scratch.root.appendingPathComponent("history").path)
                .count, 1)
    }
}
