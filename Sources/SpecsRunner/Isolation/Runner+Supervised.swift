import Messages

extension Runner {
    /// Runs the planned test cases in worker processes (see `SupervisedRun`), passing each
    /// test case's events on when it ends, and the workers' run-level hooks' events.
    func runSupervised(
        _ plans: [TestCasePlan<World>], executable: String, arguments: [String],
        to consumer: some EventConsumer, summary: inout RunSummary
    ) async {
        let interruption = options.interruption ?? RunInterruption()
        let supervisor = SupervisedRun<World>(
            executable: executable, arguments: arguments, options: options, clock: clock, interruption: interruption)
        let width = min(max(1, options.parallel), plans.count)
        guard width > 0 else { return }

        func relay(_ envelopes: [Envelope]) {
            for envelope in envelopes {
                if case .testRunHookFinished(let finished) = envelope, finished.result.status == .failed { summary.hookFailed = true }
                consumer.consume(envelope)
            }
        }
        func start(_ slot: Int, generation: Int) async -> WorkerProcess? {
            do {
                let worker = try supervisor.start(slot, generation: generation)
                let (ready, envelopes) = await supervisor.awaitReady(worker)
                relay(envelopes)
                if !ready {
                    relay(await supervisor.finish(worker))
                    summary.hookFailed = true
                    return nil
                }
                return worker
            } catch {
                summary.hookFailed = true
                return nil
            }
        }

        var workers: [WorkerProcess?] = []
        for slot in 0..<width { workers.append(await start(slot, generation: 0)) }
        var generations = Array(repeating: 0, count: width)
        if workers.contains(where: { $0 == nil }) {
            for case let worker? in workers { relay(await supervisor.finish(worker)) }
            return
        }
        await withTaskGroup(of: (Int, Int, SupervisedRun<World>.Outcome).self) { group in
            var next = 0
            var stopped = false
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
                group.addTask { (slot, number, await supervisor.run(plan, number: number, on: worker)) }
            }
            for slot in 0..<width { launch(slot) }
            for await (slot, number, outcome) in group {
                if outcome.neverStarted {
                    // The worker had gone (it ended itself after an abandoned step): a fresh one runs it.
                    generations[slot] += 1
                    workers[slot] = await start(slot, generation: generations[slot])
                    if workers[slot] == nil { stopped = true } else { again.append(number) }
                    launch(slot)
                    continue
                }
                for envelope in outcome.envelopes { consumer.consume(envelope) }
                summary.record(outcome.status, steps: outcome.stepStatuses)
                if options.failFast && outcome.status.failsRun { stopped = true }
                if outcome.workerLost, interruption.current == nil, !stopped, next < plans.count || !again.isEmpty {
                    generations[slot] += 1
                    workers[slot] = await start(slot, generation: generations[slot])
                    if workers[slot] == nil { stopped = true }
                } else if outcome.workerLost {
                    workers[slot] = nil
                }
                launch(slot)
            }
        }
        for case let worker? in workers { relay(await supervisor.finish(worker)) }
    }
}
