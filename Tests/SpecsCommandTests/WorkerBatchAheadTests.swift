import Foundation
import XCTest

/// The next batch's plans, sent to the workers ahead while a batch runs, run once: a worker
/// lost meanwhile does not make them queued again, nor leave others of the batch not run.
final class WorkerBatchAheadTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-ahead")
        for file in 0..<3 {
            var text = "Feature: Ledger \(file)\n"
            for number in 0..<40 {
                let step = file == 1 && number == 7 ? "a step that calls fatalError" : "a step that passes"
                text += "\n  Scenario: entry \(number)\n    Given \(step)\n"
            }
            try scratch.write("Features/ledger\(file).feature", text)
        }
    }

    override func tearDown() { scratch.remove() }

    func test_run_workerLostWhileTheNextBatchIsAhead_runsEveryScenarioOnce() throws {
        for attempt in 0..<6 {
            let run = try ExecutableRun.run(
                "misbehaving-specs",
                ["Features", "--parallel", "2", "--format", "summary", "--format", "message:m.ndjson"],
                in: scratch.root, environment: ["SWIFT_BACKTRACE": "enable=no"])
            XCTAssertEqual(run.code, 1, run.err)
            XCTAssertTrue(run.out.contains("120 scenarios (1 failed, 119 passed)"), "run \(attempt): " + run.out)
            let stream = try scratch.read("m.ndjson").split(separator: "\n")
            XCTAssertEqual(stream.filter { $0.hasPrefix("{\"testCaseStarted\"") }.count, 120, "run \(attempt)")
            XCTAssertEqual(stream.filter { $0.hasPrefix("{\"testCaseFinished\"") }.count, 120, "run \(attempt)")
        }
    }
}
