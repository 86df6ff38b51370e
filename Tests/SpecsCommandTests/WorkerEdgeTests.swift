import Foundation
import XCTest

/// Workers at scale and under pressure, through the real `misbehaving-specs`: crashed
/// workers leave no descriptor behind (a run under a low `ulimit -n` goes on to the end),
/// and a step's huge output is captured whole in time, bounded in memory.
final class WorkerEdgeTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-workers") }
    override func tearDown() { scratch.remove() }

    private func feature(_ steps: [String]) throws {
        try scratch.write(
            "Features/f.feature",
            "Feature: F\n"
                + steps.enumerated().map { "\n  Scenario: s\($0.offset)\n    Given \($0.element)\n" }.joined())
    }

    /// A worker stopped by a signal in a step (a debugger, ^Z sent to it) is ended when the step
    /// would have been, and its scenario fails saying it was stopped, not only that it ran long.
    func test_run_workerStoppedByASignalInAStep_isEndedSayingItWasStopped() throws {
        #if !os(Linux)
            throw XCTSkip("a stopped process is told from /proc, which only Linux has")
        #else
            try feature(["a step that stops its own process", "a step that passes"])
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--timeout", "1"], in: project, timeout: 60,
                environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 1, run.out + run.err)
            XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
            XCTAssertTrue(
                run.out.contains(
                    "the worker process was ended: its step did not finish within the 1.0s timeout and did "
                        + "not stop when cancelled (its process was stopped by a signal: SIGSTOP or SIGTSTP)"), run.out)
        #endif
    }

    /// Each crashed worker once held three descriptors: 150 crashes under a limit of 64
    /// stopped the run after about 20.
    func test_run_manyCrashingScenariosUnderALowLimitOfOpenFiles_failsEachWithItsCauseAndFinishes() throws {
        try feature(Array(repeating: "a step that calls fatalError", count: 150) + ["a step that passes"])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--parallel", "2"], in: project, timeout: 300,
            openFileLimit: 64)
        XCTAssertEqual(run.code, 1, run.err.suffix(2000).description)
        XCTAssertTrue(run.out.contains("151 scenarios (150 failed, 1 passed)"), run.out.suffix(2000).description)
        XCTAssertEqual(run.out.components(separatedBy: "Fatal error: the cart is corrupt").count - 1, 150)
        XCTAssertTrue(run.out.hasSuffix("FAILED:\n  - 150 scenarios failed\n"), run.out.suffix(500).description)
    }

    /// Crashing scenarios on `--parallel 4` with every report, under limits of open files that let
    /// some workers start: each crashed worker is replaced, or, when the system refuses the
    /// replacement, the live ones run the rest; every scenario runs once. Under `ulimit -n 24`
    /// a report's spill file, opened in the middle of the run, took the descriptor a
    /// replacement needed, and the run stopped with scenarios never run (tester V's F1).
    func test_run_crashingScenariosWithEveryReportUnderLowLimits_runEveryScenarioWithTheWorkersLeft() throws {
        for file in 1...10 {
            try scratch.write(
                "Features/f\(file).feature",
                "Feature: F\(file)\n  Scenario: s\n    Given a step that passes\n"
                    + "  Scenario: c\n    Given a step that calls fatalError\n")
        }
        let reports = [
            "--format", "junit:j.xml", "--format", "json:c.json", "--format", "message:m.ndjson", "--format",
            "html:b.html", "--format", "rerun:r.txt",
        ]
        var fewerButSeveral = 0
        for limit in 20...30 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--parallel", "4", "--format", "summary"] + reports, in: project, timeout: 120,
                environment: ["SWIFT_BACKTRACE": "enable=no"], openFileLimit: limit)
            let context = "ulimit -n \(limit): exit \(run.code)\n\(run.out.suffix(800))\n\(run.err.suffix(800))"
            XCTAssertNotEqual(run.code, 0, context)
            XCTAssertFalse(run.out.contains("PASSED"), context)
            // Workers leave the run descriptors for its own files (tester X's X6: feature files
            // "cannot be read" in the middle of the run).
            XCTAssertFalse((run.out + run.err).contains("cannot be read"), context)
            guard !run.out.contains("worker processes could not be started") else { continue }
            let started =
                run.err.split(separator: "\n").first { $0.contains("worker processes the run") }
                .flatMap { $0.split(separator: " ").dropFirst(3).first.flatMap { Int($0) } } ?? 4
            guard started >= 2 else { continue }
            if started < 4 { fewerButSeveral += 1 }
            XCTAssertTrue(run.out.contains("20 scenarios (10 failed, 10 passed)"), context)
            XCTAssertFalse(run.out.contains("never run"), context)
        }
        XCTAssertGreaterThan(fewerButSeveral, 0, "no limit let two or three of the four workers start")
    }

    /// `--parallel 8` under every limit of open files from one too low for any worker to one
    /// that fits them all: the run either runs every scenario once, with the workers the
    /// system let it start (and says how many when fewer than asked), or says why none could
    /// start and is not green. A limit that fitted two workers used to run nothing.
    func test_run_parallelUnderLowLimitsOfOpenFiles_goesOnWithTheWorkersThatStartOrSaysWhyNone() throws {
        try feature(Array(repeating: "a step that passes", count: 9))
        var wentOnWithFewer = 0
        var noneStarted = 0
        for limit in 12...48 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--parallel", "8"], in: project, openFileLimit: limit)
            let context = "ulimit -n \(limit): exit \(run.code)\n\(run.out.suffix(600))\n\(run.err.suffix(600))"
            if run.code == 0 {
                XCTAssertTrue(run.out.hasSuffix("PASSED: 9 scenarios passed\n"), context)
                XCTAssertTrue(run.out.contains("9 scenarios (9 passed)"), context)
                if let warning = run.err.split(separator: "\n").first(where: { $0.contains("worker processes the run") }
                ) {
                    wentOnWithFewer += 1
                    XCTAssertTrue(warning.hasPrefix("warning: --parallel 8: "), context)
                    XCTAssertTrue(
                        warning.contains("too many open files (limit \(limit): raise it with ulimit -n)"), context)
                }
            } else {
                noneStarted += 1
                XCTAssertFalse(run.out.contains("PASSED"), context)
                XCTAssertTrue(run.out.contains("worker processes could not be started"), context)
            }
        }
        XCTAssertGreaterThan(wentOnWithFewer, 0, "no limit let fewer workers start than asked")
        XCTAssertGreaterThan(noneStarted, 0, "no limit was too low for any worker")
    }

    /// The runner's executable replaced while a run is under way (a rebuild in another
    /// terminal): a worker started after it runs the run's own program (Linux), or is refused
    /// saying why (elsewhere); it never runs the new file under the plan's names. A worker of
    /// the new file used to run its steps, so that a failing step could pass.
    func test_run_executableReplacedDuringTheRun_freshWorkersRunTheRunsOwnProgram() throws {
        try scratch.write(
            "Features/f.feature",
            "Feature: F\n\n  Scenario: crashes after a while\n    Given a step that sleeps for 600 ms\n"
                + "    And a step that calls fatalError\n\n  Scenario: fails\n    Given a step that fails\n")
        try scratch.write("impostor", "#!/bin/sh\ntouch \"$(dirname \"$0\")/impostor-ran\"\nexit 0\n")
        let script = """
            cp "$0" ./runner && chmod +x impostor && { ./runner "$@" & run=$!; sleep 0.3; \
            cp impostor runner.new && mv runner.new runner; wait $run; }
            """
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: project, environment: ["SWIFT_BACKTRACE": "enable=no"],
            script: script)
        let said = run.out + run.err
        XCTAssertEqual(run.code, 1, said)
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("impostor-ran").path))
        #if os(Linux)
            XCTAssertTrue(run.out.contains("2 scenarios (2 failed)"), said)
        #else
            XCTAssertTrue(said.contains("was rebuilt or replaced after the run started"), said)
        #endif
    }

    /// A worker that does not end after its last scenario (an after-worker hook that never
    /// returns) is ended once a step would have been, and the run fails naming the hook: it
    /// used to wait for it without end.
    func test_run_afterWorkerHookThatNeverReturns_endsTheWorkerAndFailsNamingIt() throws {
        try feature(["a step that passes", "a step that passes"])
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--timeout", "1"], in: project, timeout: 60,
            environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": "hangingAfterWorker"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertTrue(run.out.contains("2 scenarios (2 passed)"), run.out)
        XCTAssertTrue(run.out.contains("'close the database connection'"), run.out.suffix(800).description)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    /// A before-worker hook that never returns: the worker is ended when a step would have
    /// been, and the run fails naming the hook, its scenarios not run. It used to wait without end.
    func test_run_beforeWorkerHookThatNeverReturns_endsTheWorkerAndFailsNamingIt() throws {
        try feature(["a step that passes", "a step that passes"])
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--timeout", "1"], in: project, timeout: 60,
            environment: ["SPECS_FIXTURE_FAILING_RUN_HOOK": "hangingBeforeWorker"])
        XCTAssertNotEqual(run.code, 0, run.out + run.err)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
        XCTAssertTrue(run.out.contains("'open a database connection'"), run.out.suffix(800).description)
        XCTAssertFalse(run.out.contains("PASSED"), run.out)
    }

    func test_run_stepPrintingManyMegabytes_passesAndKeepsTheHeadAndTailOfItsOutput() throws {
        try feature(["a step that prints 48 MB"])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "message:m.ndjson"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        let messages = try String(contentsOf: project.appendingPathComponent("m.ndjson"), encoding: .utf8)
        XCTAssertTrue(
            messages.contains(
                "[specs: 49283072 bytes of this step's output left out; it wrote 50331648 bytes, "
                    + "of which the first 524288 and the last 524288 are kept]"))
        XCTAssertLessThan(messages.utf8.count, 2_000_000)
    }
}
