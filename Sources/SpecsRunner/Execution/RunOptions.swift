import TagExpressions

/// How a run selects, orders and executes its scenarios.
package struct RunOptions: Sendable {
    /// The order scenarios run in.
    package enum Order: Sendable, Hashable {
        /// In the order of the files and of the scenarios in them.
        case defined
        /// The last scenario first.
        case reverse
        /// Shuffled by `seed`: the same seed gives the same order.
        case random(seed: UInt64)
    }

    /// Only scenarios whose tags match.
    package var tags: TagExpression = .always
    /// `tags` as the user wrote it, for reports that say what selected a run.
    package var tagsAsWritten: String?
    /// Only scenarios whose name matches one of these regular expressions.
    package var names: [String] = []
    /// Match steps without running them: every matched step is skipped.
    package var dryRun = false
    /// Whether unused step definitions fail the run (`--fail-on-unused`): a shard records it
    /// in its metadata for the merge, which judges them.
    package var failOnUnused = false
    /// Stop starting scenarios after the first failure.
    package var failFast = false
    /// Run a failed scenario up to this many more times.
    package var retry = 0
    /// The order scenarios start in.
    package var order: Order = .defined
    /// How many scenarios run at once.
    package var parallel = 1
    /// A step (or hook) still running after this many seconds fails.
    package var stepTimeout: Double = 60
    /// This run's share of the scenarios: `index` in 1...`count`.
    package var shard: (index: Int, count: Int)?
    /// How long each scenario took in an earlier run, in nanoseconds, by `path:line` (of the
    /// scenario or example row): shards are then balanced by expected time, not by count.
    package var shardDurations: [String: Int] = [:]
    /// Whether the run's before-all and after-all hooks run with it. A host that runs
    /// scenarios one at a time (a generated test) turns this off and runs them once
    /// around all of its scenarios with `Runner.runHooks(_:)`.
    package var runsRunHooks = true
    /// Whether what the run's own hooks print goes to standard error (after it is attached to
    /// them): standard output carries a report (`--format message`), which it would corrupt.
    package var runHookOutputToStandardError = false
    /// Whether step definitions or hooks that could not be registered stop the run
    /// before any scenario, as a compile error would (the command line's choice). When
    /// false, as in Cucumber, steps whose definition is broken are undefined.
    package var refusesBrokenDefinitions = false
    /// Where scenarios run: in this process, or each in a worker process of this
    /// executable that a crash, an `exit()` or a step that blocks cannot take down.
    package var isolation: Isolation = .inProcess
    /// Set in a worker process, which ends itself after a step that did not stop when
    /// cancelled: the step's message says so.
    package var abandonedStepEndsProcess = false
    /// Tells the run to stop early (on a signal); it still ends its stream.
    package var interruption: RunInterruption?

    /// Where scenarios run.
    package enum Isolation: Sendable, Hashable {
        /// In this process, as tasks.
        case inProcess
        /// `executable` run with `arguments` serves as a worker (see `Runner.serveAsWorker`).
        case workers(executable: String, arguments: [String])
    }

    /// Every scenario, in order, one at a time, in this process, steps timed out after 60 s.
    package init() {}
}

extension RunOptions {
    /// The step timeout in nanoseconds (a millisecond at least): what the executor and the
    /// watchdog count against.
    var stepTimeoutNanoseconds: UInt64 { UInt64(max(0.001, stepTimeout) * 1_000_000_000) }

    /// How long a step that timed out is given to stop once cancelled before it is
    /// abandoned: half a second at least, its timeout up to five seconds.
    var cancellationGrace: Double { max(0.5, min(stepTimeout, 5)) }

    /// How long a worker's step may run by its stream before the worker is ended: the step's
    /// timeout, the grace the worker gives a cancelled step, and a margin of two seconds.
    var workerStepLimitNanoseconds: UInt64 { UInt64((stepTimeout + cancellationGrace + 2) * 1_000_000_000) }
}

extension RunOptions {
    /// The options that select scenarios as a user reads them: `--tags '...'` (or where else the
    /// tags come from, `tagsOrigin`) and the `--name '...'` options together; empty when neither selects.
    package static func selectionWords(
        tags: TagExpression, tagsAsWritten: String? = nil, tagsOrigin: String = "--tags", names: [String]
    ) -> [String] {
        var words: [String] = []
        if tags != .always { words.append("\(tagsOrigin) '\(shortened(tagsAsWritten ?? "\(tags)"))'") }
        if !names.isEmpty { words.append(names.map { "--name '\($0)'" }.joined(separator: " ")) }
        return words
    }

    /// `text` whole when it is short; else its start and how long it is, so that a message
    /// quoting an expression of thousands of terms stays a line.
    static func shortened(_ text: String, to length: Int = 120) -> String {
        guard text.count > length else { return text }
        return text.prefix(length) + "… (\(text.count) characters)"
    }

    /// The options that select a suite's scenarios, as the suite's fingerprint takes them.
    var selectionDescription: [String] {
        ["tags=\(tags)"] + names.map { "name=\($0)" }
    }
}
