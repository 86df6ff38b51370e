import Messages
import SpecsRunner

/// The last lines of a run: `PASSED` and what passed, or `FAILED` and every reason,
/// in words that need no colour to be read.
package enum VerdictText {
    package static func render(_ verdict: RunVerdict, palette: Palette) -> String {
        guard !verdict.passed else {
            let count = verdict.scenarios.values.reduce(0, +)
            let skipped = verdict.scenarios[.skipped] ?? 0
            let passed = count - skipped
            if verdict.dryRun {
                let scenarios = "\(count) scenario\(count == 1 ? "" : "s")"
                return palette.paint(
                    "PASSED: dry run of \(scenarios), every step has one definition (nothing was run)", .green) + "\n"
            }
            var text = "PASSED: \(passed) scenario\(passed == 1 ? "" : "s") passed"
            if skipped > 0 { text += ", \(skipped) skipped" }
            return palette.paint(text, .green) + "\n"
        }
        var lines = [palette.paint("FAILED:", .red)]
        for problem in verdict.problems { lines.append("  - " + TerminalText.escape(sentence(problem))) }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A problem in one sentence, as the last lines, the book and JUnit say it.
    package static func sentence(_ problem: RunVerdict.Problem) -> String {
        switch problem {
        case .definitionErrors(let count):
            return "\(unregistered(count)) could not be registered (see the errors above), so no scenario was run"
        case .unparsableFiles(let places):
            return "\(plural(places.count, "feature file does", "feature files do")) not parse: " + list(places)
        case .unusablePaths(let paths):
            return "\(plural(paths.count, "path", "paths")) could not be used: " + list(paths)
        case .nothingSelected(let hint):
            return "no scenario was selected" + (hint.isEmpty ? "" : ": " + hint)
        case .scenarios(let status, let count):
            let verb = count == 1 ? "is" : "are"
            switch status {
            case .failed: return "\(plural(count, "scenario", "scenarios")) failed"
            case .undefined:
                return "\(plural(count, "scenario", "scenarios")) \(verb) undefined (a step has no definition)"
            case .ambiguous:
                return "\(plural(count, "scenario", "scenarios")) \(verb) ambiguous (a step has several definitions)"
            case .pending: return "\(plural(count, "scenario", "scenarios")) \(verb) pending"
            default: return "\(plural(count, "scenario", "scenarios")) \(status.rawValue.lowercased())"
            }
        case .runHookFailed(let hooks):
            guard hooks.count > 1 else { return "the run's hook " + (hooks.first ?? "failed") }
            return "\(hooks.count) of the run's hooks failed: " + hooks.joined(separator: "; ")
        case .coverage(let text):
            return text
        case .unusedDefinitions(let places):
            return "\(plural(places.count, "step definition matches", "step definitions match")) no step: "
                + list(places)
        case .reportsNotWritten(let paths):
            return "\(plural(paths.count, "report", "reports")) could not be written (see the errors above): "
                + list(paths)
        case .interrupted(let signal):
            return "the run was interrupted (\(signal)): the scenarios that had not finished are failed or not run"
        case .incomplete(let unfinished):
            guard unfinished > 0 else { return "the run is incomplete: its stream ends before the run finished" }
            return "the run is incomplete: \(plural(unfinished, "scenario", "scenarios")) never finished"
        case .notOneRun(let problems):
            return "the streams are not one whole run: " + problems.joined(separator: "; ")
        case .runEndedWithError(let message):
            return "the run ended with an error: \(message)"
        case .unsound(let places):
            return "the stream does not show \(places.count == 1 ? "a scenario" : "scenarios") run once to its end: "
                + places.joined(separator: "; ")
        case .notRun(let count):
            return "\(plural(count, "scenario was", "scenarios were")) planned and never run"
        case .workersNotStarted(let reason):
            return "worker processes could not be started (\(reason)), so the scenarios left were not run "
                + "(--in-process runs them without worker processes)"
        case .missingPickles(let testCases):
            return "the stream is not whole: \(plural(testCases.count, "test case has", "test cases have")) no pickle, "
                + "so \(testCases.count == 1 ? "its scenario" : "their scenarios") cannot be named or counted: "
                + list(testCases)
        }
    }

    /// `count` definitions that could not be registered, as the last lines and a merge name them.
    static func unregistered(_ count: Int) -> String {
        plural(count, "step definition, hook or parameter type", "step definitions, hooks or parameter types")
    }

    private static func plural(_ count: Int, _ one: String, _ many: String) -> String {
        "\(count) \(count == 1 ? one : many)"
    }

    private static func list(_ items: [String]) -> String {
        items.count <= 5
            ? items.joined(separator: ", ") : items.prefix(5).joined(separator: ", ") + " and \(items.count - 5) more"
    }
}
