import Foundation
import XCTest

/// A run or worker hook that fails, through the real runner: the last lines name it, where it
/// is and why, on workers and in process, and a report of the saved stream says it alike.
final class RunHookFailureTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-run-hook-failure")
        try scratch.write(
            "Features/h.feature", "Feature: H\n  Scenario: passes\n    Given a step that passes\n")
    }

    override func tearDownWithError() throws { scratch.remove() }

    private func lastLines(_ hook: String, _ options: [String]) throws -> (code: Int32, failed: String, report: String)
    {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--format", "summary", "--format", "message:run.ndjson"] + options,
            in: scratch.root, environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": hook, "SWIFT_BACKTRACE": "enable=no"])
        let report = try ExecutableRun.run(
            "misbehaving-specs", ["report", "run.ndjson", "--format", "summary"], in: scratch.root)
        func failed(_ text: String) -> String {
            text.components(separatedBy: "\n").filter { $0.contains("hook") && $0.contains("failed") }.joined(
                separator: "\n")
        }
        XCTAssertEqual(report.code, run.code, hook + report.out + report.err)
        return (run.code, failed(run.out + run.err), failed(report.out + report.err))
    }

    func test_run_failingBeforeAll_namesTheHookItsPlaceAndItsMessageAsTheReportDoes() throws {
        for options in [[], ["--in-process"]] {
            let (code, failed, report) = try lastLines("beforeAll", options)
            XCTAssertEqual(code, 1, failed)
            XCTAssertTrue(failed.contains("'book the test garage' ("), failed)
            XCTAssertTrue(failed.contains("main.swift:"), failed)
            XCTAssertTrue(failed.contains("before the run) failed: garage closed"), failed)
            XCTAssertFalse(failed.contains("second line"), failed)
            XCTAssertEqual(failed, report)
        }
    }

    func test_run_failingBeforeWorker_namesItOnceOnWorkersAndInProcess() throws {
        // On workers it ran before each worker's scenarios; in process, once before the run.
        for (options, when) in [(["--parallel", "2"], "before each worker"), (["--in-process"], "before the run")] {
            let (code, failed, report) = try lastLines("beforeWorker", options)
            XCTAssertEqual(code, 1, failed)
            XCTAssertTrue(failed.contains("'open a database connection' ("), failed)
            XCTAssertTrue(failed.contains(", \(when)) failed: "), failed)
            XCTAssertTrue(failed.contains("failed: connection refused"), failed)
            XCTAssertEqual(failed.components(separatedBy: "connection refused").count, 2, failed)
            XCTAssertEqual(failed, report)
        }
    }

    func test_run_failingBeforeWorker_leavesTheScenariosPlannedAndNeverRunAlikeOnWorkersAndInProcess() throws {
        try scratch.write(
            "Features/h.feature",
            "Feature: H\n  Scenario: a\n    Given a step that passes\n  Scenario: b\n    Given a step that passes\n")
        var told: [String] = []
        for options in [[], ["--in-process"]] {
            let run = try ExecutableRun.run(
                "misbehaving-specs",
                ["Features", "--format", "summary", "--format", "junit:j.xml", "--format", "rerun:r.txt"] + options,
                in: scratch.root, environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": "beforeWorker"])
            XCTAssertEqual(run.code, 1, run.out + run.err)
            XCTAssertTrue(run.out.contains("2 scenarios were planned and never run"), "\(options) " + run.out)
            let junit = try String(contentsOf: scratch.root.appendingPathComponent("j.xml"), encoding: .utf8)
            let rerun = try String(contentsOf: scratch.root.appendingPathComponent("r.txt"), encoding: .utf8)
            XCTAssertEqual(rerun.split(separator: "\n").first, "Features/h.feature:2:4", "\(options) " + rerun)
            told.append(junit.components(separatedBy: "<testcase ").count.description + " " + rerun.prefix(22))
        }
        XCTAssertEqual(told.first, told.last, "the reports name the same scenarios both ways")
    }

    func test_run_beforeWorkerCrashingItsWorker_failsTheHookInTheStreamToo() throws {
        let (code, failed, report) = try lastLines("crashingBeforeWorker", [])
        XCTAssertEqual(code, 1, failed)
        XCTAssertTrue(failed.contains("'open a database connection' ("), failed)
        XCTAssertTrue(failed.contains(", before each worker) failed: "), failed)
        XCTAssertTrue(failed.contains("failed: its worker process crashed with signal "), failed)
        XCTAssertTrue(failed.contains("during the hook: "), failed)
        XCTAssertTrue(failed.contains("Fatal error: driver crashed"), failed)
        XCTAssertEqual(failed, report)
    }

    /// A hook in the runner's own process that never returns is bounded by `--timeout` as a step
    /// is: the run ends, names it, and writes every report, instead of waiting without end.
    func test_run_runHookThatDoesNotReturn_endsAtTheTimeoutNamingItWithEveryReport() throws {
        let cases: [(environment: [String: String], options: [String], ending: String)] = [
            (["SPECS_FIXTURE_HANGING_BEFORE_ALL": "awaits"], [], "the hook was cancelled and stopped"),
            (["SPECS_FIXTURE_HANGING_BEFORE_ALL": "blocks"], ["--in-process"], "did not stop"),
            (["SPECS_FIXTURE_HANGING_AFTER_ALL": "1"], [], "did not stop"),
            (["SPECS_FIXTURE_HANGING_AFTER_ALL": "1"], ["--in-process"], "did not stop"),
            (["SPECS_FIXTURE_FAILING_RUN_HOOK": "hangingBeforeWorker"], ["--in-process"], "did not stop"),
        ]
        for (environment, options, ending) in cases {
            let started = Date()
            let run = try ExecutableRun.run(
                "misbehaving-specs",
                [
                    "Features", "--timeout", "1", "--format", "summary", "--format", "junit:j.xml", "--format",
                    "message:run.ndjson",
                ] + options,
                in: scratch.root, timeout: 60,
                environment: environment.merging(["SPECS_FIXTURE_UNRULY_STEPS": "1"]) { a, _ in a })
            let place = "\(environment) \(options)"
            XCTAssertEqual(run.code, 1, place + run.out + run.err)
            XCTAssertLessThan(Date().timeIntervalSince(started), 20, place)
            XCTAssertTrue(
                run.out.contains("failed: timed out after 1.0s (--timeout bounds the run's own hooks too)"),
                place + run.out)
            XCTAssertTrue(run.out.contains(ending), place + run.out)
            XCTAssertTrue(try scratch.read("j.xml").contains("</testsuite>"), place)
            let report = try ExecutableRun.run(
                "misbehaving-specs", ["report", "run.ndjson", "--format", "summary"], in: scratch.root)
            XCTAssertEqual(report.code, 1, place + report.out + report.err)
            XCTAssertTrue(report.out.contains("timed out after 1.0s"), place + report.out)
        }
    }

    /// A signal while a `beforeAll` awaits cancels it at once, as it cancels a step: the run ends
    /// with the signal's code and every report, naming the hook (tester V2's V2-1: it waited 10 s
    /// in process, 30 s on workers, and wrote no report).
    func test_run_signalWhileABeforeAllAwaits_cancelsItAndWritesTheReports() throws {
        for isolation in [[], ["--in-process"]] {
            let started = Date()
            let run = try ExecutableRun.run(
                "misbehaving-specs",
                ["Features", "--timeout", "100", "--format", "summary", "--format", "junit:j.xml"] + isolation,
                in: scratch.root, signal: SIGINT, after: 3,
                environment: ["SPECS_FIXTURE_HANGING_BEFORE_ALL": "awaits", "SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 130, "\(isolation) " + run.out + run.err)
            XCTAssertLessThan(Date().timeIntervalSince(started), 9, "\(isolation)")
            XCTAssertTrue(
                run.out.contains(
                    "failed: the run was interrupted (SIGINT) while this hook ran; the hook was cancelled"),
                run.out)
            XCTAssertTrue(try scratch.read("j.xml").contains("</testsuite>"), "\(isolation)")
        }
    }

    /// Workers whose after-worker hook does not return are ended together, at one bound, not one
    /// bound after another (tester Z1's Z1-4: `--parallel 3` took three bounds, 12 s at `--timeout 1`).
    func test_run_workersWhoseAfterWorkerHookDoesNotReturn_areEndedTogether() throws {
        for name in ["b", "c"] {
            try scratch.write(
                "Features/\(name).feature", "Feature: \(name)\n  Scenario: passes\n    Given a step that passes\n")
        }
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--parallel", "3", "--timeout", "1", "--format", "summary"],
            in: scratch.root, environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": "hangingAfterWorker"])
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("it did not end within 4s after its last scenario"), run.out)
        // One bound is 4 s (the timeout, its grace and 2 s); three in turn were 12 s.
        XCTAssertLessThan(seconds, 9, "the workers were ended one after another: \(run.out)")
    }

    func test_run_workerHookThatDoesNotReturn_saysTheWorkerWasEndedAfterTheTimeout() throws {
        for hook in ["hangingBeforeWorker", "hangingAfterWorker"] {
            let (code, failed, report) = try lastLines(hook, ["--timeout", "1"])
            XCTAssertEqual(code, 1, failed)
            XCTAssertTrue(failed.contains("failed: its worker process was ended: it "), hook + failed)
            XCTAssertTrue(failed.contains("within 4s"), hook + failed)
            XCTAssertEqual(failed, report)
        }
    }

    func test_run_failFastOrAFailingHook_endsWithTheLastLinesOfAReportOfItsStream() throws {
        try scratch.write(
            "Features/h.feature",
            "Feature: H\n  Scenario: fails\n    Given a step that fails\n"
                + "  Scenario: passes\n    Given a step that passes\n  Scenario: also passes\n    Given a step that passes\n"
        )
        for hook in ["", "beforeAll", "beforeWorker"] {
            for options in [["--fail-fast"], ["--fail-fast", "--parallel", "2"], ["--in-process"]] {
                let run = try ExecutableRun.run(
                    "misbehaving-specs",
                    ["Features", "--format", "summary", "--format", "message:run.ndjson"] + options,
                    in: scratch.root, environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": hook])
                let report = try ExecutableRun.run(
                    "misbehaving-specs", ["report", "run.ndjson", "--format", "summary"], in: scratch.root)
                func lastLines(_ text: String) -> String {
                    text.range(of: "FAILED:").map { String(text[$0.lowerBound...]) } ?? "(no FAILED line) " + text
                }
                let context = "\(hook) \(options)"
                XCTAssertEqual(run.code, 1, context + run.out + run.err)
                XCTAssertEqual(lastLines(run.out), lastLines(report.out), context)
            }
        }
    }

    func test_run_runHookPrintingWhileAReportIsOnStandardOutput_printsToStandardErrorInstead() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--format", "message"], in: scratch.root,
            environment: ["SPECS_FIXTURE_HOOKS": "1"])
        XCTAssertEqual(run.code, 0, run.err)
        let lines = run.out.split(separator: "\n")
        XCTAssertFalse(lines.isEmpty)
        for line in lines {
            XCTAssertNoThrow(try JSONSerialization.jsonObject(with: Data(line.utf8)), String(line))
        }
        XCTAssertTrue(run.err.contains("garage server started"), run.err)
        let human = try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--format", "summary"], in: scratch.root,
            environment: ["SPECS_FIXTURE_HOOKS": "1"])
        XCTAssertTrue(
            human.out.contains("garage server started"), "beside a format for people it stays on standard output")
    }
}
