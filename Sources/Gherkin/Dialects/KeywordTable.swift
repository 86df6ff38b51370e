/// A dialect's keywords compiled for matching: every keyword's bytes in one buffer,
/// grouped by the line type they start, each group in the order it is tried.
final class KeywordTable: Sendable {
    /// The groups of keywords, in `ranges` order.
    enum Group: Int, CaseIterable {
        case feature, rule, background, scenario, examples, step
    }

    let language: String
    /// What a line must start with: title keywords with their colon, step keywords as written.
    let bytes: [UInt8]
    let starts: [Int]
    let ends: [Int]
    /// The keyword as the AST gives it (title keywords without their colon).
    let texts: [String]
    /// The length in bytes of each keyword as the AST gives it: where it ends in the line.
    let textLengths: [Int]
    /// What each step keyword says about its step (`.unknown` for title keywords).
    let stepTypes: [StepKeywordType]
    /// The keyword indices of each group.
    let groups: [Range<Int>]

    init(_ dialect: Dialect) {
        language = dialect.language
        var bytes: [UInt8] = []
        var starts: [Int] = []
        var ends: [Int] = []
        var texts: [String] = []
        var types: [StepKeywordType] = []
        var groups: [Range<Int>] = []
        func add(_ text: String, match: String, type: StepKeywordType) {
            starts.append(bytes.count)
            bytes += Array(match.utf8)
            ends.append(bytes.count)
            texts.append(text)
            types.append(type)
        }
        for group in Group.allCases {
            let first = texts.count
            let headers: [String]
            switch group {
            case .feature: headers = dialect.feature
            case .rule: headers = dialect.rule
            case .background: headers = dialect.background
            case .scenario: headers = dialect.scenario + dialect.scenarioOutline
            case .examples: headers = dialect.examples
            case .step:
                headers = []
                for step in dialect.stepKeywords { add(step.keyword, match: step.keyword, type: step.type) }
            }
            for header in headers { add(header, match: header + ":", type: .unknown) }
            groups.append(first..<texts.count)
        }
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
        self.texts = texts
        self.textLengths = texts.map(\.utf8.count)
        self.stepTypes = types
        self.groups = groups
    }

    /// The built-in languages, in the order of their indices.
    private static let languages = Dialect.languages

    /// The index of each language's table; read through `index(of:)`.
    private static let indices: [String: Int] = {
        var indices: [String: Int] = [:]
        for (index, language) in languages.enumerated() { indices[language] = index }
        return indices
    }()

    private static let englishIndex = indices["en"]
    /// Every built-in dialect's table, in index order, compiled once.
    static let all = languages.compactMap { Dialect.named($0).map(KeywordTable.init) }

    /// The index of a language's table; English, the usual default language of every
    /// parse, without hashing its name.
    static func index(of language: String) -> Int? {
        language == "en" ? englishIndex : indices[language]
    }

    /// The table at an index `index(of:)` gave.
    static func table(at index: Int) -> KeywordTable { all[index] }
}
