import Foundation
import XCTest

@testable import SpecsRunner

/// A worker process that is a shell script: it reads the settings, says it is ready, reads
/// the request, and then does what `answer` says (writes lines, exits).
enum ScriptWorker {
    /// Collects test case `plan` from the script worker.
    static func collect(
        _ plan: TestCasePlan, answer: String, options: RunOptions = RunOptions()
    ) async throws -> WorkerSupervisor.Outcome {
        let script = "read settings; echo '#ready'; read request; \(answer)"
        let supervisor = WorkerSupervisor(
            executable: "/bin/sh", arguments: ["-c", script], options: options, clock: SystemClock(),
            interruption: RunInterruption())
        let worker = try supervisor.start(0, generation: 0)
        let (readiness, _) = await supervisor.awaitReady(worker)
        XCTAssertEqual(readiness, .ready)
        XCTAssertTrue(supervisor.request(plan, of: worker).delivered)
        let outcome = await supervisor.collect(plan, from: worker, delivered: true)
        _ = await supervisor.finish(worker)
        return outcome
    }
}
