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
    public var result: RunResult {
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
            }, inNoStream: scenariosInNoStream)
        frozenResult = result
        return result
    }

    /// The scenario results of the run, in the order test cases were planned.
    public var scenarioResults: [ScenarioResult] {
        if let cachedResults { return cachedResults }
        let results = testCaseOrder.compactMap(scenarioResult(testCaseId:))
        cachedResults = results
        return results
    }

    public func scenarioResult(testCaseId: String) -> ScenarioResult? {
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

    /// Scenarios and steps by status: what summaries print.
    public struct StatusTally: Sendable {
        public var scenarios: [TestStepResultStatus: Int] = [:]
        public var steps: [TestStepResultStatus: Int] = [:]
        /// The test cases whose final attempt did not pass, in plan order.
        public var notPassed: [String] = []
        /// The scenarios that passed only on a retry: their place, name and the retry they passed on.
        public var flaky: [(location: String, name: String, retry: Int)] = []
        /// Planned test cases that never started (after --fail-fast, an interruption, a
        /// failed before-all hook, or in a stream cut short).
        public var notRun = 0
        /// The planned test cases that never started, in plan order.
        public var neverStarted: [String] = []
    }

    /// Test cases that started and never finished: a run that died or a stream cut short.
    private var unfinishedTestCases: [String] {
        testCaseOrder.filter { id in
            if let frozen = closed[id] { return frozen.started && !frozen.finished }
            return records[id]?.attempts.last.map { !$0.ended } ?? false
        }
    }

    /// Scenarios and steps by status, each read from its `ScenarioResult`: the one place a
    /// scenario's status is decided.
    public func tally() -> StatusTally {
        var tally = countedTally
        tally.notRun += scenariosInNoStream.count
        for testCaseId in testCaseOrder {
            guard let result = scenarioResult(testCaseId: testCaseId) else { continue }
            for (status, count) in result.stepStatuses { tally.steps[status, default: 0] += count }
            guard result.started else {
                tally.notRun += 1
                tally.neverStarted.append(testCaseId)
                continue
            }
            tally.scenarios[result.status, default: 0] += 1
            if result.status != .passed { tally.notPassed.append(testCaseId) }
            if result.isFlaky { tally.flaky.append((result.location, result.pickle.name, result.attempt)) }
        }
        return tally
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
        result.earlierFailures = record.attempts.dropLast().map { attempt in
            let failing = attempt.results.compactMap { $0 }.first { ![.passed, .skipped].contains($0.status) }
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
