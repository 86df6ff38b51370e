import Messages
import SpecsRunner

/// What a run came to, read once from its ledger when the run (or the stream) has ended:
/// the closing lines of every terminal format, and the verdict and exit code of `specs`
/// and `specs report`, all read this one value.
package struct RunResult: Sendable {
    /// Scenarios and steps by status, the scenarios that did not pass, those never run.
    package let tally: RunLedger.StatusTally
    /// Test cases that started and never finished (a worker lost, a stream cut short).
    package let unfinished: [String]
    /// Files that do not parse or cannot be read, by `path:line`.
    package let unparsable: [String]
    /// How many test cases the run planned.
    package let testCases: Int
    /// Whether the stream's `testRunFinished` was seen, and what it said.
    package let runFinished: TestRunFinished?
    /// The run's wall time, from its `testRunStarted` to its `testRunFinished`, in nanoseconds.
    package let duration: Int?
    /// The shards of a merge, each with its own time (empty for one run).
    package let shardTimes: [RunLedger.ShardTime]
    /// The run and worker hooks that failed, each worded once.
    package let failedRunHooks: [String]
    /// Test cases whose pickle the stream lacks (a stream not whole): their scenario
    /// cannot be named or counted.
    package let withoutPickle: [(testCase: String, pickle: String)]
    /// Scenarios of the suite that no stream of a merge holds, by `path:line`.
    package let inNoStream: [String]
    /// Scenarios a merge's dry-run stream holds (matched, never run), by `path:line`.
    package let onlyMatched: [String]
}

extension RunVerdict {
    /// The verdict a run's result gives on its own: the scenarios' problems, and what the
    /// stream shows (files that do not parse, nothing planned, a run that did not finish,
    /// a failed run hook). The command adds what only it knows.
    package init(_ result: RunResult) {
        self.init(scenarios: result.tally.scenarios, problems: [])
        if !result.unparsable.isEmpty { add(.unparsableFiles(result.unparsable)) }
        // A failed before-all hook plans nothing: the hook is the reason.
        if result.testCases == 0 && result.failedRunHooks.isEmpty {
            add(.nothingSelected(hint: "the streams hold no test case"))
        }
        if result.runFinished == nil || !result.unfinished.isEmpty {
            add(.incomplete(unfinished: result.unfinished.count))
        }
        if !result.withoutPickle.isEmpty {
            add(.missingPickles(result.withoutPickle.map { "test case \($0.testCase) (pickle \($0.pickle))" }))
        }
        addScenarioProblems()
        if !result.tally.unsound.isEmpty { add(.unsound(result.tally.unsound)) }
        if let exception = result.runFinished?.exception {
            add(.runEndedWithError(exception.message ?? exception.type))
        }
        if !result.tally.neverStarted.isEmpty { add(.notRun(count: result.tally.neverStarted.count)) }
        if !result.failedRunHooks.isEmpty { add(.runHookFailed(result.failedRunHooks)) }
    }
}
