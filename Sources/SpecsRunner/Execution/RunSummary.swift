import Messages

/// What a run came to.
public struct RunSummary: Sendable {
    /// Scenarios (final attempts) by status.
    public var scenarios: [TestStepResultStatus: Int] = [:]
    /// Steps (of final attempts) by status.
    public var steps: [TestStepResultStatus: Int] = [:]
    /// Files that could not be read or parsed, and definitions that could not be used.
    public var parseErrors = 0
    public var definitionProblems = 0
    /// How many scenarios (pickles) the run selected, whether or not they ran.
    public var selected = 0
    /// Why the run stopped early (`SIGINT`), if it did.
    public var interrupted: String?
    /// Whether a run-level hook failed.
    public var hookFailed = false
    /// Why worker processes could not be started (`too many open files (limit 250)`), if
    /// they could not: the test cases they would have run are not run.
    public var workersNotStarted: String?

    public var scenarioCount: Int { scenarios.values.reduce(0, +) }

    /// Counts a test case's final status and the statuses of its steps.
    mutating func record(_ status: TestStepResultStatus, steps stepStatuses: [TestStepResultStatus: Int]) {
        scenarios[status, default: 0] += 1
        for (step, count) in stepStatuses { steps[step, default: 0] += count }
    }

    /// Whether every scenario passed (or was skipped) and every hook too.
    public var passed: Bool {
        !hookFailed && workersNotStarted == nil && interrupted == nil && !scenarios.keys.contains(where: \.failsRun)
    }

    /// 0 when everything passed, 1 when a scenario failed, 2 for a parse or definition error.
    public var exitCode: Int32 {
        if parseErrors > 0 || definitionProblems > 0 { return 2 }
        return passed ? 0 : 1
    }
}
