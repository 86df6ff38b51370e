import Locking
import Testing

/// What keeps a target's scenario tests from passing as a whole, found by its `Features`
/// suite before its first scenario (fewer tests discovered than generated, a tag selection
/// that selects none, a before-all hook that failed), kept for the tests to tell: Swift
/// Testing's xUnit report leaves out an issue recorded on a suite, so the suite's check test
/// records them (`checkSuite`) and, after a failed before-all hook, each scenario test fails
/// saying it did not run. The suite records them itself only when its check test is not in
/// the run (`swift test --filter` of one scenario).
struct SuiteProblems: Sendable {
    /// By target: the problems found before its first scenario.
    private(set) var problems: [String: [String]] = [:]
    /// By target: why its before-all hooks failed.
    private(set) var beforeAllFailures: [String: [String]] = [:]
    /// The targets whose check test the run includes.
    private(set) var checked: Set<String> = []

    static let shared = Locked(SuiteProblems())

    mutating func include(checkOf module: String) { checked.insert(module) }
    mutating func set(_ found: [String], of module: String) { problems[module] = found }
    mutating func set(beforeAllFailures failures: [String], of module: String) { beforeAllFailures[module] = failures }
}

extension ScenarioTests {
    /// Records what keeps `module`'s scenario tests from passing as a whole (see
    /// `SuiteProblems`), as the issues of the check test that calls it, at the call (the
    /// generated suite, whose comment says what it checks; not a file of this library).
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func checkSuite(module: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let state = SuiteProblems.shared.withLock { $0 }
        for problem in (state.problems[module] ?? []) + (state.beforeAllFailures[module] ?? []) {
            Issue.record(Comment(rawValue: problem), sourceLocation: sourceLocation)
        }
    }
}

extension Trait where Self == ConditionTrait {
    /// The trait of a target's check test (`ScenarioTests.checkSuite`): evaluating it tells the
    /// target's suite that the test is in the run, so that the suite leaves the problems to it.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func suiteCheck(module: String) -> Self {
        .enabled {
            SuiteProblems.shared.withLock { $0.include(checkOf: module) }
            return true
        }
    }
}
