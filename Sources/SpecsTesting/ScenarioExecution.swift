import Gherkin
import Messages
import SpecsReporting
import SpecsRunner

/// Runs one pickle of a feature file in process, with a fresh world, and words what
/// did not pass: the command-line runner's verdict, one scenario at a time.
struct ScenarioExecution<World: AnyObject>: Sendable {
    let registry: StepRegistry<World>

    struct Outcome: Sendable {
        var issues: [ScenarioIssue] = []
        /// Set when the scenario was skipped (a step threw `Skipped`) and nothing failed.
        var skippedReason: String?
    }

    func run(_ file: ScenarioTests.FeatureFile, line: Int) async -> Outcome {
        var outcome = Outcome()
        if case .failure(let error) = TagSelection.fromEnvironment() {
            outcome.issues.append(ScenarioIssue(message: error.message, place: file.place(line: line, column: nil)))
        }
        // A definition that could not be registered stops every scenario, as it stops the
        // command-line run (as a compile error would): a step it was meant for would read as
        // undefined, and the scenario's test, run alone (`--filter`, Xcode), would hide why.
        guard registry.problems.isEmpty else {
            let problems = registry.problems.map { "\n  \($0)" }.joined()
            outcome.issues.append(
                ScenarioIssue(
                    message: "\(file.path):\(line): the scenario does not run: step definitions could not be "
                        + "registered (as `specs` runs nothing then):\(problems)",
                    place: file.place(line: line, column: nil)))
            return outcome
        }
        let parsed = await ParsedFeatures.shared.parse(file)
        guard parsed.errors.isEmpty else {
            outcome.issues += FeatureProblems.issues(in: file)
            return outcome
        }
        // A generated test names its scenario or example row by that pickle's own line: exactly
        // that pickle runs, and a line that is no pickle's any more is a stale test.
        let pickles = parsed.pickles.filter { $0.location.line == line }
        let feature = LoadedFeature(source: parsed.source, document: parsed.document, pickles: pickles, errors: [])
        guard !pickles.isEmpty else {
            outcome.issues.append(
                ScenarioIssue(
                    message:
                        "\(file.path):\(line): no scenario or example row is at this line any more; build again to regenerate the tests",
                    place: file.place(line: line, column: nil)))
            return outcome
        }
        var options = RunOptions()
        options.runsRunHooks = false
        // specs.json's timeout, as a run of `specs` takes it.
        if let timeout = TagSelection.stepTimeout { options.stepTimeout = timeout }
        let ledger = RunLedger()
        _ = await Runner(registry: registry, options: options).run([feature], to: ledger)
        guard let result = ledger.scenarioResults.first else {
            outcome.issues.append(
                ScenarioIssue(
                    message: "\(file.path):\(line): the scenario did not run",
                    place: file.place(line: line, column: nil)))
            return outcome
        }
        outcome.issues += result.steps.compactMap { StepIssue.issue(for: $0, in: result, file: file) }
        if outcome.issues.isEmpty, result.status == .skipped {
            let reason = result.steps.lazy.compactMap { $0.status == .skipped ? $0.result?.message : nil }.first
            outcome.skippedReason = reason ?? "skipped"
        }
        return outcome
    }
}
