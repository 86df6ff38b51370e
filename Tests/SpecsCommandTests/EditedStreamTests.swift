import Foundation
import XCTest

/// Streams no run writes, replayed through the real executables: a scenario run twice, a
/// retry that never came, a step without a result, of an unknown status, without its start or
/// told twice, a run that ended with an error, shards of different commits. `specs report`
/// fails each, naming the place.
final class EditedStreamTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-edited")
        try scratch.write(
            "Features/p.feature",
            "Feature: P\n  Scenario: one\n    Given a step that passes\n  Scenario: two\n    Given a step that passes\n"
        )
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project, environment: environment)
    }

    private func report(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("specs", ["report"] + arguments, in: project, timeout: 60)
    }

    /// The lines of a passing run's stream, the first test case's block (started to finished) given to `edit`.
    private func edited(_ edit: ([String]) -> [String]) throws -> String {
        XCTAssertEqual(try run(["--format", "message:run.ndjson"]).code, 0)
        let lines = try scratch.read("run.ndjson").split(separator: "\n").map(String.init)
        let start = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("{\"testCaseStarted\"") })
        let end = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("{\"testCaseFinished\"") })
        return (lines[..<start] + edit(Array(lines[start...end])) + lines[(end + 1)...]).joined(separator: "\n") + "\n"
    }

    /// The block again as another attempt, its started id `again`.
    private func again(_ block: [String]) throws -> [String] {
        let after = try XCTUnwrap(block[0].range(of: "\"id\":\""))
        let id = String(block[0][after.upperBound...].prefix { $0 != "\"" })
        return block.map { $0.replacingOccurrences(of: "\"\(id)\"", with: "\"again\"") }
    }

    private func assertReportFails(
        _ stream: String, saying words: String, file: StaticString = #filePath, line: UInt = #line
    ) throws {
        try scratch.write("edited.ndjson", stream)
        let result = try report(["edited.ndjson", "--format", "summary", "--format", "junit:j.xml"])
        XCTAssertEqual(result.code, 1, result.out + result.err, file: file, line: line)
        XCTAssertFalse(result.out.contains("PASSED"), result.out, file: file, line: line)
        XCTAssertTrue((result.out + result.err).contains(words), result.out + result.err, file: file, line: line)
        XCTAssertFalse(
            try scratch.read("j.xml").contains("failures=\"0\" skipped=\"0\" errors=\"0\""), file: file, line: line)
    }

    func test_report_finalAttemptFailedThenAnotherPassed_failsNamingTheScenario() throws {
        let stream = try edited { block in
            let failed = block.map {
                $0.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\",\"message\":\"boom\"")
            }
            return failed + (try! again(block))
        }
        try assertReportFails(stream, saying: "Features/p.feature:2 (it ran again after its final attempt")
    }

    func test_report_scenarioRanTwiceBothPassed_failsNamingTheScenario() throws {
        try assertReportFails(
            try edited { $0 + (try! again($0)) }, saying: "Features/p.feature:2 (it ran again after its final attempt")
    }

    func test_report_retryAnnouncedAndNeverMade_failsNamingTheScenario() throws {
        let stream = try edited { block in
            block.map { $0.replacingOccurrences(of: "\"willBeRetried\":false", with: "\"willBeRetried\":true") }
        }
        try assertReportFails(stream, saying: "Features/p.feature:2 (its last attempt was to be retried")
    }

    func test_report_retryWithoutItsFirstAttempt_failsNamingTheScenario() throws {
        let stream = try edited { block in
            block.map { $0.replacingOccurrences(of: "\"attempt\":0", with: "\"attempt\":1") }
        }
        try assertReportFails(
            stream, saying: "Features/p.feature:2 (its attempts are numbered 1, not 0, 1, 2... in order)")
    }

    func test_report_stepOfUnknownStatus_failsNamingTheScenario() throws {
        let stream = try edited { block in
            block.map { $0.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"UNKNOWN\"") }
        }
        try assertReportFails(stream, saying: "Features/p.feature:2 (a step ended with status UNKNOWN)")
    }

    /// Tester V's F3: a failed step edited to PASSED, its exception left, is a stream no run writes.
    func test_report_stepThatPassedCarryingAnException_failsNamingTheScenario() throws {
        let stream = try edited { block in
            block.map {
                $0.replacingOccurrences(
                    of: "\"status\":\"PASSED\"",
                    with: "\"status\":\"PASSED\",\"exception\":{\"type\":\"Failure\",\"message\":\"red\"}")
            }
        }
        try assertReportFails(stream, saying: "Features/p.feature:2 (step 1 passed and carries an exception)")
    }

    /// Tester X's X8: events out of their order, which no run writes: a step result before its
    /// step's start or before its test case's start (a FAILED one among them, which the merge
    /// lost), and an attempt finished twice.
    func test_report_eventsOutOfTheirOrder_failNamingTheScenario() throws {
        func index(_ block: [String], _ kind: String) -> Int { block.firstIndex { $0.hasPrefix("{\"\(kind)\"") } ?? 0 }
        let cases: [(String, ([String]) -> [String])] = [
            (
                "a step result came before its step started",
                { block in
                    var lines = block
                    let finished = lines.remove(at: index(block, "testStepFinished"))
                    lines.insert(finished, at: index(lines, "testStepStarted"))
                    return lines
                }
            ),
            (
                "1 of its events came before it started",
                { block in
                    var lines = block
                    let finished = lines.remove(at: index(block, "testStepFinished"))
                    return [finished] + lines
                }
            ),
            (
                "1 of its events came before it started",
                { block in
                    let failed = block[index(block, "testStepFinished")].replacingOccurrences(
                        of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\",\"message\":\"red\"")
                    return [failed] + block
                }
            ),
            ("it finished twice", { $0 + [$0[index($0, "testCaseFinished")]] }),
            (
                "it finished twice",
                { block in
                    let finished = block[index(block, "testCaseFinished")]
                    return block.dropLast()
                        + [
                            finished.replacingOccurrences(
                                of: "\"willBeRetried\":false", with: "\"willBeRetried\":true"), finished,
                        ]
                }
            ),
        ]
        for (words, edit) in cases {
            try assertReportFails(try edited(edit), saying: "Features/p.feature:2 (attempt 0: \(words))")
        }
        // A result whose attempt never starts at all.
        let orphan = try edited { block in
            [
                block[index(block, "testStepFinished")].replacingOccurrences(
                    of: "\"testCaseStartedId\":\"", with: "\"testCaseStartedId\":\"x")
            ]
                + block
        }
        try assertReportFails(orphan, saying: "1 step or attempt events of attempts that never started")
    }

    func test_report_testCaseWithoutItsSteps_failsNamingTheScenario() throws {
        let stream = try edited { [$0[0], $0[$0.count - 1]] }
        try assertReportFails(stream, saying: "Features/p.feature:2 (1 of its 1 steps have no result)")
    }

    func test_report_stepResultWithoutItsStart_failsNamingTheScenario() throws {
        let stream = try edited { $0.filter { !$0.hasPrefix("{\"testStepStarted\"") } }
        try assertReportFails(stream, saying: "Features/p.feature:2 (attempt 0 tells 1 step results and 0 step starts)")
    }

    func test_report_stepResultToldTwice_failsNamingTheScenario() throws {
        let stream = try edited { $0.flatMap { $0.hasPrefix("{\"testStepFinished\"") ? [$0, $0] : [$0] } }
        try assertReportFails(stream, saying: "Features/p.feature:2 (attempt 0 tells 2 step results and 1 step starts)")
    }

    func test_report_streamWithoutItsRunsStart_fails() throws {
        XCTAssertEqual(try run(["--format", "message:run.ndjson"]).code, 0)
        let lines = try scratch.read("run.ndjson").split(separator: "\n").filter {
            !$0.hasPrefix("{\"testRunStarted\"")
        }
        try assertReportFails(
            lines.joined(separator: "\n") + "\n",
            saying: "edited.ndjson has no testRunStarted, though a run wrote it: its beginning was cut or edited")
    }

    func test_report_runFinishedWithAnException_failsAndTheMergedStreamSaysSo() throws {
        XCTAssertEqual(try run(["--format", "message:run.ndjson"]).code, 0)
        let stream = try scratch.read("run.ndjson").replacingOccurrences(
            of: "{\"testRunFinished\":{",
            with: "{\"testRunFinished\":{\"exception\":{\"type\":\"Error\",\"message\":\"after-all hook crashed\"},")
        try assertReportFails(stream, saying: "the run ended with an error: after-all hook crashed")
        _ = try report(["edited.ndjson", "--format", "message:merged.ndjson"])
        let last = try XCTUnwrap(try scratch.read("merged.ndjson").split(separator: "\n").last)
        XCTAssertTrue(last.contains("\"success\":false"), String(last))
    }

    func test_report_editedShardOfAMerge_fails() throws {
        for index in 1...2 {
            XCTAssertEqual(try run(["--shard", "\(index)/2", "--format", "message:s\(index).ndjson"]).code, 0)
        }
        let lines = try scratch.read("s1.ndjson").split(separator: "\n").map(String.init)
        try scratch.write(
            "s1.ndjson",
            lines.map { $0.replacingOccurrences(of: "\"willBeRetried\":false", with: "\"willBeRetried\":true") }
                .joined(separator: "\n") + "\n")
        let merged = try report(["s1.ndjson", "s2.ndjson"])
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        XCTAssertTrue(merged.out.contains("its last attempt was to be retried"), merged.out)
    }

    /// A shard stream without the pickle of a test case it ran: the scenario is in no stream,
    /// and every report says it did not run, not that another stream's pickle of it passed
    /// (tester Z1's Z1-6: JUnit held it twice, passed and not run).
    func test_report_shardLackingThePickleOfItsTestCase_everyReportSaysItDidNotRun() throws {
        for index in 1...2 {
            XCTAssertEqual(try run(["--shard", "\(index)/2", "--format", "message:s\(index).ndjson"]).code, 0)
        }
        let lines = try scratch.read("s1.ndjson").split(separator: "\n").map(String.init)
        let testCase = try XCTUnwrap(lines.first { $0.hasPrefix("{\"testCase\":") })
        let after = try XCTUnwrap(testCase.range(of: "\"pickleId\":\""))
        let pickleId = String(testCase[after.upperBound...].prefix { $0 != "\"" })
        try scratch.write(
            "s1.ndjson",
            lines.filter { !($0.hasPrefix("{\"pickle\":") && $0.contains("\"id\":\"\(pickleId)\"")) }
                .joined(separator: "\n") + "\n")
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary", "--format", "junit:j.xml"])
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        XCTAssertTrue(merged.out.contains("ran in no shard"), merged.out)
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"2\""), junit)
        XCTAssertTrue(junit.contains("failures=\"1\""), junit)
    }

    func test_report_shardsOfDifferentCommits_failNamingTheRevisionsAndShards() throws {
        for index in 1...3 {
            let revision = String(repeating: index == 2 ? "b" : "a", count: 40)
            let ci = [
                "GITHUB_ACTIONS": "true", "GITHUB_SHA": revision, "GITHUB_RUN_ID": "7\(index)",
                "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "o/r",
            ]
            let shard = try run(["--shard", "\(index)/3", "--format", "message:g\(index).ndjson"], environment: ci)
            XCTAssertEqual(shard.code, 0, shard.out + shard.err)
        }
        let merged = try report(["g1.ndjson", "g2.ndjson", "g3.ndjson"])
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        let a = String(repeating: "a", count: 40)
        let b = String(repeating: "b", count: 40)
        XCTAssertTrue(
            merged.out.contains(
                "the streams were run from different commits: \(a) in g1.ndjson (shard 1 of 3) and g3.ndjson (shard 3 of 3); "
                    + "\(b) in g2.ndjson (shard 2 of 3)"), merged.out + merged.err)
        let allowed = try report(["g1.ndjson", "g2.ndjson", "g3.ndjson", "--allow-unchecked-streams"])
        XCTAssertEqual(allowed.code, 0, allowed.out + allowed.err)
    }

    func test_run_interruptedAsCrashedWorkersAreReplaced_addsNoHookFailure() throws {
        try scratch.write(
            "Features/c.feature",
            "Feature: C\n" + (1...300).map { "  Scenario: c\($0)\n    Given a step that calls fatalError\n" }.joined())
        try FileManager.default.removeItem(at: project.appendingPathComponent("Features/p.feature"))
        for seconds in [0.8, 1.0, 1.2, 0.9, 1.1] {
            let stopped = try ExecutableRun.run(
                "misbehaving-specs", ["--parallel", "1", "--format", "summary", "--format", "message:m.ndjson"],
                in: project, signal: SIGTERM, after: seconds)
            XCTAssertEqual(stopped.code, 143, stopped.out + stopped.err)
            XCTAssertFalse(stopped.out.contains("hook failed"), "after \(seconds) s: " + stopped.out)
            XCTAssertFalse(try scratch.read("m.ndjson").contains("\"success\":true"))
        }
    }
}
