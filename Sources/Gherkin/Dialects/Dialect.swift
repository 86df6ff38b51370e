/// The keywords of one spoken language, as listed in the official keyword table.
public struct Dialect: Sendable, Hashable {
    public let language: String
    public let name: String
    public let native: String
    public let feature: [String]
    public let rule: [String]
    public let background: [String]
    public let scenario: [String]
    public let scenarioOutline: [String]
    public let examples: [String]
    public let given: [String]
    public let when: [String]
    public let then: [String]
    public let and: [String]
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
