import CucumberExpressions
import Foundation
import SpecsRunner

/// What the runner says of each step text: its definitions, its arguments, why it is refused.
extension LanguageServer {
    /// The definitions a step's text matches, remembered.
    func matches(_ text: String) -> [StepCatalog.Entry] {
        if let known = matchCache[ExactText(text)] { return known }
        if matchCache.count > 100_000 { matchCache.removeAll() }
        let found = catalog.matches(text)
        matchCache[ExactText(text)] = found
        return found
    }

    /// The arguments of the definition a step's text matches, remembered.
    func arguments(of text: String) -> [StepCatalog.ArgumentPlace] {
        if let known = argumentCache[text] { return known }
        if argumentCache.count > 100_000 { argumentCache.removeAll() }
        let found = catalog.arguments(of: text)
        argumentCache[text] = found
        return found
    }

    /// The definitions that could not be registered but whose expression matches `text`
    /// (an unknown parameter type read as any text).
    func brokenDefinitions(matching text: String) -> [DefinitionProblem] {
        brokenExpressions.filter { $0.expression.match(text) != nil }.map(\.problem)
    }

    /// What the runner says of step texts, each text asked once.
    var checks: StepChecks {
        StepChecks(
            matches: matches, broken: brokenDefinitions(matching:),
            refusal: { [unowned self] text, table, docString in
                let key = RefusalKey(text: ExactText(text), table: table, docString: docString)
                if let known = refusalCache[key] { return known }
                if refusalCache.count > 100_000 { refusalCache.removeAll() }
                let found = catalog.refusal(of: text, table: table, docString: docString)
                refusalCache[key] = .some(found)
                return found
            }, refusedRun: refusedRun,
            didYouMean: { [catalog, unbuiltSources, suggestions] in
                suggestions.note(for: $0) { Self.unbuiltNote($0, catalog, unbuiltSources) ?? catalog.didYouMean($0) }
            }
        )
    }

    /// That a text's definition is in a Swift file saved and not yet built, if it is.
    static func unbuiltNote(_ text: String, _ catalog: StepCatalog, _ sources: [DefinitionSource.Unbuilt]) -> String? {
        guard !sources.isEmpty else { return nil }
        let snippet = catalog.snippet(text: text, type: nil, table: false, docString: false)
        return DefinitionSource.unbuiltNote(snippet: snippet, in: sources)
    }

    /// What the runner says of step texts, for a check on a thread of its own: each text asked
    /// once within that check.
    static func checks(
        catalog: StepCatalog, broken: [(problem: DefinitionProblem, expression: CucumberExpression)],
        refusedRun: String?, unbuilt: [DefinitionSource.Unbuilt], suggestions: SuggestionMemo
    ) -> StepChecks {
        var matches: [ExactText: [StepCatalog.Entry]] = [:]
        var refusals: [RefusalKey: String?] = [:]
        return StepChecks(
            matches: { text in
                if let known = matches[ExactText(text)] { return known }
                let found = catalog.matches(text)
                matches[ExactText(text)] = found
                return found
            },
            broken: { text in broken.filter { $0.expression.match(text) != nil }.map(\.problem) },
            refusal: { text, table, docString in
                let key = RefusalKey(text: ExactText(text), table: table, docString: docString)
                if let known = refusals[key] { return known }
                let found = catalog.refusal(of: text, table: table, docString: docString)
                refusals[key] = .some(found)
                return found
            }, refusedRun: refusedRun,
            didYouMean: { suggestions.note(for: $0) { unbuiltNote($0, catalog, unbuilt) ?? catalog.didYouMean($0) } })
    }

    /// Why no scenario runs while definitions cannot be registered, as each feature file says it.
    var refusedRun: String? {
        guard let first = definitionProblems.first else { return nil }
        let others = definitionProblems.count > 1 ? " (and \(definitionProblems.count - 1) more)" : ""
        return "No scenario runs: a step definition cannot be registered\(others): \(first)"
    }
}
