import Locking
import Messages

/// Runs a run's test cases batch after batch and passes each one's events on when it ends,
/// in plan order. Once `stopped` (--fail-fast, a signal, workers that could not start), the
/// later batches are planned and not run.
protocol TestCaseDispatch: AnyObject {
    var stopped: Bool { get }
    /// Runs `plans` and passes on their events. `upcoming` holds the next batches once they
    /// are made: a dispatch may start their test cases ahead (their events wait for their turn).
    func run(
        _ plans: [TestCasePlan], upcoming: UpcomingBatches, to consumer: some EventConsumer, summary: inout RunSummary
    ) async
    /// Ends the dispatch once the last batch has run.
    func finish(to consumer: some EventConsumer, summary: inout RunSummary) async
}

/// Runs test cases in this process, `options.parallel` at a time.
final class InProcessDispatch: TestCaseDispatch {
    private let scenario: ScenarioRun
    private let watchdog: Watchdog
    private let options: RunOptions
    private(set) var stopped = false

    init(_ scenario: ScenarioRun, watchdog: Watchdog, options: RunOptions) {
        self.scenario = scenario
        self.watchdog = watchdog
        self.options = options
    }

    func run(
        _ plans: [TestCasePlan], upcoming: UpcomingBatches, to consumer: some EventConsumer, summary: inout RunSummary
    ) async {
        func record(_ outcome: ScenarioRun.Outcome) {
            for envelope in outcome.envelopes { consumer.consume(envelope) }
            summary.record(outcome.status, steps: outcome.stepStatuses)
            if options.failFast && outcome.status.failsRun { stopped = true }
        }
        let width = max(1, options.parallel)
        let scenario = scenario
        let options = options
        if width == 1 {
            guard !stopped else { return }
            // One scenario at a time, as written; each one's events are taken in while the
            // next runs. The runner of the scenarios stops by the same rules as `record`.
            let (outcomes, delivery) = AsyncStream.makeStream(of: ScenarioRun.Outcome.self)
            let left = Locked((plans: plans[...], failed: false))
            let runner = Task {
                // In turn, in one task (`ScenarioRun.runInTurn`); after a step that was
                // abandoned, the rest go on in another.
                while await scenario.runInTurn(
                    next: {
                        left.withLock { left in
                            guard !left.failed, options.interruption?.current == nil else { return nil }
                            return left.plans.popFirst()
                        }
                    },
                    ended: { _, outcome in
                        delivery.yield(outcome)
                        if options.failFast && outcome.status.failsRun { left.withLock { $0.failed = true } }
                    })
                {}
                delivery.finish()
            }
            for await outcome in outcomes { record(outcome) }
            await runner.value
            return
        }
        await withTaskGroup(of: (Int, ScenarioRun.Outcome).self) { group in
            var next = 0
            var finished: [Int: ScenarioRun.Outcome] = [:]
            var emitted = 0
            func launch() {
                guard next < plans.count, !stopped, options.interruption?.current == nil else { return }
                let index = next
                let plan = plans[index]
                group.addTask { (index, await scenario.run(plan)) }
                next += 1
            }
            for _ in 0..<width { launch() }
            for await (index, outcome) in group {
                finished[index] = outcome
                // --fail-fast starts nothing once a test case failed, though the test cases
                // before it in plan order, still running, are told first.
                if options.failFast && outcome.status.failsRun { stopped = true }
                // Emit in plan order, so the stream reads as a serial run's.
                while let ready = finished.removeValue(forKey: emitted) {
                    record(ready)
                    emitted += 1
                }
                launch()
            }
        }
    }

    func finish(to consumer: some EventConsumer, summary: inout RunSummary) async {
        watchdog.stop()
    }
}
