import Foundation
import XCTest

/// Several workers share few scenarios: none is asked for a second while another idles.
final class WorkerShareTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-share")
        for file in 0..<4 {
            try scratch.write(
                "Features/slow\(file).feature",
                "Feature: Slow \(file)\n\n  Scenario: one\n    Given a step that sleeps for 300 ms\n")
        }
    }

    override func tearDown() { scratch.remove() }

    func test_run_asManyWorkersAsScenarios_eachWorkerRunsOne() throws {
        // Two asked of each of two workers left the other two idle: the run took twice as long.
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            ["Features", "--parallel", "4", "--format", "summary", "--format", "message:m.ndjson"],
            in: scratch.root)
        XCTAssertEqual(run.code, 0, run.out + run.err)
        let started = try scratch.read("m.ndjson").split(separator: "\n").filter {
            $0.hasPrefix("{\"testCaseStarted\"")
        }
        let workers = started.compactMap { line in
            line.range(of: #""workerId":"[^"]*""#, options: .regularExpression).map { String(line[$0]) }
        }
        XCTAssertEqual(workers.count, 4)
        XCTAssertEqual(Set(workers).count, 4, workers.joined(separator: " "))
    }
}
