import Foundation
import XCTest

/// Workers run the plans their supervisor sends: through the real `misbehaving-specs`
/// executable, a run on workers tells every step the same result as the same run in process,
/// tables with escapes, quoted arguments, outlines, ambiguous and undefined steps included.
final class WorkerPlanRunTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-plans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
        let feature = #"""
            @all
            Feature: Sent whole

              Background:
                Given a step that passes

              Scenario: a table with escapes
                Given a step with a table that passes
                  | name  | note            |
                  | a\\b  | pipe \| and \n  |
                And a step that prints "back\\slash and \"quotes\""

              @row
              Scenario Outline: rows that <result>
                Given a step with a table that <result>
                  | <result> |

                Examples:
                  | result |
                  | passes |
                  | fails  |

              Scenario: neither defined nor clear
                Given an ambiguous step
                And nothing defines this step
            """#
        try feature.write(
            to: project.appendingPathComponent("Features/plans.feature"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    /// Each step's pickle step text and result status, in the stream's order, and the summary lines.
    private func results(_ arguments: [String]) throws -> (code: Int32, steps: [String], summary: String) {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "message:m.ndjson"] + arguments, in: project)
        let lines = try String(contentsOf: project.appendingPathComponent("m.ndjson"), encoding: .utf8)
            .split(separator: "\n")
        var texts: [String: String] = [:]
        var stepOfTestStep: [String: String] = [:]
        var steps: [String] = []
        for line in lines {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let pickle = object["pickle"] as? [String: Any], let pickleSteps = pickle["steps"] as? [[String: Any]] {
                for step in pickleSteps { texts[step["id"] as? String ?? ""] = step["text"] as? String }
            }
            if let testCase = object["testCase"] as? [String: Any],
                let testSteps = testCase["testSteps"] as? [[String: Any]]
            {
                for step in testSteps {
                    stepOfTestStep[step["id"] as? String ?? ""] = (step["pickleStepId"] as? String).flatMap {
                        texts[$0]
                    }
                }
            }
            if let finished = object["testStepFinished"] as? [String: Any],
                let result = finished["testStepResult"] as? [String: Any]
            {
                let text = stepOfTestStep[finished["testStepId"] as? String ?? ""] ?? "hook"
                steps.append("\(text): \(result["status"] as? String ?? "?")")
            }
        }
        return (run.code, steps, run.out)
    }

    func test_run_onWorkers_tellsEveryStepWhatTheSameRunInProcessTells() throws {
        let workers = try results([])
        let inProcess = try results(["--in-process"])
        XCTAssertEqual(workers.code, 1, workers.summary)
        XCTAssertEqual(workers.code, inProcess.code)
        XCTAssertEqual(workers.steps, inProcess.steps)
        XCTAssertEqual(workers.steps.count, 10, workers.steps.joined(separator: "\n"))
        XCTAssertTrue(
            workers.steps.contains(#"a step that prints "back\\slash and \"quotes\"": PASSED"#), "\(workers.steps)")
        XCTAssertTrue(workers.steps.contains("a step with a table that fails: FAILED"), "\(workers.steps)")
        XCTAssertTrue(workers.steps.contains("an ambiguous step: AMBIGUOUS"), "\(workers.steps)")
        XCTAssertTrue(workers.steps.contains("nothing defines this step: UNDEFINED"), "\(workers.steps)")
        XCTAssertTrue(
            workers.summary.contains("4 scenarios (1 failed, 1 ambiguous, 2 passed)"), workers.summary)
        XCTAssertEqual(
            workers.summary.components(separatedBy: "\n").filter {
                $0.contains("scenarios (") || $0.contains("steps (")
            },
            inProcess.summary.components(separatedBy: "\n").filter {
                $0.contains("scenarios (") || $0.contains("steps (")
            })
    }
}
