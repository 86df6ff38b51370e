/// The keywords of one spoken language, as listed in the official keyword table.
public struct Dialect: Sendable, Hashable {
    /// The code of `# language:` (`en`, `es`, `pt-BR`).
    public let language: String
    /// The language's name in English.
    public let name: String
    /// The language's name in itself.
    public let native: String
    /// The keywords of `Feature`.
    public let feature: [String]
    /// The keywords of `Rule`.
    public let rule: [String]
    /// The keywords of `Background`.
    public let background: [String]
    /// The keywords of `Scenario` (and `Example`).
    public let scenario: [String]
    /// The keywords of `Scenario Outline` (and `Scenario Template`).
    public let scenarioOutline: [String]
    /// The keywords of `Examples`.
    public let examples: [String]
    /// The keywords of `Given`, each with its trailing space (`* ` included).
    public let given: [String]
    /// The keywords of `When`, each with its trailing space.
    public let when: [String]
    /// The keywords of `Then`, each with its trailing space.
    public let then: [String]
    /// The keywords of `And`, each with its trailing space.
    public let and: [String]
    /// The keywords of `But`, each with its trailing space.
    public let but: [String]

    /// The dialect for a language code (`en`, `es`, `fr`, `em`, ...), or nil when unknown.
    public static func named(_ language: String) -> Dialect? { builtIn[language] }

    /// Every language code, sorted.
    public static var languages: [String] { builtIn.keys.sorted() }

    /// Step keywords, longest first, each with what it says about its step.
    var stepKeywords: [(keyword: String, type: StepKeywordType)] {
        var types: [String: [StepKeywordType]] = [:]
        var ordered: [String] = []
        func add(_ keywords: [String], _ type: StepKeywordType) {
            for keyword in keywords {
                if types[keyword] == nil { ordered.append(keyword) }
                types[keyword, default: []].append(type)
            }
        }
        add(given, .context)
        add(when, .action)
        add(then, .outcome)
        add(and, .conjunction)
        add(but, .conjunction)
        let all = given + when + then + and + but
        // Longest first; equal lengths keep table order (a stable sort, as the reference does).
        let sorted = all.enumerated().sorted { lhs, rhs in
            let l = lhs.element.unicodeScalars.count
            let r = rhs.element.unicodeScalars.count
            return l != r ? l > r : lhs.offset < rhs.offset
        }.map(\.element)
        return sorted.map { keyword in
            let found = types[keyword] ?? []
            return (keyword, found.count == 1 ? found[0] : .unknown)
        }
    }
}
