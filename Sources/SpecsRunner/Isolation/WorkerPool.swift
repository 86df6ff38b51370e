import Messages

/// Runs test cases in worker processes (see `SupervisedRun`): started with the first batch
/// and kept for the rest. A worker that is lost is replaced; when workers cannot start, the
/// run stops and its test cases stay unrun.
final class WorkerPool<World: AnyObject>: TestCaseDispatch {
    private let supervisor: SupervisedRun<World>
    private let options: RunOptions
    private let interruption: RunInterruption
    private var workers: [WorkerProcess?] = []
    private var generations: [Int] = []
    private(set) var stopped = false

    init(executable: String, arguments: [String], options: RunOptions, clock: any RunClock) {
        interruption = options.interruption ?? RunInterruption()
        supervisor = SupervisedRun<World>(
            executable: executable, arguments: arguments, options: options, clock: clock, interruption: interruption)
        self.options = options
    }

    private func relay(_ envelopes: [Envelope], to consumer: some EventConsumer, summary: inout RunSummary) {
        for envelope in envelopes {
            if case .testRunHookFinished(let finished) = envelope, finished.result.status == .failed { summary.hookFailed = true }
            consumer.consume(envelope)
        }
    }

    /// A started worker whose before-all hooks passed, or nil (the run's hooks failed).
    private func start(_ slot: Int, to consumer: some EventConsumer, summary: inout RunSummary) async -> WorkerProcess? {
        do {
            let worker = try supervisor.start(slot, generation: generations[slot])
            let (ready, envelopes) = await supervisor.awaitReady(worker)
            relay(envelopes, to: consumer, summary: &summary)
            if !ready {
                relay(await supervisor.finish(worker), to: consumer, summary: &summary)
                summary.hookFailed = true
                return nil
            }
            return worker
        } catch {
            summary.hookFailed = true
            return nil
        }
    }

    func run(_ plans: [TestCasePlan<World>], to consumer: some EventConsumer, summary: inout RunSummary) async {
        guard !stopped, !plans.isEmpty else { return }
        if workers.isEmpty {
            let width = min(max(1, options.parallel), plans.count)
            generations = Array(repeating: 0, count: width)
            for slot in 0..<width { workers.append(await start(slot, to: consumer, summary: &summary)) }
            if workers.contains(where: { $0 == nil }) {
                for case let worker? in workers { relay(await supervisor.finish(worker), to: consumer, summary: &summary) }
                workers = workers.map { _ in nil }
                stopped = true
                return
            }
        }
        let supervisor = supervisor
        await withTaskGroup(of: (Int, Int, SupervisedRun<World>.Outcome).self) { group in
            var next = 0
            var again: [Int] = []
            func launch(_ slot: Int) {
                guard !stopped, interruption.current == nil, let worker = workers[slot] else { return }
                let number: Int
                if let first = again.first {
                    number = first
                    again.removeFirst()
                } else {
                    guard next < plans.count else { return }
                    number = next
                    next += 1
                }
                let plan = plans[number]
                group.addTask { (slot, number, await supervisor.run(plan, on: worker)) }
            }
            for slot in workers.indices { launch(slot) }
            for await (slot, number, outcome) in group {
                if outcome.neverStarted {
                    // The worker had gone (it ended itself after an abandoned step): a fresh one runs it.
                    generations[slot] += 1
                    workers[slot] = await start(slot, to: consumer, summary: &summary)
                    if workers[slot] == nil { stopped = true } else { again.append(number) }
                    launch(slot)
                    continue
                }
                for envelope in outcome.envelopes { consumer.consume(envelope) }
                summary.record(outcome.status, steps: outcome.stepStatuses)
                if options.failFast && outcome.status.failsRun { stopped = true }
                if outcome.workerLost, interruption.current == nil, !stopped {
                    generations[slot] += 1
                    workers[slot] = await start(slot, to: consumer, summary: &summary)
                    if workers[slot] == nil { stopped = true }
                } else if outcome.workerLost {
                    workers[slot] = nil
                }
                launch(slot)
            }
        }
    }

    func finish(to consumer: some EventConsumer, summary: inout RunSummary) async {
        for case let worker? in workers { relay(await supervisor.finish(worker), to: consumer, summary: &summary) }
        workers = []
    }
}
