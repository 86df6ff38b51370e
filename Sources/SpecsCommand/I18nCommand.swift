import Gherkin

/// `--i18n-languages` and `--i18n-keywords <language>`.
enum I18nCommand {
    static func languages() -> String {
        Dialect.languages.compactMap(Dialect.named).map { dialect in
            dialect.language.padding(to: 10) + dialect.name.padding(to: 24) + dialect.native
        }.joined(separator: "\n") + "\n"
    }

    static func keywords(_ language: String) -> String? {
        guard let dialect = Dialect.named(language) else { return nil }
        let rows: [(String, [String])] = [
            ("feature", dialect.feature), ("background", dialect.background), ("rule", dialect.rule),
            ("scenario", dialect.scenario), ("scenarioOutline", dialect.scenarioOutline),
            ("examples", dialect.examples),
            ("given", dialect.given), ("when", dialect.when), ("then", dialect.then), ("and", dialect.and),
            ("but", dialect.but),
        ]
        return rows.map { name, words in
            name.padding(to: 18) + words.map { "\"\($0)\"" }.joined(separator: ", ")
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
