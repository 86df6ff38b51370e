import Foundation
import Gherkin
import Messages

/// Runs test cases in worker processes: `--parallel N` is N workers, each running one
/// test case at a time (and asked for the next ones before it ends). A worker that crashes,
/// exits, or whose step blocks past its timeout is ended if need be; its test case is failed
/// with the cause (signal or exit status, the step that was running, the worker's last lines
/// of standard error) and a fresh worker goes on with the rest, from the first test case it
/// never began. Each test case's events are passed on when it ends.
struct WorkerSupervisor: Sendable {
    /// The runner's executable as the run started (see `WorkerImage`).
    let executable: WorkerImage
    let arguments: [String]
    let options: RunOptions
    let clock: any RunClock

    struct Outcome: Sendable {
        var envelopes: [Envelope] = []
        var status: TestStepResultStatus = .passed
        var stepStatuses: [TestStepResultStatus: Int] = [:]
        /// The worker is gone (crashed, exited or was ended) and must be replaced.
        var workerLost = false
        /// The worker was gone before the test case started: it can be run again on a fresh one.
        var neverStarted = false
        /// How long the worker took, first attempt started to last finished, by its events.
        var nanoseconds = 0
        /// How many of the test cases asked after this one the worker had begun when it was
        /// lost: one whose line the supervisor refused goes on until it is ended, and what it
        /// told meanwhile is not trusted. Those are not run again (nothing runs twice): they
        /// fail, saying why (`lostAfterBeginning`).
        var laterBegun = 0
    }

    /// Stops the run from outside (a signal): running test cases end as interrupted.
    let interruption: RunInterruption

    /// when it no longer reads), and its size. A worker runs what it is asked in order, so a
    /// supervisor may ask for the next ones before this one ends.
    func request(_ plan: TestCasePlan, of worker: WorkerProcess) -> (delivered: Bool, bytes: Int) {
        let line = worker.sentSteps.withLock { PlanLine.encode(plan, sent: &$0) }
        return (worker.send(line), line.utf8.count + 1)
    }

    /// The outcomes of the test cases asked of `worker`, in the order asked: the first one's,
    /// waited for, and then those of the next ones whose ends have arrived already (collected
    /// without waiting, so that a run costs a task switch per read of the worker's lines, not
    /// one per test case). It stops at a test case whose worker was lost.
    func collect(
        _ asked: [(plan: TestCasePlan, delivered: Bool)], from worker: WorkerProcess, atMost limit: Int = .max
    ) async -> [(
        TestCasePlan, Outcome
    )] {
        var outcomes: [(TestCasePlan, Outcome)] = []
        for (plan, delivered) in asked.prefix(max(1, limit)) {
            let outcome = await collect(plan, from: worker, delivered: delivered)
            outcomes.append((plan, outcome))
            if outcome.workerLost || !worker.items.holdsControl { break }
        }
        return outcomes
    }

    /// The events of a test case asked of `worker` (after those asked before it): read until
    /// the worker says it is done, with the status it decided, or it is gone. The worker tells
    /// each event as a result line (`ResultLine`); its envelope is made again here from the
    /// plan (`ResultReplay`). A worker gone before anything of the test case arrived never
    /// started it (`neverStarted`); one gone in the middle failed it, and the supervisor, the
    /// one left to, ends it and decides its status. A line that cannot be read, or an event that
    /// does not fit the plan, ends the worker, saying so: its test case fails with that reason
    /// and a fresh worker runs the rest it had not begun (`Outcome.laterBegun`).
    func collect(_ plan: TestCasePlan, from worker: WorkerProcess, delivered: Bool) async -> Outcome {
        var outcome = Outcome()
        var replay = ResultReplay(plan: plan, workerId: worker.id)
        var done: WorkerProtocol.Done?
        var refusal: String?
        var refused: Bool { refusal != nil }
        var begunBeforeRefusal = false
        // After a refusal, the starts of test cases (first attempts) and the done lines of
        // others tell how far the worker went before it was ended.
        var startsAfterRefusal = 0
        var othersDoneAfterRefusal: Set<Int> = []
        func refuse(_ reason: String) {
            guard !refused else { return }
            let place = "\(plan.pickle.uri):\(plan.pickle.location.line)"
            let cause = "worker \(worker.id) sent, while running '\(plan.pickle.name)' (\(place)), \(reason)"
            refusal = cause
            begunBeforeRefusal = replay.began
            worker.kill(because: cause)
        }
        reading: while delivered, case let batch = await worker.items.next(), !batch.isEmpty {
            for item in batch {
                switch item {
                case .control: continue
                case .done(let told):
                    guard !refused else {
                        if told.number != plan.number { othersDoneAfterRefusal.insert(told.number) }
                        continue
                    }
                    guard told.number == plan.number, replay.began, replay.attemptFinished else {
                        refuse("a done line for test case \(told.number) that does not end this one")
                        continue
                    }
                    done = told
                    break reading
                case .result(let event):
                    guard !refused else {
                        if case .started(attempt: 0, _) = event { startsAfterRefusal += 1 }
                        continue
                    }
                    switch replay.envelope(event) {
                    case .success(let envelope): outcome.envelopes.append(envelope)
                    case .failure(let error): refuse("an event that does not fit its plan: \(error)")
                    }
                case .envelope(let envelope):
                    if !refused { outcome.envelopes.append(envelope) }
                case .unreadable(let reason):
                    refuse(reason)
                }
            }
        }
        if let done {
            outcome.status = done.status
            outcome.stepStatuses = done.steps
            outcome.nanoseconds = done.nanoseconds
            return outcome
        }
        // Nothing of the test case arrived (an envelope sent whole is none of its events).
        if !replay.began && !refused {
            outcome.envelopes = []
            outcome.workerLost = true
            outcome.neverStarted = true
            return outcome
        }
        outcome.workerLost = true
        if refused {
            // This test case's own first start, when it came after the refusal, is none of a later one.
            outcome.laterBegun = max(startsAfterRefusal - (begunBeforeRefusal ? 0 : 1), othersDoneAfterRefusal.count)
        }
        let exit = worker.waitForExit()
        // A worker whose line was refused may have ended on its own before it was ended: the
        // refusal is the cause either way.
        let cause = refusal.map { "the worker process was ended: \($0)" } ?? describe(exit, worker: worker)
        outcome.envelopes += lostWorkerEnvelopes(plan, seen: outcome.envelopes, cause: cause)
        Self.tally(&outcome, plan: plan)
        return outcome
    }

    /// The outcome of a test case that `worker` had begun, after the one whose line was refused,
    /// when it was ended: failed with the cause, never run again.
    func lostAfterBeginning(_ plan: TestCasePlan, worker: WorkerProcess) -> Outcome {
        var outcome = Outcome()
        outcome.workerLost = true
        let ended =
            worker.waitForExit().killedBecause.map { "the worker process was ended: \($0)" } ?? "its worker was lost"
        let cause =
            "\(ended); the worker had begun this scenario before it was ended, and what it told of it is lost: "
            + "the scenario is not run again, so that it does not run twice"
        outcome.envelopes = lostWorkerEnvelopes(plan, seen: [], cause: cause)
        Self.tally(&outcome, plan: plan)
        return outcome
    }

    /// Ends a test case whose worker went away, the one place its last attempt is decided:
    /// the running step failed with the cause, the others skipped, the attempt finished once.
    /// A worker gone between two attempts (the last one finished saying another follows)
    /// leaves that next attempt to be told here, failed with the cause; one gone after the
    /// final attempt finished leaves nothing to add.
    private func lostWorkerEnvelopes(_ plan: TestCasePlan, seen: [Envelope], cause: String) -> [Envelope] {
        var envelopes: [Envelope] = []
        var startedId: String?
        var attempt = 0
        var attemptEnded: Bool?
        var started: Set<String> = []
        var finished: Set<String> = []
        for envelope in seen {
            switch envelope {
            case .testCaseStarted(let value):
                startedId = value.id
                attempt = value.attempt
                attemptEnded = nil
                started = []
                finished = []
            case .testCaseFinished(let value) where value.testCaseStartedId == startedId:
                attemptEnded = !value.willBeRetried
            case .testStepStarted(let value): started.insert(value.testStepId)
            case .testStepFinished(let value): finished.insert(value.testStepId)
            default: break
            }
        }
        if attemptEnded == true { return [] }
        if attemptEnded == false {
            startedId = nil
            attempt += 1
            started = []
            finished = []
        }
        let attemptId = startedId ?? plan.startedId(attempt: attempt)
        if startedId == nil {
            envelopes.append(
                .testCaseStarted(
                    TestCaseStarted(
                        attempt: attempt, id: attemptId, testCaseId: plan.id, workerId: nil, timestamp: clock.now())))
        }
        // The step that was running carries the cause: the one that started and did not
        // finish, or, when the worker went between two steps, the next one.
        let unfinished = plan.steps.indices.filter { !finished.contains(plan.steps[$0].id) }
        if let blamed = unfinished.first(where: { started.contains(plan.steps[$0].id) }) ?? unfinished.first {
            envelopes += plan.endingEnvelopes(
                attempt: attemptId, failing: blamed,
                result: TestStepResult(
                    duration: .zero, message: cause, status: .failed,
                    exception: ExceptionMessage(type: "WorkerLost", message: cause)),
                started: started, clock: clock)
        }
        envelopes.append(
            .testCaseFinished(
                TestCaseFinished(testCaseStartedId: attemptId, timestamp: clock.now(), willBeRetried: false)))
        return envelopes
    }

    /// Why `worker`, gone while it ran no test case (between two, or after its last), failed
    /// the run, in words; nil when its end was no fault: an interruption, the supervisor
    /// ending it, the worker ending itself after an abandoned step (status 75, its test case
    /// failed already), or its end as a worker ends (`endedAsAWorker`: its last line said so,
    /// status 0), unless its runtime reported a crash. `after`: the last test case it ran,
    /// whose work may have been left running.
    func lostOutsideATestCase(_ worker: WorkerProcess, after plan: TestCasePlan?, endedAsAWorker: Bool) -> String? {
        let exit = worker.waitForExit()
        let crashed = exit.signal != nil || worker.reportedACrash
        guard interruption.current == nil, exit.killedBecause == nil,
            crashed || (exit.status != 75 && (exit.status != 0 || !endedAsAWorker))
        else { return nil }
        var words = "worker \(worker.id) "
        if exit.signal == nil && crashed {
            words += "crashed (its runtime said so, and it exited with status \(exit.status))"
        } else {
            words += Self.ending(exit)
        }
        words += " while it ran no scenario"
        if let plan {
            words +=
                "; the last it ran was '\(plan.pickle.name)' (\(plan.pickle.uri):\(plan.pickle.location.line)),"
                + " whose steps may have left work running"
        }
        let lines = worker.crashLines
        if !lines.isEmpty { words += ": " + lines.joined(separator: " / ") }
        return words
    }

    /// How a worker that ended in the middle of one of its own hooks ended, in words for that
    /// hook's failure: ended by the runner and why (a hook that did not return within the
    /// timeout), or its crash or exit with the runtime's own lines.
    func endedDuringHook(_ worker: WorkerProcess) -> String {
        let exit = worker.waitForExit()
        if let reason = exit.killedBecause { return "its worker process was ended: \(reason)" }
        var words = "its worker process \(Self.ending(exit)) during the hook"
        let lines = worker.crashLines
        if !lines.isEmpty { words += ": " + lines.joined(separator: " / ") }
        return words
    }

    private func describe(_ exit: WorkerProcess.Exit, worker: WorkerProcess) -> String {
        var cause: String
        if let interrupted = interruption.current {
            cause = "the run was interrupted (\(interrupted)) while this step ran"
        } else if let reason = exit.killedBecause {
            cause = "the worker process was ended: \(reason)"
        } else {
            cause = "the worker process \(Self.ending(exit)) while this step ran"
            if exit.signal == nil && exit.status != WorkerProtocol.protocolLostStatus {
                cause += " (did the step call exit()?)"
            }
        }
        let lines = worker.crashLines
        if !lines.isEmpty { cause += "\nIts standard error:\n" + lines.map { "  " + $0 }.joined(separator: "\n") }
        return cause
    }

    /// How a worker ended, in words: `crashed with signal 4 (SIGILL, ...)`, `exited with status 3`.
    private static func ending(_ exit: WorkerProcess.Exit) -> String {
        guard let signal = exit.signal else {
            guard exit.status == WorkerProtocol.protocolLostStatus else { return "exited with status \(exit.status)" }
            return "exited with status \(exit.status) (as a worker does that lost the descriptors it talks to the "
                + "runner on: did a step close them?)"
        }
        return "crashed with signal \(signal) (\(signalName(signal)))"
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL, a Swift runtime trap such as fatalError or a force-unwrapped nil"
        case SIGTRAP: "SIGTRAP, a Swift runtime trap such as fatalError or a force-unwrapped nil"
        case SIGABRT: "SIGABRT"
        case SIGSEGV: "SIGSEGV"
        case SIGBUS: "SIGBUS"
        case SIGKILL: "SIGKILL"
        case SIGTERM: "SIGTERM"
        case SIGHUP: "SIGHUP"
        case SIGFPE: "SIGFPE"
        default: "signal \(signal)"
        }
    }

    /// The final status and the step counts of the final attempt of a test case whose worker
    /// was lost before it could tell them.
    private static func tally(_ outcome: inout Outcome, plan: TestCasePlan) {
        var lastAttempt = ""
        var first: Timestamp?
        var last: Timestamp?
        for envelope in outcome.envelopes {
            switch envelope {
            case .testCaseStarted(let started):
                lastAttempt = started.id
                if first == nil { first = started.timestamp }
            case .testCaseFinished(let finished): last = finished.timestamp
            default: break
            }
        }
        if let first, let last {
            outcome.nanoseconds = max(0, last.totalNanoseconds - first.totalNanoseconds)
        }
        outcome.status = .testCase(
            of: outcome.envelopes.lazy.compactMap { envelope in
                guard case .testStepFinished(let finished) = envelope, finished.testCaseStartedId == lastAttempt else {
                    return nil
                }
                return finished.testStepResult.status
            })
        outcome.stepStatuses = plan.stepStatuses(in: outcome.envelopes, attempt: lastAttempt)
    }
}
