import SpecsRunner
import Testing

/// Scenarios as Swift Testing tests. The `ScenarioTests` build plugin generates one
/// test per scenario and per example row of a test target's `.feature` files; each
/// runs its pickle with the step registry the target names once:
///
///     import SpecsTesting
///     import CartSteps
///
///     extension ScenarioTests {
///         static let registry = CartSteps.registry()
///     }
///
/// A failing, undefined, ambiguous or pending step is an issue recorded at the
/// feature file's line; a skipped scenario is a cancelled test; the scenario's tags
/// select it through `SPECS_TAGS` (`SPECS_TAGS='@smoke and not @wip' swift test`).
public enum ScenarioTests {
    /// The environment variable holding the tag expression that selects scenarios.
    public static let tagsVariable = "SPECS_TAGS"
    /// The profile of `specs.json` whose tags select the scenario tests when `SPECS_TAGS` is unset.
    public static let profileVariable = "SPECS_PROFILE"

    /// Runs the scenario (or example row) at `line` of `file` with a fresh world and
    /// records what did not pass as issues at the feature file's lines.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func run<World>(_ registry: StepRegistry<World>, _ file: FeatureFile, line: Int) async throws {
        // After a failed before-all hook nothing runs, and each scenario says so.
        if let failures = SuiteProblems.shared.withLock({ $0.beforeAllFailures[file.module] }), !failures.isEmpty {
            record(
                ScenarioIssue(
                    message: "\(file.path):\(line): the scenario did not run: "
                        + failures.joined(separator: "; "),
                    place: file.place(line: line, column: nil)))
            return
        }
        let outcome = await ScenarioExecution(registry: registry).run(file, line: line)
        for issue in outcome.issues { record(issue) }
        if outcome.issues.isEmpty, let reason = outcome.skippedReason { try skip(reason) }
    }

    /// Whether `SPECS_TAGS` selects a scenario with these tags: true when it is unset
    /// (or does not parse: the scenario then runs and fails, saying why).
    package static func isSelected(tags: [String]) -> Bool {
        guard case .success(let expression) = TagSelection.fromEnvironment() else { return true }
        return expression?.evaluate(tags) ?? true
    }

    /// Records every step definition or hook that could not be registered, at its Swift line.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func checkDefinitions<World>(of registry: StepRegistry<World>) {
        for problem in registry.problems {
            record(
                ScenarioIssue(
                    message: "\(problem.location.place): step definition error: \(problem.message)",
                    place: .code(file: problem.location.file, line: problem.location.line)))
        }
    }

    /// Records why a feature file cannot be run: it does not parse, or cannot be read.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func reportProblems(_ file: FeatureFile) {
        for issue in FeatureProblems.issues(in: file) { record(issue) }
    }

    /// Records that a target using the plugin has no feature files: no scenarios is not a pass.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func reportNoFeatureFiles(module: String) {
        record(
            ScenarioIssue(
                message: "\(module) has no .feature files: put them in the test target (a Features folder, "
                    + "or a link to the package's Features/ such as `ln -s ../../Features Tests/\(module)/Features`)",
                place: nil))
    }

    static func record(_ issue: ScenarioIssue) {
        switch issue.place {
        case .feature(let file, let line, let column):
            Issue.record(
                Comment(rawValue: issue.message), sourceLocation: file.sourceLocation(line: line, column: column))
        case .code(let file, let line):
            // A #fileID is `Module/File.swift`: the folder a Swift file sits in is its module's.
            let fileID = file.split(separator: "/").suffix(2).joined(separator: "/")
            Issue.record(
                Comment(rawValue: issue.message),
                sourceLocation: SourceLocation(
                    fileID: fileID.contains("/") ? fileID : "Module/" + fileID, filePath: file, line: max(1, line),
                    column: 1))
        case nil:
            Issue.record(Comment(rawValue: issue.message))
        }
    }

    private static func skip(_ reason: String) throws {
        #if compiler(>=6.3)
            try Test.cancel(Comment(rawValue: reason))
        #endif
    }
}

extension ScenarioTests.FeatureFile.Key {
    /// A place in the feature file as Swift Testing shows it: `CartTests/Features/cart.feature:6:5`.
    func sourceLocation(line: Int, column: Int) -> SourceLocation {
        SourceLocation(
            fileID: "\(module)/\(path)", filePath: absolutePath, line: max(1, line), column: max(1, column))
    }
}
