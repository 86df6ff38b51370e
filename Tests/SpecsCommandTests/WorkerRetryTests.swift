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

    func test_run_retriedScenarioWhoseRetryCrashesItsWorker_finishesEachAttemptOnceAndCountsItOnce() throws {
        let feature = """
            Feature: Retried on workers

              Scenario: fails first, then crashes its worker
                Given a step that passes on its run 2
                And a step that calls fatalError

              Scenario: exits its worker
                Given a step that calls exit 3

              Scenario: fails every time
                Given a step that fails

              Scenario: passes
                Given a step that passes
            """
        try feature.write(to: project.appendingPathComponent("Features/r.feature"), atomically: true, encoding: .utf8)
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            [
                "--retry", "2", "--parallel", "2", "--format", "summary", "--format", "message:m.ndjson",
                "--format", "junit:j.xml",
            ],
            in: project)
        XCTAssertEqual(run.code, 1, run.out + run.err)
        let byTestCase = try attempts("m.ndjson")
        XCTAssertEqual(byTestCase.count, 4)
        var lastAttempts: [Int] = []
        for (testCase, attempts) in byTestCase {
            XCTAssertEqual(attempts.map(\.attempt), Array(0..<attempts.count), testCase)
            for (position, attempt) in attempts.enumerated() {
                let final = position == attempts.count - 1
                XCTAssertEqual(attempt.finishes, [!final], "\(testCase) attempt \(attempt.attempt)")
            }
            lastAttempts.append(attempts.count - 1)
        }
        // The crash on the retry is its scenario's final attempt; the exit has no retry; the
        // failing one runs three times; the passing one once.
        XCTAssertEqual(lastAttempts.sorted(), [0, 0, 1, 2])
        XCTAssertTrue(run.out.contains("4 scenarios (3 failed, 1 passed)"), run.out)
        let junit = try String(contentsOf: project.appendingPathComponent("j.xml"), encoding: .utf8)
        XCTAssertTrue(junit.contains(#"tests="4" failures="3""#), junit)
    }
}
