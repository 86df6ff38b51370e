/// A dialect's keywords compiled for matching: every keyword's bytes in one buffer,
/// grouped by the line type they start, each group in the order it is tried.
struct KeywordTable: Sendable {
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
    /// What each step keyword says about its step (`.unknown` for title keywords).
    let stepTypes: [StepKeywordType]
    /// The keyword indices of each group.
    let groups: [Range<Int>]

    init(_ dialect: Dialect) {
        language = dialect.language
        var bytes: [UInt8] = []
        var starts: [Int] = [], ends: [Int] = [], texts: [String] = [], types: [StepKeywordType] = []
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
            switch group {
            case .feature: dialect.feature.forEach { add($0, match: $0 + ":", type: .unknown) }
            case .rule: dialect.rule.forEach { add($0, match: $0 + ":", type: .unknown) }
            case .background: dialect.background.forEach { add($0, match: $0 + ":", type: .unknown) }
            case .scenario: (dialect.scenario + dialect.scenarioOutline).forEach { add($0, match: $0 + ":", type: .unknown) }
            case .examples: dialect.examples.forEach { add($0, match: $0 + ":", type: .unknown) }
            case .step: dialect.stepKeywords.forEach { add($0.keyword, match: $0.keyword, type: $0.type) }
            }
            groups.append(first..<texts.count)
        }
        self.bytes = bytes
        self.starts = starts
        self.ends = ends
        self.texts = texts
        self.stepTypes = types
        self.groups = groups
    }

    /// Every built-in dialect, compiled once.
    static let all: [KeywordTable] = Dialect.languages.compactMap { Dialect.named($0).map(KeywordTable.init) }

    /// The index in `all` of a language's table.
    static let indices: [String: Int] = {
        var indices: [String: Int] = [:]
        for (index, table) in all.enumerated() { indices[table.language] = index }
        return indices
    }()
}
