import Messages

/// What a run came to, as the runner knows it: the scenarios' and steps' statuses and the
/// run's own problems. Its verdict (`verdict`) is the one the run's last lines and exit code
/// start from.
package struct RunSummary: Sendable, StatusTallied {
    /// Scenarios and steps by status, as each test case's status arrived (`record`).
    package var counts = StatusCounts()
    /// The files that do not parse, each by `path:line` of its first error.
    package var unparsable: [String] = []
    /// Step definitions and hooks that could not be registered.
    package var definitionProblems = 0
    /// How many scenarios (pickles) the run selected, whether or not they ran (of a shard,
    /// its share).
    package var selected = 0
    /// How many test cases the run planned (told): those that never ended were not run.
    package var planned = 0
    /// The scenarios of the files read, selected or not, and whether lines selected among them.
    package var loaded = 0
    /// Whether `file.feature:LINE` arguments chose among them.
    package var selectedByLine = false
    /// The scenarios the whole suite selected, every shard's.
    package var suite = SuiteFingerprint()
    /// Of a sharded run, the lines of the scenarios the whole suite selected, by file.
    package var suitePlaces: [String: [Int]] = [:]
    /// Why the run stopped early (`SIGINT`), if it did.
    package var interrupted: String?
    /// The run and worker hooks that failed, each worded once (`RunHookFailure`).
    package var failedHooks: [String] = []
    /// Why worker processes could not be started (`too many open files (limit 250)`), if
    /// they could not: the test cases they would have run are not run.
    package var workersNotStarted: String?
    /// Why fewer worker processes ran than `--parallel` asked for, when the system refused the
    /// rest (`too many open files`): the run went on with those that started, and said so.
    package var fewerWorkers: String?
    /// Worker processes that ended while they ran no scenario (work a step left running
    /// crashed or called `exit()` between two scenarios or after the last), each worded: the
    /// code under test failed though every scenario passed.
    package var workersLost: [String] = []

    /// How many scenarios ran, whatever their result.
    package var scenarioCount: Int { counts.scenarioCount }

    /// Counts a test case's final status and the statuses of its steps, as the process that
    /// ran it decided them (this one, or its worker): nothing here decides them again.
    mutating func record(_ status: TestStepResultStatus, steps stepStatuses: [TestStepResultStatus: Int]) {
        counts.record(status, steps: stepStatuses)
    }

    /// The run's verdict as the runner knows it: an interruption, definitions that could
    /// not be registered, files that do not parse, workers that could not start, the
    /// scenarios' statuses, a failed run hook.
    package var verdict: RunVerdict {
        var verdict = RunVerdict(scenarios: scenarios, problems: [])
        if let signal = interrupted { verdict.add(.interrupted(signal: signal)) }
        if definitionProblems > 0 { verdict.add(.definitionErrors(count: definitionProblems)) }
        if !unparsable.isEmpty { verdict.add(.unparsableFiles(unparsable)) }
        if let reason = workersNotStarted { verdict.add(.workersNotStarted(reason)) }
        verdict.addScenarioProblems()
        // Test cases planned and never ended (a stop, a failed hook, workers gone), as a
        // report of the run's stream counts them; definitions refused say no scenario ran.
        if planned > scenarioCount, definitionProblems == 0 {
            verdict.add(.notRun(count: planned - scenarioCount))
        }
        if !failedHooks.isEmpty { verdict.add(.runHookFailed(failedHooks)) }
        if let lost = workersLostWords { verdict.add(.runEndedWithError(lost)) }
        return verdict
    }

    /// The workers lost outside any scenario, in one text: what the run's `testRunFinished`
    /// carries as its exception, so that a report of its stream fails alike.
    package var workersLostWords: String? { workersLost.isEmpty ? nil : workersLost.joined(separator: "; ") }

    /// Whether every scenario passed (or was skipped) and every hook too.
    package var passed: Bool { verdict.passed }

    /// 0 when everything passed, 1 when a scenario failed, 2 for a parse or definition error.
    package var exitCode: Int32 { verdict.exitCode }
}
