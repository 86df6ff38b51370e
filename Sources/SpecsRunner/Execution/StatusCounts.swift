import Messages

/// Scenarios (final attempts) and their steps by status: the one tally of a run. The runner
/// keeps it as each test case's status arrives, decided once where the test case ran (in
/// process, or in its worker, which reports it on its done line); the ledger keeps it for the
/// streams it reads. Both list it in one order, `TestStepResultStatus.worstFirst`.
public struct StatusCounts: Sendable, Equatable {
    /// Scenarios (final attempts) by status.
    public var scenarios: [TestStepResultStatus: Int] = [:]
    /// Steps (of final attempts, hooks aside) by status.
    public var steps: [TestStepResultStatus: Int] = [:]

    /// No scenario and no step.
    public init() {}

    /// Counts a test case's final status and the statuses of its steps.
    public mutating func record(_ status: TestStepResultStatus, steps stepStatuses: [TestStepResultStatus: Int]) {
        scenarios[status, default: 0] += 1
        recordSteps(stepStatuses)
    }

    /// Counts the steps of a test case that did not run (each one skipped), not the test case.
    public mutating func recordSteps(_ stepStatuses: [TestStepResultStatus: Int]) {
        for (step, count) in stepStatuses { steps[step, default: 0] += count }
    }

    /// How many scenarios ran, whatever their result.
    public var scenarioCount: Int { scenarios.values.reduce(0, +) }

}

/// A tally kept in `StatusCounts` (the runner's summary, the ledger's): its scenarios and
/// steps by status are read and written there.
package protocol StatusTallied {
    var counts: StatusCounts { get set }
}

extension StatusTallied {
    /// Scenarios (final attempts) by status.
    package var scenarios: [TestStepResultStatus: Int] {
        get { counts.scenarios }
        set { counts.scenarios = newValue }
    }
    /// Steps (of final attempts) by status.
    package var steps: [TestStepResultStatus: Int] {
        get { counts.steps }
        set { counts.steps = newValue }
    }
}
