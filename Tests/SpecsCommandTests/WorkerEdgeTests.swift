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
