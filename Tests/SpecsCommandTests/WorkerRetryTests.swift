import Foundation
import XCTest

/// A retried scenario on workers ends once, at its final attempt, whatever its worker does:
/// through the real `misbehaving-specs` executable, each attempt told started is told
/// finished exactly once, every attempt but the last says another follows, and the summary
/// and JUnit count each scenario once.
final class WorkerRetryTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-retry-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    /// Each test case's attempts in the stream, in order: the attempt number, and the
    /// `willBeRetried` of each of its finishes.
    private func attempts(_ path: String) throws -> [String: [(attempt: Int, finishes: [Bool])]] {
        let text = try String(contentsOf: project.appendingPathComponent(path), encoding: .utf8)
        var testCaseOf: [String: String] = [:]
        var result: [String: [(attempt: Int, finishes: [Bool])]] = [:]
        for line in text.split(separator: "\n") {
            let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let started = object["testCaseStarted"] as? [String: Any] {
                let id = try XCTUnwrap(started["id"] as? String)
                let testCase = try XCTUnwrap(started["testCaseId"] as? String)
                testCaseOf[id] = testCase
                result[testCase, default: []].append((try XCTUnwrap(started["attempt"] as? Int), []))
            } else if let finished = object["testCaseFinished"] as? [String: Any] {
                let id = try XCTUnwrap(finished["testCaseStartedId"] as? String)
                let testCase = try XCTUnwrap(testCaseOf[id], "a finish of \(id), which never started")
                let index = try XCTUnwrap(result[testCase]?.lastIndex { "\(testCase)a\($0.attempt)" == id })
                result[testCase]?[index].finishes.append(try XCTUnwrap(finished["willBeRetried"] as? Bool))
            }
        }
        return result
    }

    private func write(_ scenarios: [(String, [String])]) throws {
        let text =
            "Feature: Retried on workers\n"
            + scenarios.map { name, steps in
                "\n  Scenario: \(name)\n" + steps.map { "    Given \($0)\n" }.joined()
            }.joined()
        try text.write(to: project.appendingPathComponent("Features/r.feature"), atomically: true, encoding: .utf8)
    }

    /// Runs the scenarios on two workers with `--retry 2` and `extra`; checks that each attempt
    /// is finished once, every attempt but the last saying another follows, and returns the
    /// run and how many attempts each test case had, sorted.
    private func runOnWorkers(
        _ extra: [String], signal: Int32? = nil, after: Double = 0, file: StaticString = #filePath, line: UInt = #line
    ) throws -> (run: ExecutableRun, attempts: [Int]) {
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            [
                "--retry", "2", "--parallel", "2", "--format", "summary", "--format", "message:m.ndjson",
                "--format", "junit:j.xml",
            ] + extra,
            in: project, signal: signal, after: after)
        var counts: [Int] = []
        for (testCase, attempts) in try attempts("m.ndjson") {
            XCTAssertEqual(attempts.map(\.attempt), Array(0..<attempts.count), testCase, file: file, line: line)
            for (position, attempt) in attempts.enumerated() {
                let final = position == attempts.count - 1
                XCTAssertEqual(
                    attempt.finishes, [!final], "\(testCase) attempt \(attempt.attempt)", file: file, line: line)
            }
            counts.append(attempts.count)
        }
        return (run, counts.sorted())
    }

    private func junitCounts() throws -> String {
        let junit = try String(contentsOf: project.appendingPathComponent("j.xml"), encoding: .utf8)
        return junit.firstMatch(of: /tests="\d+" failures="\d+" skipped="\d+"/).map { String($0.0) } ?? junit
    }

    func test_run_retriedScenarioWhoseRetryCrashesItsWorker_finishesEachAttemptOnceAndCountsItOnce() throws {
        try write([
            (
                "fails first, then crashes its worker",
                ["a step that passes on its run 2", "a step that calls fatalError"]
            ),
            ("exits its worker", ["a step that calls exit 3"]),
            ("fails every time", ["a step that fails"]),
            ("passes", ["a step that passes"]),
        ])
        let (run, attempts) = try runOnWorkers([])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        // The crash on the retry is its scenario's final attempt; the exit has no retry; the
        // failing one runs three times; the passing one once.
        XCTAssertEqual(attempts, [1, 1, 2, 3])
        XCTAssertTrue(run.out.contains("4 scenarios (3 failed, 1 passed)"), run.out)
        XCTAssertEqual(try junitCounts(), #"tests="4" failures="3" skipped="0""#)
    }

    func test_run_retryWhoseStepBlocksPastTheTimeout_finishesEachAttemptOnceAndCountsItOnce() throws {
        try write([
            ("fails first, then blocks", ["a step that passes on its run 2", "a step that sleeps its thread for 5 s"]),
            ("passes", ["a step that passes"]),
        ])
        let (run, attempts) = try runOnWorkers(["--timeout", "1"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertEqual(attempts, [1, 2])
        XCTAssertTrue(run.out.contains("2 scenarios (1 failed, 1 passed)"), run.out)
        XCTAssertEqual(try junitCounts(), #"tests="2" failures="1" skipped="0""#)
    }

    func test_run_failFastWithRetriesOnWorkers_finishesEachAttemptOnceAndCountsTheRestNotRun() throws {
        try write(
            [
                (
                    "fails first, then crashes its worker",
                    ["a step that passes on its run 2", "a step that calls fatalError"]
                ),
                ("fails every time", ["a step that fails"]),
            ] + (1...4).map { ("passes \($0)", ["a step that passes"]) })
        let (run, attempts) = try runOnWorkers(["--fail-fast"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertTrue(attempts.allSatisfy { $0 <= 3 }, "\(attempts)")
        let counts = try junitCounts()
        XCTAssertTrue(counts.hasPrefix(#"tests="6" "#), counts)
        XCTAssertTrue(run.out.contains("6 scenarios ("), run.out)
    }

    func test_run_SIGTERMDuringARetryOnWorkers_finishesEachAttemptOnceAndExits143() throws {
        try write([
            ("fails first, then blocks", ["a step that passes on its run 2", "a step that sleeps its thread for 5 s"]),
            ("passes", ["a step that passes"]),
            ("sleeps", ["a step that sleeps for 3000 ms"]),
            ("passes too", ["a step that passes"]),
        ])
        let (run, attempts) = try runOnWorkers([], signal: SIGTERM, after: 1.5)
        XCTAssertEqual(run.code, 143, run.out + run.err)
        // The retry was running when the signal came: it is the blocked scenario's final attempt.
        XCTAssertEqual(attempts.last, 2, "\(attempts)")
        XCTAssertTrue(run.out.contains("4 scenarios ("), run.out)
        let counts = try junitCounts()
        XCTAssertTrue(counts.hasPrefix(#"tests="4" "#), counts)
    }
}
