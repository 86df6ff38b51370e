import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability

/// The ledger's answers: what the run came to, each scenario's result and the tally of
/// statuses, computed from the records `RunLedger` keeps.
extension RunLedger {

    /// What the run came to, computed once after its last envelope (and again only if
    /// another arrives): every closing line, verdict and exit code reads this.
    package var result: RunResult {
        if let frozenResult { return frozenResult }
        let duration = runFinished.flatMap { end in
            runStarted.map { end.timestamp.totalNanoseconds.saturatingSubtract($0.totalNanoseconds) }
        }
        let result = RunResult(
            tally: tally(), unfinished: unfinishedTestCases,
            unparsable: parseErrors.map { "\($0.source.uri ?? "?"):\($0.source.location?.line ?? 0)" },
            testCases: plannedCount, runFinished: runFinished, duration: duration, shardTimes: shardTimes,
            failedRunHooks: failedRunHooks,
            withoutPickle: testCaseOrder.compactMap { id in
                records[id].flatMap { pickle(of: $0) == nil ? (testCase: id, pickle: $0.testCase.pickleId) : nil }
            }, inNoStream: scenariosInNoStream, onlyMatched: scenariosOnlyMatched)
        frozenResult = result
        return result
    }

    /// The scenario results of the run, in the order test cases were planned.
    package var scenarioResults: [ScenarioResult] {
        if let cachedResults { return cachedResults }
        let results = testCaseOrder.compactMap(scenarioResult(testCaseId:))
        cachedResults = results
        return results
    }

    package func scenarioResult(testCaseId: String) -> ScenarioResult? {
        if let frozen = closed[testCaseId] { return frozen }
        guard let record = records[testCaseId], let uri = pickle(of: record)?.uri else { return nil }
        return result(of: testCaseId, in: held[uri] ?? Held())
    }

    /// The result of an open document's test case, computed once while nothing it reads changes.
    func result(of testCaseId: String, in document: Held) -> ScenarioResult? {
        guard let index = records.index(forKey: testCaseId) else { return nil }
        if let cached = records.values[index].cached, cached.generation == generation { return cached.result }
        guard let result = computeResult(records.values[index], in: document) else { return nil }
        records.values[index].cached = (result, generation)
        return result
    }

    private func pickle(of record: Record) -> Pickle? { pickles[record.testCase.pickleId] }

    /// Scenarios and steps by status, and the scenarios summaries name: what summaries print.
    package struct StatusTally: Sendable, StatusTallied {
        /// Scenarios and steps by status: the run's one tally type (`StatusCounts`).
        package var counts = StatusCounts()
        /// The test cases whose final attempt did not pass, in plan order.
        package var notPassed: [String] = []
        /// The scenarios that passed only on a retry: their place, name and the retry they passed on.
        package var flaky: [(location: String, name: String, retry: Int)] = []
        /// Planned test cases that never started (after --fail-fast, an interruption, a
        /// failed before-all hook, or in a stream cut short).
        package var notRun = 0
        /// The planned test cases that never started, in plan order.
        package var neverStarted: [String] = []
        /// The scenarios whose attempts do not make one run of them to its end, by
        /// `path:line` and why (see `ScenarioResult.unsound`).
        package var unsound: [String] = []
    }

    /// Test cases that started and never finished: a run that died or a stream cut short.
    private var unfinishedTestCases: [String] {
        testCaseOrder.filter { id in
            if let frozen = closed[id] { return frozen.started && !frozen.finished }
            return records[id]?.attempts.last.map { !$0.ended } ?? false
        }
    }

    /// Scenarios and steps by status, each read from its `ScenarioResult`.
    ///
    /// The ledger keeps this tally of its own, beside the runner's (`RunSummary`, which reads
    /// each status as the process that ran the test case reported it): it also reads saved
    /// streams (`specs report`), where a test case's status is nowhere but in its steps'
    /// results. Both decide it with `TestStepResultStatus.testCase(of:)`, and both count it in
    /// a `StatusCounts`.
    package func tally() -> StatusTally {
        var tally = countedTally
        tally.notRun += scenariosInNoStream.count
        for testCaseId in testCaseOrder {
            guard let result = scenarioResult(testCaseId: testCaseId) else { continue }
            guard result.started else {
                tally.counts.recordSteps(result.stepStatuses)
                tally.notRun += 1
                tally.neverStarted.append(testCaseId)
                continue
            }
            tally.counts.record(result.status, steps: result.stepStatuses)
            if result.status != .passed { tally.notPassed.append(testCaseId) }
            if let why = result.unsound { tally.unsound.append("\(result.location) (\(why))") }
            if result.isFlaky { tally.flaky.append((result.location, result.pickle.name, result.attempt)) }
        }
        // Events of attempts that never started: a stream edited, or joined from others.
        let orphans = earlyEvents.filter { attemptOwners[$0.key] == nil }
        if !orphans.isEmpty {
            tally.unsound.append(
                "\(orphans.values.reduce(0, +)) step or attempt events of attempts that never started ("
                    + orphans.keys.sorted().prefix(3).joined(separator: ", ") + (orphans.count > 3 ? ", ..." : "") + ")"
            )
        }
        return tally
    }

    /// Why a test case's attempts do not make one run of its scenario to its end, if they do
    /// not: a stream no run writes (edited, or joined from others). An attempt that ended with
    /// `willBeRetried` false is the final one.
    private func unsoundness(of record: Record) -> String? {
        let attempts = record.attempts
        if let final = attempts.firstIndex(where: { $0.finished && !$0.willBeRetried }), final < attempts.count - 1 {
            return "it ran again after its final attempt: \(attempts.count) attempts"
        }
        if attempts.enumerated().contains(where: { $0.element.started.attempt != $0.offset }) {
            let numbers = attempts.map { String($0.started.attempt) }.joined(separator: ", ")
            return "its attempts are numbered \(numbers), not 0, 1, 2... in order"
        }
        // Each step of an attempt starts once and finishes once: a result without its start,
        // or a start or result told twice, is a stream edited or cut and joined.
        if let odd = attempts.first(where: { $0.ended && $0.stepsStarted != $0.stepsFinished }) {
            return "attempt \(odd.started.attempt) tells \(odd.stepsFinished) step results and "
                + "\(odd.stepsStarted) step starts"
        }
        if let odd = attempts.first(where: { $0.disorder != nil }), let disorder = odd.disorder {
            return "attempt \(odd.started.attempt): \(disorder)"
        }
        guard let last = attempts.last, last.ended else { return nil }
        if last.willBeRetried && runFinished != nil {
            return "its last attempt was to be retried, and no retry followed"
        }
        let missing = last.results.count { $0 == nil }
        if missing > 0 { return "\(missing) of its \(last.results.count) steps have no result" }
        if let step = last.results.first(where: { $0?.status == .unknown }), step != nil {
            return "a step ended with status UNKNOWN"
        }
        // A run tells an exception with the step that failed of it, never with one that passed.
        if let step = last.results.firstIndex(where: { $0?.status == .passed && $0?.exception != nil }) {
            return "step \(step + 1) passed and carries an exception"
        }
        return nil
    }

    private func computeResult(_ record: Record, in document: Held) -> ScenarioResult? {
        guard let pickle = pickle(of: record) else { return nil }
        let final = record.attempts.last
        var steps: [StepResult] = []
        steps.reserveCapacity(record.testCase.testSteps.count)
        // Test steps follow their pickle steps' order: each is looked for after the one before.
        var nextPickleStep = 0
        for (position, testStep) in record.testCase.testSteps.enumerated() {
            let result = final?.results[position]
            if let pickleStepId = testStep.pickleStepId,
                let index = pickle.steps.index(from: nextPickleStep, where: { $0.id == pickleStepId })
            {
                let pickleStep = pickle.steps[index]
                nextPickleStep = index + 1
                let ast = pickleStep.astNodeIds.first.flatMap { document.steps[$0] }
                let definitions = (testStep.stepDefinitionIds ?? []).compactMap { stepDefinitions[$0] }
                steps.append(
                    StepResult(
                        testStepId: testStep.id, kind: .step(pickleStep, ast, definitions), result: result,
                        suggestion: suggestions[pickleStepId]))
            } else if let hookId = testStep.hookId {
                steps.append(
                    StepResult(testStepId: testStep.id, kind: .hook(hooks[hookId]), result: result, suggestion: nil))
            }
        }
        var result = ScenarioResult(
            testCaseId: record.testCase.id, pickle: pickle,
            scenario: pickle.astNodeIds.first.flatMap { document.scenarios[$0] },
            steps: steps, attempt: final?.started.attempt ?? 0, attachments: final?.attachments ?? [],
            started: final != nil,
            featureName: documents[pickle.uri]?.feature?.name,
            tagLocations: pickle.tags.map { document.tags[$0.astNodeId]?.location })
        result.finished = final?.ended ?? true
        if let why = unsoundness(of: record) {
            result.finished = false
            result.unsound = why
        }
        result.earlierFailures = record.attempts.dropLast().map { attempt in
            let failing = attempt.results.compactMap { $0 }.first { $0.status.needsAttention }
            return ScenarioResult.EarlierFailure(
                attempt: attempt.started.attempt, status: failing?.status ?? .unknown,
                message: failing?.message ?? (failing?.status ?? .unknown).rawValue.lowercased(),
                type: failing?.exception?.type)
        }
        return result
    }
}

extension Array {
    /// The index of the first element from `start` on that `matches`, else of the first one
    /// before it: for lists read in their own order, where the search is short, so that a
    /// scenario's steps are found in time linear in their number.
    func index(from start: Int, where matches: (Element) -> Bool) -> Int? {
        self[Swift.min(start, count)...].firstIndex(where: matches)
            ?? self[..<Swift.min(start, count)].firstIndex(where: matches)
    }
}
