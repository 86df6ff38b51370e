import Gherkin

/// Words that read as Gherkin header keywords: of a dialect, of other dialects, or near
/// one. The linter and the parse error messages both ask it.
package enum KeywordLookalike {
    /// The header keywords of a dialect (`Feature`, `Rule`, `Background`, `Scenario`, ...).
    package static func headers(of dialect: Dialect) -> [String] {
        dialect.feature + dialect.rule + dialect.background + dialect.scenario + dialect.scenarioOutline
            + dialect.examples
    }

    /// For an English header keyword, the keyword of the same kind in `dialect` nearest to it
    /// (`Scenario` in Spanish: `Escenario`); nil for a word that is no English header keyword.
    package static func native(ofEnglish word: String, in dialect: Dialect) -> String? {
        guard let english = Dialect.named("en") else { return nil }
        let kinds: [(Dialect) -> [String]] = [
            \.feature, \.rule, \.background, \.scenarioOutline, \.scenario, \.examples,
        ]
        guard let kind = kinds.first(where: { $0(english).contains(word) }) else { return nil }
        return kind(dialect).min { EditDistance.between(word, $0) < EditDistance.between(word, $1) }
    }

    /// A language (English first) whose header keywords include `word`, other than `language`.
    static func otherLanguage(of word: String, besides language: String) -> String? {
        let others = ["en"] + Dialect.languages.filter { $0 != "en" }
        for code in others where code != language {
            if let dialect = Dialect.named(code), headers(of: dialect).contains(word),
                !(Dialect.named(language).map(headers)?.contains(word) ?? false)
            {
                return code
            }
        }
        return nil
    }

    /// The keyword `word` is one or two edits away from, if any (case aside).
    static func nearest(_ word: String, among keywords: [String]) -> String? {
        let lower = word.lowercased()
        guard lower.count >= 4 else { return nil }
        return keywords.map { ($0, EditDistance.between(lower, $0.lowercased())) }.filter { $0.1 > 0 && $0.1 <= 2 }.min
        { $0.1 < $1.1 }?.0
    }
}
