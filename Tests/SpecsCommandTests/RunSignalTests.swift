import Foundation
import XCTest

/// A run stopped by a signal never ends in green: SIGHUP ends it as SIGINT and SIGTERM do, a
/// signal in its first moments (before it watches) is taken in rather than ending the process
/// by its default action, and one that comes after the last scenario leaves the verdict, the
/// exit code and every report as they were decided, saying so. Through `misbehaving-specs`.
final class RunSignalTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-signals")
    }

    override func tearDown() { scratch.remove() }

    func test_run_SIGHUP_endsAsInterruptedWithEveryReportAndNoWorkerGoesOn() throws {
        try scratch.write(
            "Features/h.feature",
            "Feature: H\n\n  Scenario: quick\n    Given a step that fails\n\n"
                + "  Scenario: slow\n    Given a step that sleeps for 2000 ms\n    And a step that records \"slow-end\"\n"
        )
        let ledger = project.appendingPathComponent("ledger").path
        let reports = ["--format", "junit:j.xml", "--format", "message:m.ndjson", "--format", "rerun:rr.txt"]
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "progress"] + reports, in: project, signal: SIGHUP, when: "F",
            after: 0.5, environment: ["SPECS_FIXTURE_LEDGER": ledger])
        XCTAssertFalse(run.signaled, "the run ends by SIGHUP's default action: " + run.out + run.err)
        XCTAssertEqual(run.code, 129, run.out + run.err)
        XCTAssertTrue(run.out.contains("the run was interrupted (SIGHUP)"), run.out)
        XCTAssertTrue(run.out.contains("FAILED"), run.out)
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("failures=\"2\""), junit)
        XCTAssertTrue(try scratch.read("m.ndjson").contains("\"testRunFinished\":{\"success\":false"))
        let rerun = try scratch.read("rr.txt")
        XCTAssertTrue(rerun.contains("Features/h.feature:3:6"), rerun)
        // The worker running the slow scenario was ended with the run: it records nothing after.
        Thread.sleep(forTimeInterval: 2.5)
        XCTAssertFalse(
            (try? String(contentsOfFile: ledger, encoding: .utf8))?.contains("slow-end") ?? false,
            "the worker went on after the run ended")
    }

    /// Started with SIGHUP or SIGINT ignored (`nohup`, a script's background job), the run
    /// leaves it so, its workers too: it runs to its end. SIGTERM still stops it.
    func test_run_startedWithASignalIgnored_keepsItIgnored() throws {
        // Signalled once the first scenario's mark is out, in the second's sleep: the run watches
        // signals by then however slow the machine (a signal before that ends it by its default
        // action, as documented, and made this test fail on a loaded machine).
        try scratch.write(
            "Features/n.feature",
            "Feature: N\n\n  Scenario: one\n    Given a step that passes\n\n"
                + "  Scenario: two\n    Given a step that sleeps for 600 ms\n")
        for (name, number) in [("HUP", SIGHUP), ("INT", SIGINT)] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "progress"], in: project, signal: number, when: ".", after: 0.1,
                script: "trap '' \(name); exec \"$0\" \"$@\"")
            XCTAssertEqual(run.code, 0, "\(name): " + run.out + run.err)
            XCTAssertTrue(run.out.hasSuffix("PASSED: 2 scenarios passed\n"), "\(name): " + run.out)
        }
        let stopped = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "progress"], in: project, signal: SIGTERM, when: ".", after: 0.1,
            script: "trap '' HUP INT; exec \"$0\" \"$@\"")
        XCTAssertEqual(stopped.code, 143, stopped.out + stopped.err)
    }

    func test_run_signalBeforeTheRunWatchesSignals_endsItAsInterruptedWithEveryReport() throws {
        try scratch.write("Features/e.feature", "Feature: E\n\n  Scenario: one\n    Given a step that fails\n")
        // A long rerun file holds the run in its reading of it, before it watches signals, for
        // seconds: the signal comes in that time.
        try scratch.write("long.txt", String(repeating: "Features/e.feature:3\n", count: 25_000))
        XCTAssertEqual(
            try ExecutableRun.run("misbehaving-specs", ["--format", "junit:j.xml"], in: project).code, 1)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["@long.txt", "--format", "summary", "--format", "junit:j.xml"], in: project,
            signal: SIGTERM, after: 0.5)
        XCTAssertFalse(run.signaled, "the run ends by SIGTERM's default action: " + run.out + run.err)
        XCTAssertEqual(run.code, 143, run.out + run.err)
        XCTAssertTrue(run.out.contains("the run was interrupted (SIGTERM)"), run.out)
        XCTAssertTrue(run.out.contains("1 scenario was planned and never run"), run.out)
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"2\" failures=\"2\" skipped=\"0\""), junit)
        XCTAssertTrue(junit.contains("<failure type=\"not run\""), junit)
    }

    func test_run_signalAfterTheLastScenario_leavesTheVerdictAndEveryReportAndSaysSo() throws {
        // One scenario whose book is larger than a pipe holds: the run waits in writing it to
        // the FIFO, with every scenario ended, until the test reads it.
        try scratch.write(
            "Features/l.feature",
            "Feature: L\n\n  Scenario: loud\n    Given a step that prints 1 MB\n    And a step that records \"done\"\n")
        let ledger = project.appendingPathComponent("ledger").path
        XCTAssertEqual(mkfifo(project.appendingPathComponent("book.fifo").path, 0o644), 0)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try ExecutableRun.path(of: "misbehaving-specs"))
        process.arguments = ["--format", "summary", "--format", "junit:j.xml", "--format", "html:book.fifo"]
        process.currentDirectoryURL = project
        process.environment = ProcessInfo.processInfo.environment.merging(["SPECS_FIXTURE_LEDGER": ledger]) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let reader = try FileHandle(forReadingFrom: project.appendingPathComponent("book.fifo"))
        // The scenario's last step has run; a moment later the run writes its reports.
        let deadline = Date().addingTimeInterval(60)
        while !FileManager.default.fileExists(atPath: ledger) && process.isRunning && Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
        }
        // The book is written once the run has ended: its first bytes in the FIFO say so, however
        // slow the machine (a fixed half second was too short for a loaded CI, whose SIGTERM then
        // came while the scenario was still running).
        var waiting = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
        XCTAssertEqual(poll(&waiting, 1, 60_000), 1, "the run wrote no book")
        XCTAssertTrue(process.isRunning, "the run did not wait for the book's reader")
        kill(process.processIdentifier, SIGTERM)
        Thread.sleep(forTimeInterval: 0.3)
        let book = String(decoding: reader.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let told = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertEqual(process.terminationReason, .exit, printed + told)
        XCTAssertEqual(process.terminationStatus, 0, printed + told)
        XCTAssertTrue(printed.hasSuffix("PASSED: 1 scenario passed\n"), printed)
        XCTAssertTrue(
            told.contains("note: SIGTERM came after the last scenario had ended: the run's verdict stands"), told)
        XCTAssertTrue(try scratch.read("j.xml").contains("failures=\"0\""))
        XCTAssertTrue(book.hasSuffix("</html>\n"), String(book.suffix(200)))
    }

    func test_report_signalWhileItMerges_endsItWithNoReportAndNoEarlierOneInPlace() throws {
        let rows = (0..<6000).map { "      | \($0) |\n" }.joined()
        try scratch.write(
            "Features/big.feature",
            "Feature: big\n\n  Scenario Outline: o <n>\n    Given a step that passes\n\n    Examples:\n      | n |\n"
                + rows)
        let made = try ExecutableRun.run("misbehaving-specs", ["--format", "message:big.ndjson"], in: project)
        XCTAssertEqual(made.code, 0, made.err)
        let reports = ["--format", "junit:j.xml", "--format", "message:m.ndjson", "--format", "rerun:rr.txt"]
        for (signal, code, name) in [(SIGTERM, Int32(143), "SIGTERM"), (SIGHUP, 129, "SIGHUP")] {
            let green = try ExecutableRun.run("misbehaving-specs", ["report", "big.ndjson"] + reports, in: project)
            XCTAssertEqual(green.code, 0, green.out + green.err)
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["report", "big.ndjson"] + reports, in: project, signal: signal, after: 0.3)
            XCTAssertFalse(run.signaled, "\(name) ended the merge by its default action: " + run.err)
            XCTAssertEqual(run.code, code, run.out + run.err)
            XCTAssertTrue(
                run.err.contains("\(name): the merge was interrupted before its reports were written"), run.err)
            for report in ["j.xml", "m.ndjson", "rr.txt"] {
                XCTAssertFalse(
                    FileManager.default.fileExists(atPath: project.appendingPathComponent(report).path),
                    "the earlier merge's \(report) is left after \(name): " + run.err)
            }
        }
    }
}
