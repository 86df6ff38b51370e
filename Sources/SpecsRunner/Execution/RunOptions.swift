import TagExpressions

/// How a run selects, orders and executes its scenarios.
public struct RunOptions: Sendable {
    /// The order scenarios run in.
    public enum Order: Sendable, Hashable {
        case defined
        case reverse
        case random(seed: UInt64)
    }

    /// Only scenarios whose tags match.
    public var tags: TagExpression = .always
    /// Only scenarios whose name matches one of these regular expressions.
    public var names: [String] = []
    /// Match steps without running them: every matched step is skipped.
    public var dryRun = false
    /// Stop starting scenarios after the first failure.
    public var failFast = false
    /// Run a failed scenario up to this many more times.
    public var retry = 0
    public var order: Order = .defined
    /// How many scenarios run at once.
    public var parallel = 1
    /// A step (or hook) still running after this many seconds fails.
    public var stepTimeout: Double = 60
    /// This run's share of the scenarios: `index` in 1...`count`.
    public var shard: (index: Int, count: Int)?
    /// Whether the run's before-all and after-all hooks run with it. A host that runs
    /// scenarios one at a time (a generated test) turns this off and runs them once
    /// around all of its scenarios with `Runner.runHooks(_:)`.
    public var runsRunHooks = true
    /// Whether step definitions or hooks that could not be registered stop the run
    /// before any scenario, as a compile error would (the command line's choice). When
    /// false, as in Cucumber, steps whose definition is broken are undefined.
    public var refusesBrokenDefinitions = false

    public init() {}
}
