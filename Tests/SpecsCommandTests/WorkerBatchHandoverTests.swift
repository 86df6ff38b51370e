import Foundation
import XCTest

/// On workers, the next batch's test cases are asked ahead while this batch ends; a crash
/// around that hand-over still runs each scenario once. Through the real `misbehaving-specs`
/// executable, several runs, since the hand-over's timing differs from run to run.
final class WorkerBatchHandoverTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-handover-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    func test_run_crashWhileTheNextBatchIsAskedAhead_runsEachScenarioOnceInEveryRun() throws {
        for file in 0..<3 {
            var text = "Feature: Ledger \(file)\n"
            for number in 0..<40 {
                let step = file == 1 && number == 7 ? "a step that calls fatalError" : "a step that passes"
                text += "\n  Scenario: entry \(number)\n    Given \(step)\n"
            }
            try text.write(
                to: project.appendingPathComponent("Features/ledger\(file).feature"), atomically: true, encoding: .utf8)
        }
        for round in 1...6 {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--parallel", "2", "--format", "summary", "--format", "message:m.ndjson"],
                in: project)
            XCTAssertEqual(run.code, 1, "run \(round): " + run.err)
            XCTAssertTrue(run.out.contains("120 scenarios (1 failed, 119 passed)"), "run \(round): " + run.out)
            let text = try String(contentsOf: project.appendingPathComponent("m.ndjson"), encoding: .utf8)
            var started: [String: Int] = [:]
            for line in text.split(separator: "\n") where line.hasPrefix("{\"testCaseStarted\"") {
                let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                let value = try XCTUnwrap(object["testCaseStarted"] as? [String: Any])
                started[try XCTUnwrap(value["testCaseId"] as? String), default: 0] += 1
            }
            XCTAssertEqual(started.count, 120, "run \(round)")
            XCTAssertEqual(started.filter { $0.value != 1 }, [:], "run \(round): test cases started more than once")
            XCTAssertEqual(text.components(separatedBy: "{\"testCaseFinished\"").count - 1, 120, "run \(round)")
        }
    }
}
