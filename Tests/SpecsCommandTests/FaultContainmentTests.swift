import Foundation
import Locking
import SpecsRunner
import XCTest

/// A run contains its faults: each row of the table of faults, replayed through the
/// real `misbehaving-specs` executable. The faulty scenario fails with its cause, the
/// others keep their real status, every report exists and is complete, and the exit code
/// says what happened.
final class FaultContainmentTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-faults-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    private func feature(_ scenarios: [(String, String)]) throws {
        let text = "Feature: Faults\n" + scenarios.map { "\n  Scenario: \($0.0)\n    Given \($0.1)\n" }.joined()
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
    }

    private let reports = [
        "--format", "junit:reports/junit.xml", "--format", "html:reports/specs.html", "--format",
        "json:reports/cucumber.json",
        "--format", "message:reports/messages.ndjson", "--format", "traceability:reports/traceability.md",
    ]

    /// Every report exists, is complete, and counts the scenarios.
    private func assertReportsComplete(
        scenarios: Int, failures: Int, finished: Int? = nil, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        let junit = try read("reports/junit.xml")
        XCTAssertTrue(junit.contains("tests=\"\(scenarios)\" failures=\"\(failures)\""), junit, file: file, line: line)
        XCTAssertTrue(junit.hasSuffix("</testsuite>\n"), file: file, line: line)
        XCTAssertTrue(try read("reports/specs.html").hasSuffix("</html>\n"), file: file, line: line)
        XCTAssertNotNil(
            try JSONSerialization.jsonObject(with: Data(read("reports/cucumber.json").utf8)), file: file, line: line)
        let messages = try read("reports/messages.ndjson")
        XCTAssertEqual(
            messages.components(separatedBy: "\"testCaseFinished\"").count - 1, finished ?? scenarios, file: file,
            line: line)
        XCTAssertTrue(messages.contains("\"testRunFinished\""), file: file, line: line)
        XCTAssertTrue(try read("reports/traceability.md").hasPrefix("## Traceability"), file: file, line: line)
    }

    func test_run_stepThatTrapsOrUnwrapsNil_failsItsScenarioWithTheCauseAndKeepsEveryReport() throws {
        try feature([
            ("before", "a step that passes"), ("fatal", "a step that calls fatalError"),
            ("nil", "a step that unwraps nil"), ("after", "a step that passes"),
        ])
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("reports"), withIntermediateDirectories: true)
        try "an earlier report".write(
            to: project.appendingPathComponent("reports/junit.xml"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "progress"] + reports, in: project)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("the worker process crashed with signal"), run.out)
        XCTAssertTrue(run.out.contains("Fatal error: the cart is corrupt"), run.out)
        XCTAssertTrue(
            run.out.contains("Fatal error: Unexpectedly found nil while unwrapping an Optional value"), run.out)
        XCTAssertTrue(run.out.contains("4 scenarios (2 failed, 2 passed)"), run.out)
        XCTAssertTrue(run.out.hasSuffix("FAILED:\n  - 2 scenarios failed\n"), run.out)
        try assertReportsComplete(scenarios: 4, failures: 2)
    }

    func test_run_stepThatForksWithoutExec_eachScenarioRunsOnceAndNoneIsBlamed() throws {
        let text =
            "Feature: Faults\n"
            + (1...4).map { number in
                "\n  Scenario: s\(number)\n    Given a step that records \"s\(number)\"\n"
                    + (number == 2 ? "    And a step that forks\n    And a step that records \"s2-after\"\n" : "")
            }.joined()
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
        for mode in [[], ["--in-process"], ["--parallel", "2"]] {
            let ledger = project.appendingPathComponent("ledger-\(mode.joined()).txt")
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"] + mode + reports, in: project,
                environment: ["SPECS_FIXTURE_LEDGER": ledger.path, "SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 0, "\(mode): " + run.out + run.err)
            XCTAssertTrue(run.out.contains("4 scenarios (4 passed)"), "\(mode): " + run.out)
            let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").sorted()
            XCTAssertEqual(lines, ["s1", "s2", "s2-after", "s3", "s4"], "\(mode): each scenario runs once")
            XCTAssertTrue(run.err.contains("forked the runner (fork() without exec)"), "\(mode): " + run.err)
            try assertReportsComplete(scenarios: 4, failures: 0)
        }
    }

    func test_run_hooksThatForkWithoutExec_eachScenarioRunsOnce() throws {
        let text =
            "Feature: Faults\n"
            + (1...3).map { "\n  Scenario: s\($0)\n    Given a step that records \"s\($0)\"\n" }.joined()
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
        for mode in [[], ["--in-process"]] {
            let ledger = project.appendingPathComponent("hooks-ledger-\(mode.joined()).txt")
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"] + mode + reports, in: project, timeout: 60,
                environment: [
                    "SPECS_FIXTURE_LEDGER": ledger.path, "SPECS_FIXTURE_UNRULY_STEPS": "1",
                    "SPECS_FIXTURE_FORKING_HOOKS": "1",
                ])
            XCTAssertEqual(run.code, 0, "\(mode): " + run.out + run.err)
            let lines = try String(contentsOf: ledger, encoding: .utf8).split(separator: "\n").sorted()
            XCTAssertEqual(lines, ["s1", "s2", "s3"], "\(mode): each scenario runs once")
            try assertReportsComplete(scenarios: 3, failures: 0)
        }
    }

    func test_run_stepThatPointsStandardOutputElsewhere_passesAtOnceAndTheRunGoesOn() throws {
        try feature([
            ("silences", "a step that prints and then silences standard output"), ("after", "a step that passes"),
        ])
        for mode in [[], ["--in-process"]] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--timeout", "20"] + mode + reports, in: project,
                timeout: 60, environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 0, "\(mode): " + run.out + run.err)
            XCTAssertTrue(run.out.contains("2 scenarios (2 passed)") || mode.isEmpty == false, run.out)
            XCTAssertFalse((run.out + run.err).contains("did not finish within"), run.out + run.err)
        }
        let messages = try read("reports/messages.ndjson")
        XCTAssertTrue(messages.contains("\"testRunFinished\""), messages)
    }

    func test_run_workLeftRunningThatCrashesWhileItsWorkerWaits_failsTheRunNamingItsScenario() throws {
        try feature([
            ("leaves", "a step that leaves work that crashes after 200 ms"),
            ("waits", "a step that sleeps for 2000 ms"),
        ])
        // With --fail-fast each worker is asked for one scenario at a time: the first worker
        // waits for work, with none left, when what its scenario left running crashes.
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--parallel", "2", "--fail-fast"] + reports, in: project,
            timeout: 60, environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1", "SWIFT_BACKTRACE": "enable=no"])
        let said = run.out + run.err
        XCTAssertEqual(run.code, 1, said)
        XCTAssertTrue(run.out.contains("2 scenarios (2 passed)"), said)
        XCTAssertTrue(
            run.out.contains("the run ended with an error: worker w1 crashed with signal"), said)
        XCTAssertTrue(
            run.out.contains("while it ran no scenario; the last it ran was 'leaves' (Features/faults.feature:3)"), said
        )
        XCTAssertTrue(run.out.contains("Fatal error: the work left running crashed"), said)
        let junit = try read("reports/junit.xml")
        XCTAssertFalse(junit.contains("failures=\"0\""), junit)
        let last = try read("reports/messages.ndjson").split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.contains("\"success\":false") && last.contains("WorkerLost"), last)
        let merged = try ExecutableRun.run(
            "misbehaving-specs", ["report", "reports/messages.ndjson", "--format", "summary"], in: project)
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        XCTAssertTrue(merged.out.contains("the run ended with an error: worker w1 crashed"), merged.out)
    }

    func test_run_workLeftRunningThatExitsZeroOrCrashesWhileItsWorkerWaits_failsTheRun() throws {
        for (step, said) in [
            (
                "a step that leaves work that exits after 150 ms",
                "worker w1 exited with status 0 while it ran no scenario"
            ),
            ("a step that leaves work that crashes after 150 ms", "worker w1 crashed"),
        ] {
            try feature([("leaves", step), ("waits", "a step that sleeps for 400 ms")])
            // Backtraces on: the worker may be in its crash handler when its input ends.
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--parallel", "2", "--fail-fast"] + reports,
                in: project, timeout: 60, environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 1, step + ": " + run.out + run.err)
            XCTAssertTrue(run.out.contains(said), step + ": " + run.out)
            XCTAssertFalse(run.out.contains("PASSED"), step + ": " + run.out)
            let junit = try read("reports/junit.xml")
            XCTAssertFalse(junit.contains("failures=\"0\""), junit)
        }
    }

    /// Work the last scenario leaves running crashes at once: the runtime writes its report
    /// during that scenario, and the worker, whose input ends meanwhile, exits with status 0
    /// before the trap. A crash its runtime reported fails the run (it passed 8 times in 25).
    func test_run_workTheLastScenarioLeavesThatCrashesAtOnce_failsEveryRunWhoseWorkerReportedIt() throws {
        try feature([
            ("one", "a step that passes"), ("two", "a step that passes"),
            ("leaves", "a step that leaves work that crashes after 0 ms"),
        ])
        var reported = 0
        for round in 1...12 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"], in: project, timeout: 60,
                environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            guard run.err.contains("Fatal error: the work left running crashed") else { continue }
            reported += 1
            XCTAssertEqual(run.code, 1, "round \(round): " + run.out + run.err)
            // In the step (it fails) or after the scenario (the worker lost while it ran none).
            XCTAssertTrue(run.out.contains("crashed"), "round \(round): " + run.out)
            XCTAssertFalse(run.out.contains("PASSED"), "round \(round): " + run.out)
        }
        XCTAssertGreaterThan(reported, 0, "the work never crashed before its worker ended")
    }

    func test_run_stepThatLogsAFatalErrorText_passesOnWorkers() throws {
        // A logger's own test writes the words a crash report has: the run is no crash.
        try feature([
            ("logs", #"a step that writes "Fatal error: the logger under test" to standard error"#),
            ("waits", "a step that sleeps for 100 ms"),
        ])
        for _ in 1...3 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--parallel", "2"] + reports, in: project,
                timeout: 60, environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 0, run.out + run.err)
            XCTAssertTrue(run.out.contains("PASSED: 2 scenarios passed"), run.out)
        }
    }

    func test_run_worldWhoseMakingCrashes_failsEachScenarioWithTheCauseInBoundedTime() throws {
        try feature([("one", "a step that passes"), ("two", "a step that passes")])
        // Each scenario's worker crashes as it makes the world: before, the supervisor took the
        // scenario for one never begun and gave it to a fresh worker, without end.
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"] + reports, in: project, timeout: 60,
            environment: ["SPECS_FIXTURE_WORLD_CRASHES": "1", "SWIFT_BACKTRACE": "enable=no"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("2 scenarios (2 failed)"), run.out)
        XCTAssertTrue(run.out.contains("Fatal error: no world today"), run.out)
        XCTAssertTrue(run.out.contains("the worker process crashed with signal 4"), run.out)
        try assertReportsComplete(scenarios: 2, failures: 2)
    }

    func test_run_stepThatWritesToLowDescriptors_leavesTheWorkersProtocolAlone() throws {
        try feature([
            ("one", "a step that passes"), ("writes", "a step that writes to descriptors 3 to 40"),
            ("three", "a step that passes"), ("four", "a step that passes"),
        ])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"] + reports, in: project,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("4 scenarios (4 passed)"), run.out)
        try assertReportsComplete(scenarios: 4, failures: 0)
    }

    /// A step that writes into the worker's own protocol (every descriptor up to 1024) has its
    /// worker ended; the worker may have run on into the next scenarios meanwhile: those are
    /// failed, never given to a fresh worker to run a second time.
    func test_run_stepThatWritesIntoTheWorkersProtocol_noScenarioRunsTwice() throws {
        let text = """
            Feature: Faults

              Scenario: one
                Given a step that records "s1"

              Scenario: writes
                Given a step that records "s2-before"
                And a step that writes to descriptors 3 to 1024
                And a step that records "s2-after"

              Scenario: three
                Given a step that records "s3"

              Scenario: four
                Given a step that records "s4"

            """
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
        let ledger = project.appendingPathComponent("ledger").path
        for round in 1...12 {
            try? FileManager.default.removeItem(atPath: ledger)
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"] + reports, in: project,
                environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1", "SPECS_FIXTURE_LEDGER": ledger])
            XCTAssertEqual(run.code, 1, "round \(round): \(run.out)")
            let marks = try read("ledger").split(separator: "\n")
            XCTAssertEqual(marks.count, Set(marks).count, "round \(round), a scenario ran twice: \(marks)\n\(run.out)")
            XCTAssertTrue(run.out.contains("a line that is no result of protocol"), run.out)
            // Each scenario is told once, and one that passed ran.
            XCTAssertTrue(run.out.contains("4 scenarios ("), run.out)
            for (name, mark) in [("three", "s3"), ("four", "s4")] where !run.out.contains("Scenario: \(name) #") {
                XCTAssertTrue(marks.contains(Substring(mark)), "round \(round): \(name) passed without running")
            }
            let failed = run.out.components(separatedBy: "\n").filter { $0.contains("Scenario: ") }.count
            try assertReportsComplete(scenarios: 4, failures: failed)
        }
    }

    /// A copy of the runner forked from a task a step left running, that exits later, says
    /// nothing of the run: the run in process told its own verdict.
    func test_run_inProcessTaskThatForksAndItsCopyExits_theCopySaysNothingOfTheRun() throws {
        try feature([("forks", "a step that leaves a task that forks, whose copy exits after 300 ms")])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--in-process", "--format", "summary"], in: project,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.hasSuffix("PASSED: 1 scenario passed\n"), run.out)
        XCTAssertFalse((run.out + run.err).contains("did not finish"), run.out + run.err)
    }

    /// A step that closes every descriptor it did not open (the idiom, run in the wrong
    /// process) ends its worker at once, saying so: nothing more runs in that worker, and
    /// a fresh one runs the rest.
    func test_run_stepThatClosesTheWorkersDescriptors_endsItsWorkerAtOnceSayingWhy() throws {
        let text = """
            Feature: Faults

              Scenario: closes
                Given a step that records "s1-before"
                And a step that closes descriptors 3 to 1024
                And a step that records "s1-after"

              Scenario: two
                Given a step that records "s2"

            """
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
        let ledger = project.appendingPathComponent("ledger").path
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"] + reports, in: project,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1", "SPECS_FIXTURE_LEDGER": ledger])
        XCTAssertLessThan(Date().timeIntervalSince(started), 4)
        XCTAssertEqual(run.code, 1, run.out)
        XCTAssertEqual(try read("ledger"), "s1-before\ns2\n")
        XCTAssertTrue(run.out.contains("Step: And a step that closes descriptors 3 to 1024"), run.out)
        XCTAssertTrue(run.out.contains("exited with status 74 (as a worker does that lost the descriptors"), run.out)
        XCTAssertFalse(run.out.contains("did the step call exit()"), run.out)
        XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
        try assertReportsComplete(scenarios: 2, failures: 1)
    }

    #if os(Linux)
        func test_run_stepThatStartsAProcess_sharesNoDescriptorOfTheWorkersWithIt() throws {
            // The process lists its open descriptors: standard input, output and error and
            // the listing's own, none of the worker's protocol or output capture.
            try feature([
                ("starts", #"a step that starts a process listing its descriptors into "fds.txt""#),
                ("after", "a step that passes"),
            ])
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"], in: project,
                environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"])
            XCTAssertEqual(run.code, 0, run.out + run.err)
            let descriptors = try read("fds.txt").split(separator: "\n").compactMap { Int($0) }
            // What this test process leaves open on exec passes down to every process it starts.
            let passedDown = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap(Int.init)
                .filter { $0 > 2 && fcntl(Int32($0), F_GETFD) & FD_CLOEXEC == 0 }
            let given = Set(descriptors).subtracting([0, 1, 2, 3]).subtracting(passedDown)
            XCTAssertEqual(given, [], "the worker's descriptors the process was given, of \(descriptors.sorted())")
        }
    #endif

    func test_run_stepThatCallsExitZero_failsItsScenarioAndTheRun() throws {
        try feature([("exits", "a step that calls exit 0"), ("after", "a step that passes")])
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"] + reports, in: project)
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(run.out.contains("the worker process exited with status 0 while this step ran"), run.out)
        XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
        try assertReportsComplete(scenarios: 2, failures: 1)
    }

    func test_run_stepsThatBlockTheirThread_timeOutAndTheRunGoesOn_serialAndParallel() throws {
        try feature([
            ("semaphore", "a step that waits on a semaphore nobody signals"),
            ("sleeps", "a step that sleeps its thread for 30 s"), ("spins", "a step that spins"),
            ("fine", "a step that passes"),
        ])
        for parallel in ["1", "2"] {
            let started = Date()
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--timeout", "1", "--parallel", parallel, "--format", "summary"] + reports,
                in: project)
            XCTAssertLessThan(Date().timeIntervalSince(started), 25, "parallel \(parallel)")
            XCTAssertEqual(run.code, 1, run.out)
            XCTAssertTrue(run.out.contains("4 scenarios (3 failed, 1 passed)"), "parallel \(parallel): \(run.out)")
            XCTAssertEqual(
                run.out.components(
                    separatedBy: "did not stop when cancelled (it blocks its thread), so its worker process was ended"
                ).count - 1,
                3, run.out)
            try assertReportsComplete(scenarios: 4, failures: 3)
        }
        // The spinning step's worker was ended, not left burning a core.
        XCTAssertEqual(Self.runningWorkers(in: project), [], "worker processes still running")
    }

    /// The command lines of running worker processes of the fixture in `directory` (Linux's /proc).
    static func runningWorkers(in directory: URL) -> [String] {
        #if os(Linux)
            let ids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
            return ids.compactMap { id -> String? in
                guard Int(id) != nil, let command = FileManager.default.contents(atPath: "/proc/\(id)/cmdline"),
                    let environment = FileManager.default.contents(atPath: "/proc/\(id)/environ")
                else { return nil }
                let line = String(decoding: command.map { $0 == 0 ? 0x20 : $0 }, as: UTF8.self)
                let variables = String(decoding: environment.map { $0 == 0 ? 0x0A : $0 }, as: UTF8.self)
                let cwd = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(id)/cwd")) ?? ""
                guard URL(fileURLWithPath: cwd).resolvingSymlinksInPath() == directory.resolvingSymlinksInPath() else {
                    return nil
                }
                return line.contains("misbehaving-specs") && ("\n" + variables).contains("\nSPECS_WORKER=") ? line : nil
            }
        #else
            return []
        #endif
    }

    func test_run_interruptedBySIGINTOrSIGTERM_writesEveryReportAndExitsWithTheSignalsCode() throws {
        try feature([
            ("quick", "a step that passes"), ("slow", "a step that sleeps for 30000 ms"),
            ("never", "a step that passes"),
        ])
        for (signal, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
            // Signalled once the quick scenario's mark is out and the slow one has started.
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "progress"] + reports, in: project, signal: signal, when: ".",
                after: 0.5)
            XCTAssertEqual(run.code, code, run.out + run.err)
            XCTAssertTrue(run.out.contains("the run was interrupted"), run.out)
            XCTAssertTrue(run.out.contains("3 scenarios (1 failed, 1 passed, 1 not run)"), run.out)
            try assertReportsComplete(scenarios: 3, failures: 2, finished: 2)
            XCTAssertTrue(try read("reports/junit.xml").contains("failures=\"2\" skipped=\"0\""))
        }
    }

    func test_run_inProcessInterruptedInAStepThatAwaitsOrBlocks_stopsTheStepAtOnceAndWritesEveryReport() throws {
        for step in ["a step that sleeps for 30000 ms", "a step that waits on a semaphore nobody signals"] {
            try feature([("quick", "a step that passes"), ("slow", step), ("never", "a step that passes")])
            for (signal, name, code) in [(SIGINT, "SIGINT", Int32(130)), (SIGTERM, "SIGTERM", Int32(143))] {
                let started = Date()
                let run = try ExecutableRun.run(
                    "misbehaving-specs", ["--in-process", "--retry", "2", "--format", "progress"] + reports,
                    in: project, signal: signal, when: ".", after: 0.5)
                let seconds = Date().timeIntervalSince(started)
                XCTAssertEqual(run.code, code, run.out + run.err)
                XCTAssertLessThan(seconds, 10, "\(name) during '\(step)' took \(seconds) s: " + run.out)
                XCTAssertTrue(
                    run.out.contains("the run was interrupted (\(name)) while this step ran; the step was cancelled"),
                    run.out)
                // Failed once, and not retried: an interrupted run starts no attempt.
                XCTAssertTrue(run.out.contains("3 scenarios (1 failed, 1 passed, 1 not run)"), run.out)
                XCTAssertFalse(run.out.contains("retry"), run.out)
                try assertReportsComplete(scenarios: 3, failures: 2, finished: 2)
            }
        }
    }

    func test_run_inProcessInterruptedWhileStepsBlockEveryThread_endsWithTheSignalsCodeSayingWhy() throws {
        // One blocked step more than the processors: every thread of the task pool is held.
        let width = ProcessInfo.processInfo.activeProcessorCount + 1
        let blocked = (1...width).map { ("blocked \($0)", "a step that waits on a semaphore nobody signals") }
        try feature(blocked + [("after", "a step that passes")])
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--in-process", "--parallel", "\(width)", "--format", "summary"] + reports,
            in: project,
            signal: SIGINT, after: 2, timeout: 60)
        let seconds = Date().timeIntervalSince(started)
        XCTAssertEqual(run.code, 130, run.out + run.err)
        XCTAssertLessThan(seconds, 30, run.err)
        XCTAssertTrue(
            run.err.contains(
                "error: the run did not end within 10 s of SIGINT: steps block every thread it runs on"), run.err)
    }

    func test_run_onWorkersInterruptedInAnAfterAllHookThatNeverReturns_endsWithTheSignalsCodeSayingWhy() throws {
        try feature([("one", "a step that passes"), ("two", "a step that passes")])
        let earlier = try ExecutableRun.run("misbehaving-specs", ["--format", "junit:j.xml"], in: project)
        XCTAssertEqual(earlier.code, 0, earlier.err)
        let started = Date()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "junit:j.xml"], in: project, signal: SIGTERM,
            after: 2, timeout: 90,
            environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1", "SPECS_FIXTURE_HANGING_AFTER_ALL": "1"])
        XCTAssertEqual(run.code, 143, run.out + run.err)
        // The signal cancels the hook; one that does not return within the grace is abandoned, and
        // the run ends with this run's reports, naming it (it used to wait 30 s and write none).
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, run.err)
        XCTAssertTrue(
            run.out.contains(
                "the run was interrupted (SIGTERM) while this hook ran; the hook was cancelled but did not stop"),
            run.out)
        let junit = try read("j.xml")
        XCTAssertTrue(junit.contains("</testsuite>"), junit)
        XCTAssertGreaterThanOrEqual(
            junit.components(separatedBy: "<testcase ").count - 1, 2, "both scenarios: \(junit)")
    }

    func test_run_inProcessInterruptedInAStepThatAwaits_runsTheScenariosAfterHooks() throws {
        let text = "Feature: Faults\n\n  @hooked\n  Scenario: slow\n    Given a step that sleeps for 30000 ms\n"
        try text.write(to: project.appendingPathComponent("Features/faults.feature"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--in-process", "--format", "message:m.ndjson", "--format", "progress"], in: project,
            signal: SIGINT, after: 1, environment: ["SPECS_FIXTURE_ATTACHING_HOOKS": "1"])
        XCTAssertEqual(run.code, 130, run.out + run.err)
        let stream = try read("m.ndjson")
        XCTAssertTrue(stream.contains("after a step that sleeps for 30000 ms: FAILED"), stream)
        XCTAssertTrue(stream.contains(#"{\"status\":\"FAILED\"}"#), stream)
    }

    func test_run_SIGTERMWhileAWorkerCrashes_endsWithTheSignalsCodeAndEveryReport() throws {
        // The crashing worker's backtracer holds its pipes after the worker is ended: the run
        // must not wait for it.
        try feature([
            ("quick", "a step that passes"), ("crash", "a step that unwraps nil"),
            ("crash too", "a step that unwraps nil"),
            ("later", "a step that sleeps for 2000 ms"),
        ])
        for delay in [0.05, 0.2, 0.4] {
            let started = Date()
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--parallel", "2", "--format", "progress"] + reports, in: project,
                signal: SIGTERM, when: ".", after: delay, environment: ["SWIFT_BACKTRACE": "enable=yes,interactive=no"])
            let seconds = Date().timeIntervalSince(started)
            XCTAssertTrue([143, 1].contains(run.code), "exit \(run.code): " + run.out + run.err)
            XCTAssertLessThan(seconds, 12, "the run took \(seconds) s after a SIGTERM: " + run.err)
            XCTAssertNotNil(try? read("reports/junit.xml"))
            XCTAssertTrue(run.out.contains("FAILED"), run.out)
        }
    }

    func test_run_readerOfStandardOutputGoesAway_reportsAreStillWritten() throws {
        try feature([
            ("one", "a step that passes"), ("two", "a step that sleeps for 300 ms"), ("three", "a step that passes"),
        ])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "pretty"] + reports, in: project, closeStdoutAfter: 10)
        XCTAssertEqual(run.code, 0, run.err)
        try assertReportsComplete(scenarios: 3, failures: 0)
    }

    func test_run_parallelWorkersAndACrash_keepEveryFinishedTestCaseInTheStream() throws {
        try feature(
            (1...5).map { ("fine \($0)", "a step that passes") } + [("fatal", "a step that calls fatalError")]
                + (6...8).map { ("fine \($0)", "a step that passes") })
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--parallel", "2", "--format", "summary"] + reports, in: project)
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(run.out.contains("9 scenarios (1 failed, 8 passed)"), run.out)
        try assertReportsComplete(scenarios: 9, failures: 1)
    }

    func test_run_crashWhileLaterScenariosAreAskedOfTheWorker_runsThemOnAFreshWorkerOnce() throws {
        // Fast scenarios widen what the worker is asked ahead, so the crash takes several asked ones with it.
        try feature(
            (1...20).map { ("fine \($0)", "a step that passes") } + [("fatal", "a step that calls fatalError")]
                + (21...40).map { ("fine \($0)", "a step that passes") })
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"] + reports, in: project)
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains("41 scenarios (1 failed, 40 passed)"), run.out)
        try assertReportsComplete(scenarios: 41, failures: 1)
        // Each scenario's test case runs once, in the order written.
        let lines = try read("reports/messages.ndjson").split(separator: "\n")
        func ids(_ prefix: String, _ key: String) -> [String] {
            lines.filter { $0.hasPrefix(prefix) }.map {
                $0.components(separatedBy: "\"\(key)\":\"")[1].components(separatedBy: "\"")[0]
            }
        }
        let planned = ids("{\"testCase\":", "id")
        XCTAssertEqual(planned.count, 41)
        XCTAssertEqual(ids("{\"testCaseStarted\":", "testCaseId"), planned)
    }

    func test_run_failFast_countsNeverStartedScenariosAsNotRunEverywhere() throws {
        try feature([("fails", "a step that fails"), ("b", "a step that passes"), ("c", "a step that passes")])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--fail-fast", "--format", "summary"] + reports, in: project)
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(run.out.contains("3 scenarios (1 failed, 2 not run)"), run.out)
        // Never started, they are failed "not run" in JUnit and Cucumber JSON, never skipped as a
        // scenario that skipped itself is (tester V's F2).
        let junit = try read("reports/junit.xml")
        XCTAssertTrue(junit.contains("tests=\"3\" failures=\"3\" skipped=\"0\""), junit)
        XCTAssertEqual(junit.components(separatedBy: "<failure type=\"not run\"").count - 1, 2, junit)
        let json = try read("reports/cucumber.json")
        XCTAssertEqual(
            json.components(separatedBy: "\"error_message\" : \"not run: the run ended before").count - 1, 2, json)
    }

    func test_run_fullDisk_isAnErrorAndExitTwo() throws {
        #if os(Linux)
            try feature([("one", "a step that passes")])
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--format", "junit:/dev/full"], in: project)
            XCTAssertEqual(run.code, 2)
            XCTAssertTrue(run.err.contains("/dev/full: error: cannot write: No space left on device"), run.err)
            XCTAssertTrue(run.out.contains("1 report could not be written"), run.out)
        #else
            throw XCTSkip("/dev/full, a device that is always full, is Linux's")
        #endif
    }

    func test_run_reportThroughASymlinkAndAFIFO_isWrittenThroughNotReplaced() throws {
        try feature([("one", "a step that passes")])
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: project.appendingPathComponent("real"), withIntermediateDirectories: true)
        try fileManager.createSymbolicLink(
            atPath: project.appendingPathComponent("link.xml").path, withDestinationPath: "real/junit.xml")
        XCTAssertEqual(mkfifo(project.appendingPathComponent("pipe.ndjson").path, 0o644), 0)
        let fifoRead = Locked<String>("")
        let fifoPath = project.appendingPathComponent("pipe.ndjson").path
        let reader = Thread {
            let descriptor = open(fifoPath, O_RDONLY)
            guard descriptor >= 0 else { return }
            var bytes: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count <= 0 { break }
                bytes += chunk[0..<count]
            }
            close(descriptor)
            fifoRead.withLock { $0 = String(decoding: bytes, as: UTF8.self) }
        }
        reader.start()
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            ["--format", "summary", "--format", "junit:link.xml", "--format", "message:pipe.ndjson"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(
            try fileManager.destinationOfSymbolicLink(atPath: project.appendingPathComponent("link.xml").path),
            "real/junit.xml")
        XCTAssertTrue(try read("real/junit.xml").contains("tests=\"1\""))
        Thread.sleep(forTimeInterval: 0.3)
        XCTAssertTrue(fifoRead.withLock { $0 }.contains("\"testRunFinished\""))
        var info = stat()
        XCTAssertEqual(lstat(project.appendingPathComponent("pipe.ndjson").path, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO, "the FIFO is still a FIFO")
    }

    func test_run_reportToDevStdout_isWrittenThere() throws {
        try feature([("one", "a step that passes")])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary:/dev/stderr", "--format", "junit:/dev/stdout"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.out.contains("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"specs\" tests=\"1\""),
            run.out)
    }

    func test_run_twoFormatsToOnePath_isAUsageError() throws {
        try feature([("one", "a step that passes")])
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "junit:r.xml", "--format", "json:r.xml"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("--format junit and --format json both write to r.xml"), run.err)
    }

    /// Two feature links that lead to each other are a loop, not a link to nothing; a link
    /// whose target is gone is one.
    func test_run_featureLinksLeadingToEachOther_areALoopAndADanglingLinkLeadsNowhere() throws {
        try feature([("one", "a step that passes")])
        let features = project.appendingPathComponent("Features")
        for (link, target) in [
            ("x.feature", "y.feature"), ("y.feature", "x.feature"), ("gone.feature", "/nonexistent"),
        ] {
            try FileManager.default.createSymbolicLink(
                atPath: features.appendingPathComponent(link).path, withDestinationPath: target)
        }
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(
            run.err.contains("Features/x.feature: error: a symbolic link loop: its links lead to each other"), run.err)
        XCTAssertTrue(run.err.contains("Features/y.feature: error: a symbolic link loop"), run.err)
        XCTAssertTrue(run.err.contains("Features/gone.feature: error: a link to nothing"), run.err)
        XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
        // Named on the command line, they are told alike (tester V's F4: "no such file or directory").
        let named = try ExecutableRun.run(
            "misbehaving-specs", ["Features/x.feature", "Features/gone.feature", "--format", "summary"], in: project)
        XCTAssertEqual(named.code, 2, named.out + named.err)
        XCTAssertTrue(
            named.err.contains("Features/x.feature: error: a symbolic link loop: its links lead to each other"),
            named.err)
        XCTAssertTrue(named.err.contains("Features/gone.feature: error: a link to nothing"), named.err)
    }

    func test_run_featuresFolderWithALinkLoop_isAnError() throws {
        try feature([("one", "a step that passes")])
        try FileManager.default.createSymbolicLink(
            atPath: project.appendingPathComponent("Features/again").path,
            withDestinationPath: project.appendingPathComponent("Features").path)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("a symbolic link loop"), run.err)
    }

    func test_run_stepThatReadsStandardInput_readsNothingOfTheSupervisors() throws {
        try feature([
            ("reads", "a step that reads standard input"), ("next", "a step that passes"),
            ("last", "a step that passes"),
        ])
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.contains("3 scenarios (3 passed)"), run.out)
    }

    func test_run_stepOutput_appearsUnderItsStep() throws {
        try feature([("prints", "a step that prints \"hello from the step\"")])
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "pretty"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.out.contains("    Given a step that prints \"hello from the step\"\n      hello from the step\n"),
            run.out)
    }

    func test_run_terminalOutput_arrivesAsTheRunGoes() throws {
        try feature([("quick", "a step that passes"), ("slow", "a step that sleeps for 30000 ms")])
        // Interrupted while the slow scenario runs: the quick one was already written out.
        // Interrupted as soon as the quick scenario is written out, while the slow one runs.
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "pretty"], in: project, signal: SIGINT, when: "Scenario: quick",
            after: 0.3)
        XCTAssertEqual(run.code, 130, "the quick scenario was written before the run ended: \(run.out)")
        XCTAssertTrue(run.out.contains("Scenario: slow"), run.out)
    }
}
