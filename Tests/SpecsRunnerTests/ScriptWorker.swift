import Foundation
import Gherkin
import XCTest

@testable import SpecsRunner

/// A worker process that is a shell script: it reads the settings, says it is ready, reads
/// the request, and then does what `answer` says (writes lines, exits).
enum ScriptWorker {
    /// Collects test case `plan` from the script worker.
    static func collect(
        _ plan: TestCasePlan, answer: String, options: RunOptions = RunOptions()
    ) async throws -> WorkerSupervisor.Outcome {
        let (supervisor, worker) = try await started(
            "read settings; echo '#ready'; read request; \(answer)", options: options)
        XCTAssertTrue(supervisor.request(plan, of: worker).delivered)
        let outcome = await supervisor.collect(plan, from: worker, delivered: true)
        _ = await supervisor.finish(worker)
        return outcome
    }

    /// A supervisor and its worker, a shell script, started and ready.
    static func started(
        _ script: String, options: RunOptions = RunOptions()
    ) async throws -> (WorkerSupervisor, WorkerProcess) {
        let supervisor = WorkerSupervisor(
            executable: WorkerImage("/bin/sh"), arguments: ["-c", script], options: options, clock: SystemClock(),
            interruption: RunInterruption())
        let worker = try supervisor.start(0, generation: 0)
        let (readiness, _) = await supervisor.awaitReady(worker)
        XCTAssertEqual(readiness, .ready)
        return (supervisor, worker)
    }

    /// The plan of a scenario of one step (`Given the count is 2`), test case `number`.
    static func oneStepPlan(number: Int = 0) throws -> TestCasePlan {
        var ids = IncrementingIdGenerator()
        let text = "Feature: F\n\n  Scenario: one\n    Given the count is 2\n"
        let document = try Parser().parse(text, uri: "features/f.feature", ids: &ids)
        let pickle = try XCTUnwrap(PickleCompiler().compile(document, uri: "features/f.feature", ids: &ids).first)
        var steps = StepRegistry { TestWorld() }
        steps.given("the count is {int}") { (world, count: Int) in world.value = count }
        var planner = Runner(registry: steps).makePlanner()
        return planner.plan(pickle, number: number)
    }
}
