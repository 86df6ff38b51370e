import SpecsRunner

/// What the runner says of step texts, as the editor's diagnostics need it: the definitions
/// a text matches, those that would match but cannot be registered, why a step is refused
/// before it runs, and why no scenario runs at all.
struct StepChecks {
    var matches: (String) -> [StepCatalog.Entry]
    var broken: (String) -> [DefinitionProblem] = { _ in [] }
    /// Why the runner refuses a text with (or without) a table or doc string before it runs.
    var refusal: (String, _ table: Bool, _ docString: Bool) -> String? = { _, _, _ in nil }
    /// Set when definitions cannot be registered: the runner then runs no scenario at all.
    var refusedRun: String?
    /// The runner's "did you mean" for an undefined text: the nearest definitions, if any.
    var didYouMean: (String) -> String? = { _ in nil }
    /// Whether the steps are this runner's to check (not another package's).
    var checksSteps = true
}

/// The diagnostics of one step: undefined, ambiguous, or refused by the runner before it
/// runs, each covering the step's keyword and text.
enum StepDiagnostics {
    /// The codes of the diagnostics it makes.
    static let codes: Set<String> = ["undefined", "ambiguous", "arguments"]

    static func of(_ step: FeatureAnalysis.StepSite, checks: StepChecks) -> [[String: Any]] {
        var undefined: [String] = []
        var ambiguous: [(String, [StepCatalog.Entry])] = []
        var refused: (String, String)?
        for text in step.texts {
            let found = checks.matches(text)
            if found.isEmpty {
                if !undefined.contains(text) { undefined.append(text) }
            } else if found.count > 1 {
                ambiguous.append((text, found))
            } else if refused == nil, let why = checks.refusal(text, step.table, step.docString) {
                refused = (text, why)
            }
        }
        var result: [[String: Any]] = []
        // In UTF-16, as the protocol counts.
        let length = step.length
        if let text = undefined.first {
            // A definition that would match but cannot be registered is named where it is used.
            let unusable = checks.broken(text).first
            result.append(
                FeatureAnalysis.diagnostic(
                    line: step.line, column: step.column, length: length, severity: unusable == nil ? 2 : 1,
                    code: "undefined",
                    message: undefinedMessage(text, unusable: unusable) + otherRows(undefined)
                        + (checks.didYouMean(text).map { "\n" + $0 } ?? ""),
                    data: [
                        "text": text, "type": step.type?.rawValue ?? "", "table": step.table,
                        "docString": step.docString,
                    ]))
        }
        if let (text, found) = ambiguous.first {
            let listing = found.map { "'\($0.expression)' at \($0.location)" }.joined(separator: ", ")
            result.append(
                FeatureAnalysis.diagnostic(
                    line: step.line, column: step.column, length: length, severity: 1, code: "ambiguous",
                    message: "Ambiguous step: '\(text)' matches \(listing)"))
        }
        if let (text, why) = refused {
            let which = step.texts.count > 1 ? " ('\(text)')" : ""
            result.append(
                FeatureAnalysis.diagnostic(
                    line: step.line, column: step.column, length: length, severity: 1, code: "arguments",
                    message: "The runner refuses this step\(which): \(why)"))
        }
        return result
    }

    /// An outline's step undefined in several example rows is one diagnostic at the step: it
    /// names the other rows' texts too (the first few), so that defining the first does not
    /// hide the rest.
    private static func otherRows(_ undefined: [String]) -> String {
        guard undefined.count > 1 else { return "" }
        let others = undefined.dropFirst()
        let shown = others.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
        let more = others.count > 3 ? " and \(others.count - 3) more" : ""
        let rows = others.count == 1 ? "another example row" : "\(others.count) other example rows"
        return " (nor in \(rows): \(shown)\(more))"
    }

    /// What an undefined step's diagnostic says.
    static func undefinedMessage(_ text: String, unusable: DefinitionProblem?) -> String {
        let because =
            unusable.map {
                ": the definition '\($0.expression)' at \($0.location) would, but it cannot be registered: \($0.message)"
            } ?? ""
        return "Undefined step: no step definition matches '\(text)'\(because)"
    }
}
