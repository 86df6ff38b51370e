import Foundation
import Messages

/// Runs test cases in worker processes (see `WorkerSupervisor`): started with the first batch
/// and kept for the rest. A worker that is lost is replaced; when workers cannot start, the
/// run stops and its test cases stay unrun (when the system lets fewer start than asked, the
/// run goes on with those).
final class WorkerPool: TestCaseDispatch {
    private let supervisor: WorkerSupervisor
    private let options: RunOptions
    private let interruption: RunInterruption
    private var workers: [WorkerProcess?] = []
    private var generations: [Int] = []
    /// How fast each slot's worker runs test cases, kept from batch to batch.
    private var paces: [WorkerPace] = []
    /// Per slot, the last test case its worker ran: named when the worker is lost after it.
    private var lastRun: [TestCasePlan?] = []
    /// How many workers were lost, by test case number, before they started it: one is
    /// given to a fresh worker again, but not without end.
    private var lostBefore: [Int: Int] = [:]
    /// How many times a test case is given to a fresh worker after workers were lost before it began.
    private static let startsAfterLoss = 2
    /// Per worker, the test cases asked of it and not yet collected, in order, and whether
    /// the request reached it: kept from batch to batch, since a worker may be asked for the
    /// next batch's before this one's end.
    private var asked: [[(plan: TestCasePlan, delivered: Bool, bytes: Int)]] = []
    /// Per worker, the size of the requests in `asked`.
    private var askedBytes: [Int] = []
    /// Test cases to ask for, in plan order: this batch's, then the next one's once taken ahead.
    private var waiting: [TestCasePlan] = []
    /// Every test case taken into `waiting`, by number: each is taken once, whether with its
    /// batch or ahead of it (a lost worker's are put back into `waiting`, never taken again).
    private var taken: Set<Int> = []
    /// What the next batch's test cases told, by number, until their batch's turn.
    private var finishedAhead: [Int: WorkerSupervisor.Outcome] = [:]
    private(set) var stopped = false
    /// The run's hooks as the stream defines them, by id: a worker hook's failure is worded from them.
    private let hooks: [String: HookMessage]
    private let clock: any RunClock

    init(
        executable: String, arguments: [String], options: RunOptions, clock: any RunClock,
        hooks: [String: HookMessage] = [:]
    ) {
        interruption = options.interruption ?? RunInterruption()
        supervisor = WorkerSupervisor(
            executable: WorkerImage(executable), arguments: arguments, options: options, clock: clock,
            interruption: interruption)
        self.options = options
        self.hooks = hooks
        self.clock = clock
    }

    /// Passes on what a worker told, counting the worker hooks that failed. A worker that ended
    /// in the middle of a hook (not by an interruption, which is the verdict) failed it: the
    /// hook is ended here, failed, so that the stream says so as the run does.
    @discardableResult
    private func relay(
        _ envelopes: [Envelope], to consumer: some EventConsumer, summary: inout RunSummary,
        workerEnded worker: WorkerProcess? = nil
    ) -> Bool {
        var started: [String: (hookId: String, inWorker: Bool)] = [:]
        var failed = false
        for envelope in envelopes {
            switch envelope {
            case .testRunHookStarted(let hook): started[hook.id] = (hook.hookId, hook.workerId != nil)
            case .testRunHookFinished(let finished):
                if finished.result.status == .failed {
                    failed = true
                    let start = started[finished.testRunHookStartedId]
                    RunHookFailure.add(
                        RunHookFailure.words(
                            start.flatMap { hooks[$0.hookId] }, message: finished.result.message,
                            inWorker: start?.inWorker ?? false),
                        to: &summary.failedHooks)
                }
                started[finished.testRunHookStartedId] = nil
            default: break
            }
            consumer.consume(envelope)
        }
        guard let worker, interruption.current == nil, !started.isEmpty else { return failed }
        let message = supervisor.endedDuringHook(worker)
        for (startedId, start) in started.sorted(by: { $0.key < $1.key }) {
            failed = true
            RunHookFailure.add(
                RunHookFailure.words(hooks[start.hookId], message: message, inWorker: start.inWorker),
                to: &summary.failedHooks)
            consumer.consume(
                .testRunHookFinished(
                    TestRunHookFinished(
                        testRunHookStartedId: startedId,
                        result: TestStepResult(
                            duration: Duration(nanoseconds: 0), message: message, status: .failed),
                        timestamp: clock.now())))
        }
        return failed
    }

    /// How starting a worker went.
    private enum Start {
        /// Started, its before-worker hooks passed.
        case ready(WorkerProcess)
        /// Started, and ended before it was ready: a hook failed, it crashed, the run was interrupted.
        case failed
        /// Not started: the system refused a process or its descriptors (`too many open files`).
        case refused(String)

        var worker: WorkerProcess? {
            if case .ready(let worker) = self { worker } else { nil }
        }
    }

    /// Starts the worker of `slot`: ready when its before-worker hooks passed.
    private func start(_ slot: Int, to consumer: some EventConsumer, summary: inout RunSummary) async -> Start {
        let worker: WorkerProcess
        do {
            worker = try supervisor.start(slot, generation: generations[slot])
        } catch {
            return .refused("\(error)")
        }
        let (readiness, envelopes) = await supervisor.awaitReady(worker)
        if readiness == .ready {
            relay(envelopes, to: consumer, summary: &summary)
            return .ready(worker)
        }
        // A worker ended by an interruption failed no hook: the interruption is the verdict.
        // One that crashed in a before-all hook failed it (`relay` ends the hook, failed).
        let told = relay(
            envelopes + (await supervisor.finish(worker)).envelopes, to: consumer, summary: &summary,
            workerEnded: worker)
        let inHook = envelopes.contains { if case .testRunHookStarted = $0 { true } else { false } }
        if readiness == .hookFailed || (interruption.current == nil && inHook) {
            if !told {
                RunHookFailure.add(RunHookFailure.words(nil, message: "a worker hook failed"), to: &summary.failedHooks)
            }
        } else if await !endedByTheRunsInterruption(worker), summary.workersNotStarted == nil {
            summary.workersNotStarted = "a worker ended before it was ready"
        }
        return .failed
    }

    /// Whether a worker that ended before it was ready was ended by the run's interruption: a
    /// terminal's Ctrl-C reaches the run's whole process group, and a worker may die of it
    /// before the run has taken in its own signal (then the interruption is the verdict, and
    /// no worker failed to start).
    private func endedByTheRunsInterruption(_ worker: WorkerProcess) async -> Bool {
        guard interruption.current == nil else { return true }
        guard let signal = worker.waitForExit().signal, [SIGINT, SIGTERM, SIGHUP].contains(signal) else {
            return false
        }
        for _ in 0..<50 where interruption.current == nil { try? await Task.sleep(for: .milliseconds(10)) }
        return interruption.current != nil
    }

    func run(
        _ plans: [TestCasePlan], upcoming: UpcomingBatches, to consumer: some EventConsumer, summary: inout RunSummary
    ) async {
        guard !stopped, !plans.isEmpty else { return }
        if workers.isEmpty {
            await startWorkers(min(max(1, options.parallel), plans.count), to: consumer, summary: &summary)
            guard !stopped else { return }
        }
        if asked.count != workers.count {
            asked = Array(repeating: [], count: workers.count)
            askedBytes = Array(repeating: 0, count: workers.count)
        }
        if paces.count != workers.count {
            paces = Array(repeating: WorkerPace(workers: workers.count), count: workers.count)
        }
        if lastRun.count != workers.count { lastRun = Array(repeating: nil, count: workers.count) }
        // This batch's plans, but those taken ahead with the batch before.
        admit(plans)
        let current = Set(plans.map(\.number))
        var remaining = plans.count
        /// Counts a test case of this batch as ended; its events are passed on by `pass`.
        func account(_ outcome: WorkerSupervisor.Outcome) {
            summary.record(outcome.status, steps: outcome.stepStatuses)
            if options.failFast && outcome.status.failsRun { stopped = true }
            remaining -= 1
        }
        func pass(_ outcomes: [WorkerSupervisor.Outcome]) {
            for outcome in outcomes { for envelope in outcome.envelopes { consumer.consume(envelope) } }
        }
        // Test cases of this batch that ended while the batch before ran: their events are
        // passed on once the workers are asked for more.
        var endedAhead: [WorkerSupervisor.Outcome] = []
        for plan in plans {
            if let outcome = finishedAhead.removeValue(forKey: plan.number) {
                account(outcome)
                endedAhead.append(outcome)
            }
        }
        let supervisor = supervisor
        // Each worker is asked for test cases ahead, so that it never waits for the supervisor
        // between two: about 10 ms of them at the pace of its last ones, within a bound of
        // count and bytes (`WorkerPace`), so that slow ones are not queued behind each other
        // while another worker idles, and a request never blocks the supervisor; once this
        // batch's are all asked, the next batch's, as soon as they are made (their events are
        // kept until their batch's turn). With --fail-fast, one at a time and none ahead, so
        // that nothing starts after a failure.
        func mayAsk(_ slot: Int) -> Bool {
            options.failFast
                ? asked[slot].isEmpty
                : paces[slot].mayAsk(count: asked[slot].count, bytes: askedBytes[slot])
        }
        await withTaskGroup(of: (Int, [(TestCasePlan, WorkerSupervisor.Outcome)]).self) { group in
            func next() -> TestCasePlan? {
                // The next batches are taken ahead once they are made; a test case taken before
                // (with its batch or ahead of it) is never taken again.
                if waiting.isEmpty, !options.failFast { admit(upcoming.plansAhead()) }
                return waiting.isEmpty ? nil : waiting.removeFirst()
            }
            /// Asks the slot's worker for more, up to the window (the next batches' too, when
            /// this one's are all asked: it runs them while the batch ends), and waits for the
            /// first asked, while this batch has test cases to wait for.
            func launch(_ slot: Int) {
                if !stopped, interruption.current == nil, let worker = workers[slot] {
                    while mayAsk(slot), let plan = next() {
                        let (delivered, bytes) = supervisor.request(plan, of: worker)
                        asked[slot].append((plan, delivered, bytes))
                        askedBytes[slot] += bytes
                    }
                }
                guard remaining > 0, let worker = workers[slot], !asked[slot].isEmpty else { return }
                // Half of what was asked is collected at most before the worker is asked for
                // more: it runs the other half meanwhile, never waiting for its next requests
                // while the supervisor takes in the last ones' events.
                let pending = asked[slot].map { ($0.plan, $0.delivered) }
                let half = (pending.count + 1) / 2
                group.addTask { (slot, await supervisor.collect(pending, from: worker, atMost: half)) }
            }
            for slot in workers.indices { launch(slot) }
            pass(endedAhead)
            for await (slot, outcomes) in group {
                var ended: [WorkerSupervisor.Outcome] = []
                /// Counts a test case the slot's worker ran (or began), in its batch or ahead of it.
                func settle(_ plan: TestCasePlan, _ outcome: WorkerSupervisor.Outcome) {
                    lastRun[slot] = plan
                    paces[slot].record(outcome.nanoseconds)
                    if current.contains(plan.number) {
                        account(outcome)
                        ended.append(outcome)
                    } else {
                        finishedAhead[plan.number] = outcome
                    }
                }
                for (plan, outcome) in outcomes {
                    askedBytes[slot] -= asked[slot].removeFirst().bytes
                    if outcome.neverStarted, let worker = workers[slot],
                        let lost = supervisor.lostOutsideATestCase(worker, after: lastRun[slot], endedAsAWorker: false)
                    {
                        // Gone while it ran nothing: work an earlier scenario left running ended it.
                        summary.workersLost.append(lost)
                    }
                    if !outcome.neverStarted { settle(plan, outcome) }
                    if outcome.workerLost {
                        // Those it had begun after this one, when it was ended, fail: never twice.
                        for _ in 0..<min(outcome.laterBegun, asked[slot].count) {
                            let begun = asked[slot].removeFirst().plan
                            if let worker = workers[slot] {
                                settle(begun, supervisor.lostAfterBeginning(begun, worker: worker))
                            }
                        }
                        // Its events come before the fresh worker's hooks'.
                        pass(ended)
                        ended = []
                        // The worker is gone (crashed, exited, ended itself after an abandoned
                        // step, or the run was interrupted): a fresh one runs what it never began
                        // (the rest asked of it), in plan order, unless the run stops.
                        let rerun = (outcome.neverStarted ? [plan] : []) + asked[slot].map(\.plan)
                        asked[slot] = []
                        askedBytes[slot] = 0
                        if outcome.neverStarted {
                            lostBefore[plan.number, default: 0] += 1
                            if lostBefore[plan.number, default: 0] > Self.startsAfterLoss {
                                // Every worker ends before it starts this test case: the run stops.
                                let place = "\(plan.pickle.uri):\(plan.pickle.location.line)"
                                if summary.workersNotStarted == nil {
                                    summary.workersNotStarted =
                                        "\(Self.startsAfterLoss + 1) workers in turn ended before they started "
                                        + "'\(plan.pickle.name)' (\(place))"
                                }
                                stopped = true
                            }
                        }
                        if interruption.current == nil, !stopped, await replace(slot, to: consumer, summary: &summary) {
                            waiting = (rerun + waiting).sorted { $0.number < $1.number }
                        } else {
                            workers[slot] = nil
                            if interruption.current == nil, !stopped {
                                // No fresh worker could be had (the system refused its descriptors):
                                // the live ones run what it never began, those idle asked now.
                                waiting = (rerun + waiting).sorted { $0.number < $1.number }
                                for other in workers.indices where other != slot && asked[other].isEmpty {
                                    launch(other)
                                }
                            }
                        }
                    }
                }
                // The worker is asked for more before the events are taken in: it runs meanwhile.
                launch(slot)
                pass(ended)
            }
        }
    }

    /// Adds to `waiting` the plans not taken before.
    private func admit(_ plans: [TestCasePlan]) {
        for plan in plans where taken.insert(plan.number).inserted { waiting.append(plan) }
    }

    /// The descriptors a run keeps free for its own work when it starts a second worker and more:
    /// a feature file read by each processor, and some for the runtime.
    static let keptDescriptors = ProcessInfo.processInfo.activeProcessorCount + 4

    /// Starts the pool's `width` workers. When the system refuses a process or its descriptors
    /// after some have started (a low `ulimit -n` for `--parallel 8`), the run goes on with
    /// those, saying so (`RunSummary.fewerWorkers`); when none can start, or one fails to get
    /// ready (a hook failed, it crashed), the others are ended and the run stops.
    private func startWorkers(_ width: Int, to consumer: some EventConsumer, summary: inout RunSummary) async {
        generations = Array(repeating: 0, count: width)
        var refused: String?
        var failed = false
        for slot in 0..<width {
            // A second worker and more start only when the run keeps descriptors beside them for
            // its own work (the feature files read at their turn, the runtime's own): taken by
            // workers, files could not be read in the middle of the run, and the runtime could
            // stop it.
            if slot > 0, !OpenFileLimit.allows(WorkerProcess.descriptors + Self.keptDescriptors) {
                refused =
                    "cannot start another worker process and keep \(Self.keptDescriptors) descriptors for the run's "
                    + "own files: " + OpenFileLimit.reason(errno: EMFILE)
                break
            }
            switch await start(slot, to: consumer, summary: &summary) {
            case .ready(let worker): workers.append(worker)
            case .failed: failed = true
            case .refused(let why): refused = why
            }
            if failed || refused != nil { break }
        }
        if !failed, let refused, !workers.isEmpty {
            summary.fewerWorkers =
                "--parallel \(options.parallel): \(workers.count) of the \(width) worker processes the run "
                + "would use could be started (\(refused)); the run goes on with "
                + (workers.count == 1 ? "that one" : "those \(workers.count)")
            generations = Array(generations.prefix(workers.count))
            return
        }
        guard failed || refused != nil else { return }
        if let refused, summary.workersNotStarted == nil { summary.workersNotStarted = refused }
        for case let worker? in workers {
            relay(await supervisor.finish(worker).envelopes, to: consumer, summary: &summary, workerEnded: worker)
        }
        workers = []
        stopped = true
    }

    /// Starts a fresh worker in a lost one's slot; false when it cannot. When the system refuses
    /// it (`too many open files`: a descriptor was taken since the run began) while other
    /// workers live, the run goes on with those, saying so (`RunSummary.fewerWorkers`); else it
    /// stops.
    private func replace(_ slot: Int, to consumer: some EventConsumer, summary: inout RunSummary) async -> Bool {
        generations[slot] += 1
        let started = await start(slot, to: consumer, summary: &summary)
        workers[slot] = started.worker
        if case .refused(let why) = started {
            let live = workers.indices.filter { $0 != slot && workers[$0] != nil }.count
            if live > 0 {
                summary.fewerWorkers =
                    "--parallel \(options.parallel): a lost worker process could not be replaced (\(why)); the run "
                    + "goes on with " + (live == 1 ? "the one left" : "the \(live) left")
                return false
            }
            if summary.workersNotStarted == nil { summary.workersNotStarted = why }
        }
        if workers[slot] == nil { stopped = true }
        return workers[slot] != nil
    }

    func finish(to consumer: some EventConsumer, summary: inout RunSummary) async {
        // Every worker is told to end at once, then heard in turn.
        let ending = workers.enumerated().compactMap { slot, worker in
            worker.map { (slot, $0, supervisor.endInput($0)) }
        }
        for (slot, worker, deadline) in ending {
            let (envelopes, ended, stuck) = await supervisor.finish(worker, by: deadline)
            let hookFailed = relay(envelopes, to: consumer, summary: &summary, workerEnded: worker)
            let last = lastRun.indices.contains(slot) ? lastRun[slot] : nil
            if !hookFailed, let stuck {
                summary.workersLost.append("worker \(worker.id) \(stuck)")
            } else if !hookFailed,
                let lost = supervisor.lostOutsideATestCase(worker, after: last, endedAsAWorker: ended)
            {
                summary.workersLost.append(lost)
            }
        }
        workers = []
    }
}
