import Foundation
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// A terminal's Ctrl-C reaches the run's whole process group: a worker starting then may die
/// of it before the run has taken in its own signal. The interruption is the verdict; no
/// worker failed to start.
final class WorkerEndedByTheRunsSignalTests: XCTestCase {
    /// The summary of a pool whose worker ends by `signal` as it starts, the run interrupted
    /// by it `after` later (nil: never).
    private func summary(signal: String, interruptedAfter milliseconds: Int?) async throws -> RunSummary {
        let interruption = RunInterruption()
        var options = RunOptions()
        options.interruption = interruption
        let pool = WorkerPool(
            executable: "/bin/sh", arguments: ["-c", "read settings; kill -\(signal) $$"], options: options,
            clock: SystemClock())
        let interrupting = Task {
            guard let milliseconds else { return }
            try? await Task.sleep(for: .milliseconds(milliseconds))
            interruption.interrupt("SIG\(signal)")
        }
        var summary = RunSummary()
        await pool.run(
            [try ScriptWorker.oneStepPlan()], upcoming: UpcomingBatches(ahead: 1), to: EventRecorder(),
            summary: &summary)
        await pool.finish(to: EventRecorder(), summary: &summary)
        await interrupting.value
        return summary
    }

    func test_run_workerEndedBySIGINTJustBeforeTheRunTakesItIn_isTheInterruptionAlone() async throws {
        let summary = try await summary(signal: "INT", interruptedAfter: 50)
        XCTAssertNil(summary.workersNotStarted)
    }

    func test_run_workerEndedBySIGTERMWithoutTheRunsInterruption_couldNotStart() async throws {
        let summary = try await summary(signal: "TERM", interruptedAfter: nil)
        XCTAssertEqual(summary.workersNotStarted, "a worker ended before it was ready")
    }
}
