import Messages

/// Whether a run passed, and if not every reason, with its exit code: derived once from what
/// the run came to (`RunSummary.verdict` for a run, `RunVerdict(RunResult)` for saved
/// streams), with what only the command knows added to it. The closing lines of the
/// terminal (`VerdictText`), the exit code and `testRunFinished.success` are read from it.
package struct RunVerdict: Sendable {
    /// Something that makes the run fail, worded for the last lines of the output.
    package enum Problem: Sendable, Hashable {
        /// Step definitions or hooks that could not be registered: no scenario was run.
        case definitionErrors(count: Int)
        /// Feature files that do not parse or cannot be read, by `path:line`.
        case unparsableFiles([String])
        /// Paths given on the command line that could not be used.
        case unusablePaths([String])
        /// No scenario was selected; `hint` says why it may be.
        case nothingSelected(hint: String)
        /// Scenarios (final attempts) that did not pass, by status.
        case scenarios(TestStepResultStatus, count: Int)
        /// Run or worker hooks that failed, each worded (`RunHookFailure`).
        case runHookFailed([String])
        /// Scenarios below the coverage minimum, or links to tests that do not exist.
        case coverage(String)
        /// The run did not finish: scenarios never ended (a stream cut short).
        case incomplete(unfinished: Int)
        /// Step definitions that match no step (with `--fail-on-unused`), by place.
        case unusedDefinitions([String])
        /// Report files that could not be written (a full disk, an I/O error), by path.
        case reportsNotWritten([String])
        /// Worker processes could not be started, and why (`too many open files (limit 250)`):
        /// the scenarios they would have run were not run.
        case workersNotStarted(String)
        /// Saved streams that do not make one whole run: a shard missing or given twice,
        /// streams of different suites. Each worded.
        case notOneRun([String])
        /// Test cases whose pickle the stream lacks, named by their ids: the stream is not whole.
        case missingPickles([String])
        /// The run was stopped by a signal (`SIGINT`) before its end.
        case interrupted(signal: String)
        /// Scenarios that were planned and never started (a stream whose run stopped early).
        case notRun(count: Int)
        /// Scenarios whose attempts in a stream do not make one run of them to its end (ran
        /// twice, a retry that never came, a step without a result), by `path:line` and why.
        case unsound([String])
        /// The run's `testRunFinished` holds an exception: the run itself ended with an error.
        case runEndedWithError(String)
    }

    /// Scenarios by result.
    package var scenarios: [TestStepResultStatus: Int]
    /// Why the run did not pass; empty when it did.
    package var problems: [Problem]
    /// A `--dry-run`: steps were matched to their definitions, none was run.
    package var dryRun = false

    /// A verdict of these counts and problems.
    package init(scenarios: [TestStepResultStatus: Int], problems: [Problem]) {
        self.scenarios = scenarios
        self.problems = problems
    }

    /// Whether nothing went wrong.
    package var passed: Bool { problems.isEmpty }

    /// 0 passed; 2 a usage, parse or definition error; 1 anything else that failed.
    package var exitCode: Int32 {
        if passed { return 0 }
        for problem in problems {
            switch problem {
            case .definitionErrors, .unparsableFiles, .unusablePaths, .reportsNotWritten: return 2
            default: continue
            }
        }
        return 1
    }

    /// Adds the problems of the scenarios' statuses, in the order people fix them.
    package mutating func addScenarioProblems() {
        for status in TestStepResultStatus.worstFirst where status.failsRun {
            if let count = scenarios[status], count > 0 { add(.scenarios(status, count: count)) }
        }
    }

    /// Adds a problem in its place: the run's last lines list problems in one order, however
    /// they were found (what stopped the run, what could not be read, the scenarios, then
    /// what the command checked).
    package mutating func add(_ problem: Problem) {
        let rank = problem.rank
        let index = problems.lastIndex { $0.rank <= rank }.map { $0 + 1 } ?? 0
        problems.insert(problem, at: index)
    }
}

extension RunVerdict.Problem {
    /// Where the problem stands among the others.
    fileprivate var rank: Int {
        switch self {
        case .interrupted: 0
        case .definitionErrors: 1
        case .unparsableFiles: 2
        case .unusablePaths: 3
        case .nothingSelected: 4
        case .notOneRun: 5
        case .incomplete: 5
        case .missingPickles: 6
        case .scenarios: 7
        case .notRun: 7
        case .unsound: 7
        case .runEndedWithError: 9
        case .workersNotStarted: 8
        case .runHookFailed: 9
        case .coverage: 10
        case .unusedDefinitions: 11
        case .reportsNotWritten: 12
        }
    }
}
