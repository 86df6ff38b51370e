import Foundation
import XCTest

/// Reports and verdicts at the edges a team meets first, each replayed through the real
/// executables: every report named is written where named, no reason is given that is not
/// the true one, and results that are cut off are said to be, never dropped in silence.
final class ReportEdgeTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-edges") }
    override func tearDown() { scratch.remove() }

    private func write(_ path: String, _ text: String) throws { try scratch.write(path, text) }
    private func read(_ path: String) throws -> String { try scratch.read(path) }

    private func names(in folder: String = "") throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent(folder).path).sorted()
    }

    private func passingFeature(scenarios: Int = 2) throws {
        try write(
            "Features/a.feature",
            "Feature: A\n" + (1...scenarios).map { "\n  Scenario: s\($0)\n    Given a step that passes\n" }.joined())
    }

    func test_run_terminalFormatsToFiles_writeEachFileAndLeaveNoPartialFile() throws {
        try passingFeature()
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            ["--format", "summary:sum.txt", "--format", "pretty:reports/pretty.txt", "--format", "progress:p.txt"],
            in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(try read("sum.txt").contains("2 scenarios (2 passed)"))
        XCTAssertTrue(try read("reports/pretty.txt").contains("Scenario: s1"))
        XCTAssertTrue(try read("p.txt").hasPrefix(".."))
        XCTAssertEqual(try names().filter { $0.hasSuffix(".partial") }, [])
        XCTAssertEqual(try names(in: "reports"), ["pretty.txt"])
    }

    func test_report_summaryToFile_writesTheFile() throws {
        try passingFeature()
        _ = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        let report = try ExecutableRun.run("specs", ["report", "m.ndjson", "--format", "summary:sum.txt"], in: project)
        XCTAssertEqual(report.code, 0, report.err)
        XCTAssertTrue(try read("sum.txt").contains("2 scenarios (2 passed)"))
        XCTAssertEqual(try names().filter { $0.hasSuffix(".partial") }, [])
    }

    func test_run_partialFileOfAKilledRun_isRemovedByTheNextRun() throws {
        try passingFeature()
        // A process that no longer exists: the highest pid a Linux system hands out.
        try write(".sum.txt.4194304.partial", "half a report")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary:sum.txt"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertEqual(try names().filter { $0.hasPrefix(".") }, [])
    }

    func test_run_SIGKILLed_leavesNoEarlierReportAndTheNextRunRemovesItsPartialFiles() throws {
        try passingFeature()
        let reports = ["--format", "summary:sum.txt", "--format", "junit:j.xml"]
        XCTAssertEqual(try ExecutableRun.run("misbehaving-specs", reports, in: project).code, 0)
        let previous = try read("j.xml")
        try write(
            "Features/slow.feature", "Feature: S\n\n  Scenario: slow\n    Given a step that sleeps for 30000 ms\n")
        let killed = try ExecutableRun.run(
            "misbehaving-specs", ["--in-process", "--format", "progress"] + reports, in: project, signal: SIGKILL,
            when: "..", after: 0.3)
        XCTAssertTrue(killed.signaled, "exit \(killed.code)")
        // Nothing is in place to be taken for the killed run's: the earlier reports went as it started.
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("j.xml").path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: project.appendingPathComponent("sum.txt").path))
        let left = try names()
        XCTAssertFalse(left.filter { $0.hasSuffix(".partial") }.isEmpty, left.joined(separator: " "))
        try FileManager.default.removeItem(at: project.appendingPathComponent("Features/slow.feature"))
        let next = try ExecutableRun.run("misbehaving-specs", reports, in: project)
        XCTAssertEqual(next.code, 0, next.err)
        XCTAssertEqual(try names().filter { $0.hasSuffix(".partial") }, [])
        XCTAssertNotEqual(try read("j.xml"), previous)
    }

    func test_run_underALowLimitOfOpenFiles_runsEveryScenario() throws {
        try passingFeature(scenarios: 10)
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project, openFileLimit: 250)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.hasSuffix("PASSED: 10 scenarios passed\n"), run.out)
    }

    func test_run_withSPECS_TAGSSet_saysItIsNotReadByARunOfSpecs() throws {
        try passingFeature()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: project, environment: ["SPECS_TAGS": "@smok"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(
            run.err.contains(
                "note: SPECS_TAGS='@smok' selects the scenario tests of `swift test`; misbehaving-specs does not read it "
                    + "(select with --tags)"), run.err)
        let profiled = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary"], in: project, environment: ["SPECS_PROFILE": "ci"])
        XCTAssertTrue(
            profiled.err.contains("note: SPECS_PROFILE='ci' chooses the profile of `swift test`'s scenario tests"),
            profiled.err)
    }

    func test_run_tagsOfNothingOverSpecsJSONTags_saysItSelectsEveryScenarioInTheirPlace() throws {
        try passingFeature()
        try Data(#"{ "default": { "tags": "not @wip" } }"#.utf8).write(to: project.appendingPathComponent("specs.json"))
        for empty in ["", "  "] {
            let run = try ExecutableRun.run("misbehaving-specs", ["--tags", empty, "--format", "summary"], in: project)
            XCTAssertEqual(run.code, 0, run.out + run.err)
            XCTAssertTrue(
                run.err.contains(
                    "note: --tags '' selects every scenario, in place of the tags of specs.json ('not @wip')"),
                run.err)
        }
        let given = try ExecutableRun.run(
            "misbehaving-specs", ["--tags", "not @slow", "--format", "summary"], in: project)
        XCTAssertFalse(given.err.contains("note: --tags"), given.err)
        try Data(#"{ "profiles": { "ci": { "tags": "@nightly" } } }"#.utf8).write(
            to: project.appendingPathComponent("specs.json"))
        let profiled = try ExecutableRun.run(
            "misbehaving-specs", ["--profile", "ci", "--tags", "", "--format", "summary"], in: project)
        XCTAssertTrue(
            profiled.err.contains(
                "note: --tags '' selects every scenario, in place of the tags of specs.json's profile 'ci' ('@nightly')"
            ),
            profiled.err)
    }

    func test_run_severalTags_selectTheScenariosEachSelectsAndAnEmptyOneAddsNothing() throws {
        try write(
            "Features/tags.feature",
            "Feature: T\n  @wip @smoke\n  Scenario: a\n    Given a step that passes\n"
                + "  @smoke\n  Scenario: b\n    Given a step that passes\n"
                + "  Scenario: c\n    Given a step that passes\n")
        for (tags, passed) in [
            (["@smoke", "@wip"], 1), (["@wip", "@smoke"], 1), (["@wip", ""], 1), (["", "@wip"], 1),
            (["@smoke", " "], 2),
            (["", ""], 3),
        ] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", tags.flatMap { ["--tags", $0] } + ["--format", "summary"], in: project)
            XCTAssertEqual(run.code, 0, "\(tags): " + run.out + run.err)
            XCTAssertTrue(run.out.contains("PASSED: \(passed) scenario"), "\(tags): " + run.out)
        }
        try write("specs.json", #"{ "default": { "tags": "@smoke" } }"#)
        let replaced = try ExecutableRun.run(
            "misbehaving-specs", ["--tags", "", "--tags", "@wip", "--format", "summary"], in: project)
        XCTAssertFalse(replaced.err.contains("note: --tags ''"), "@wip replaces the file's tags: " + replaced.err)
        XCTAssertTrue(replaced.out.contains("PASSED: 1 scenario passed"), replaced.out)
    }

    func test_run_tagWrittenInOtherUnicodeThanTheFeatures_selectsNothingAndSaysWhy() throws {
        try write(
            "Features/tagged.feature", "Feature: F\n  @va\u{301}lido\n  Scenario: A\n    Given a step that passes\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--tags", "@v\u{E1}lido", "--format", "summary"], in: project)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(
            run.err.contains(
                "A tag of the features is written alike in other Unicode (composed or decomposed accents)"),
            run.err)
        // Left out in the other form, it leaves out nothing: said too.
        let leftOut = try ExecutableRun.run(
            "misbehaving-specs", ["--tags", "not @v\u{E1}lido", "--format", "summary"], in: project)
        XCTAssertTrue(leftOut.err.contains("written alike in other Unicode"), leftOut.err)
        let same = try ExecutableRun.run(
            "misbehaving-specs", ["--tags", "@va\u{301}lido", "--format", "summary"], in: project)
        XCTAssertEqual(same.code, 0, same.out + same.err)
    }

    /// Under a very low limit of open files a run fails saying so, never by a trap of the
    /// runtime (libdispatch made the main queue's wake-up handle late, at the run's end, and
    /// trapped). At 7 or fewer libdispatch's own event loop and thread monitor (which reads
    /// `/proc`) want the descriptors left beside the standard streams, and it may trap (1 in 15
    /// at 7, 1 in 5 at 6) whatever the command does: a limit of the Swift runtime on Linux.
    func test_run_underAVeryLowLimitOfOpenFiles_endsWithACodeNotATrap() throws {
        try passingFeature()
        for limit in 8...9 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary"], in: project,
                environment: ["SWIFT_BACKTRACE": "enable=no"],
                openFileLimit: limit)
            XCTAssertFalse(run.signaled, "limit \(limit): exit \(run.code) " + run.out + run.err)
            XCTAssertTrue([1, 2].contains(run.code), "limit \(limit): exit \(run.code) " + run.out + run.err)
            XCTAssertTrue(run.out.contains("FAILED"), "limit \(limit): " + run.out + run.err)
        }
    }

    func test_run_whenWorkersCannotStart_namesTheResourceAndItsLimitNotAHook() throws {
        try passingFeature()
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project, openFileLimit: 12)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(
            run.out.contains(
                "worker processes could not be started (cannot make a pipe for a worker process: "
                    + "too many open files (limit 12: raise it with ulimit -n)), so the scenarios left were not run "
                    + "(--in-process runs them without worker processes)"), run.out)
        XCTAssertFalse(run.out.contains("hook"), run.out)
        XCTAssertTrue(run.out.contains("2 scenarios (2 not run)"), run.out)
    }

    func test_report_ofARunWhoseWorkersCouldNotStart_endsWithItsLastLinesAndItsRerunNote() throws {
        try passingFeature()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "message:m.ndjson", "--format", "rerun:run.txt"],
            in: project, openFileLimit: 14)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(run.out.contains("worker processes could not be started"), run.out)
        let report = try ExecutableRun.run(
            "misbehaving-specs", ["report", "m.ndjson", "--format", "summary", "--format", "rerun:report.txt"],
            in: project)
        func lastLines(_ text: String) -> String {
            text.range(of: "FAILED:").map { String(text[$0.lowerBound...]) } ?? text
        }
        XCTAssertEqual(report.code, run.code, report.out + report.err)
        XCTAssertEqual(lastLines(report.out), lastLines(run.out))
        XCTAssertEqual(
            try String(contentsOf: project.appendingPathComponent("report.txt"), encoding: .utf8),
            try String(contentsOf: project.appendingPathComponent("run.txt"), encoding: .utf8))
    }

    func test_report_streamLackingAPickle_namesTheTestCaseAndBlamesNoHook() throws {
        try write(
            "Features/a.feature",
            "Feature: A\n\n  Scenario: ok\n    Given a step that passes\n\n  Scenario: broken\n    Given a step that fails\n"
        )
        _ = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        let lines = try read("m.ndjson").split(separator: "\n")
        let lost = try XCTUnwrap(lines.last { $0.hasPrefix("{\"pickle\"") && $0.contains("broken") })
        try write("cut.ndjson", lines.filter { $0 != lost }.joined(separator: "\n") + "\n")
        let report = try ExecutableRun.run("specs", ["report", "cut.ndjson", "--format", "summary"], in: project)
        XCTAssertEqual(report.code, 1, report.out + report.err)
        XCTAssertTrue(
            report.out.contains(
                "the stream is not whole: 1 test case has no pickle, so its scenario cannot be named or counted: test case "
            ),
            report.out)
        XCTAssertFalse(report.out.contains("hook"), report.out)
    }

    func test_report_streamCutInTheMiddleOfALine_readsEveryWholeLineAndIsIncomplete() throws {
        try passingFeature(scenarios: 3)
        _ = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        let text = try read("m.ndjson")
        let cut = text.range(of: "{\"testCaseFinished\"", options: .backwards)!.lowerBound
        try write("cut.ndjson", String(text[..<text.index(cut, offsetBy: 25)]))
        let report = try ExecutableRun.run("specs", ["report", "cut.ndjson", "--format", "summary"], in: project)
        XCTAssertEqual(report.code, 1, report.out + report.err)
        XCTAssertTrue(report.err.contains("cut.ndjson:"), report.err)
        XCTAssertTrue(report.err.contains("warning: the stream is cut off in the middle of this line"), report.err)
        XCTAssertTrue(report.out.contains("2 passed"), report.out)
        XCTAssertTrue(report.out.contains("the run is incomplete: 1 scenario never finished"), report.out)
    }

    func test_report_streamThatEndsBeforeTheRunFinished_saysSoWithoutCountingNothing() throws {
        try passingFeature()
        _ = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        let lines = try read("m.ndjson").split(separator: "\n").filter { !$0.hasPrefix("{\"testRunFinished\"") }
        try write("cut.ndjson", lines.joined(separator: "\n") + "\n")
        let report = try ExecutableRun.run("specs", ["report", "cut.ndjson", "--format", "summary"], in: project)
        XCTAssertEqual(report.code, 1)
        XCTAssertTrue(report.out.contains("the run is incomplete: its stream ends before the run finished"), report.out)
        XCTAssertFalse(report.out.contains("0 scenarios never finished"), report.out)
    }

    func test_run_xunitCutOff_isAnErrorNamingTheFileAndTheLikelyCrash() throws {
        try write("Features/a.feature", "Feature: A\n  @xctest:T/test_a\n  Scenario: s\n    Given a step that passes\n")
        let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites>\n"
        XCTAssertEqual(header.utf8.count, 52)
        let between = header + "<testsuite name=\"T\">\n<testcase classname=\"M.T\" name=\"test_a\" time=\"0.1\"/>\n"
        for (name, text) in [("crashed.xml", header), ("between.xml", between)] {
            try write(name, text)
            let run = try ExecutableRun.run("misbehaving-specs", ["--xunit", name, "--format", "summary"], in: project)
            XCTAssertEqual(run.code, 2, name)
            XCTAssertTrue(
                run.err.contains("--xunit \(name): the file is cut off before the end of its <testsuite>"), run.err)
            XCTAssertTrue(run.err.contains("the test process probably crashed"), run.err)
        }
    }

    func test_run_xunitThatDoesNotExist_saysHowToWriteIt() throws {
        try passingFeature()
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--xunit", "reports/xunit.xml", "--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(
            run.err.contains(
                "--xunit: 'reports/xunit.xml' does not exist. On Linux, `swift test --xunit-output` "
                    + "writes XCTest results only with --parallel"), run.err)
    }

    func test_run_historyRecordsDamagedOrFromANewerVersion_areSkippedWithAWarning() throws {
        try passingFeature()
        try write("history/run-2026-01-01T000000Z.json", "{\"date\": \"2026-01-01T00:00:00Z\", \"passRa")
        try write(
            "history/run-2026-01-02T000000Z.json",
            "{\"version\": 99, \"date\": \"2026-01-02T00:00:00Z\", \"passRate\": 100, \"coverage\": 0, \"results\": {}}"
        )
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "html:r.html", "--history", "history"], in: project
        )
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(
            run.err.contains(
                "warning: --history: history/run-2026-01-01T000000Z.json: is not a run record (cut off or "
                    + "damaged); skipped"), run.err)
        XCTAssertTrue(
            run.err.contains(
                "history/run-2026-01-02T000000Z.json: was written by a newer version of specs (record "
                    + "version 99"), run.err)
    }

    func test_htmlReport_rightToLeftAndBidiControlsInAName_areIsolated() throws {
        try write("Features/a.feature", "Feature: A\n  Scenario: pay \u{202E}10 EUR\n    Given a step that passes\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "html:r.html"], in: project)
        XCTAssertEqual(run.code, 0, run.err)
        XCTAssertTrue(try read("r.html").contains("\u{2068}pay \u{202E}10 EUR\u{202C}\u{2069}"))
    }
}
