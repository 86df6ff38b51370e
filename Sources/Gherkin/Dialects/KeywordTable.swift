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
    /// For each first byte of a line's content, the token types the line may be:
    /// the parser tries no other.
    let lineTypes: [TokenTypes]
    /// The keywords of each group that start with each byte, in the group's order:
    /// `bucketed[bucket(group * 256 + byte)]`.
    let bucketed: [Candidate]
    /// Where each bucket starts in `bucketed`; the next one's start is where it ends.
    private let bucketStarts: [Int32]

    /// A keyword a line may start with, and the bytes it must start with.
    struct Candidate: Sendable {
        let keyword: Int32
        let start: Int32
        let count: Int32
    }

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
        self.textLengths = texts.map(\.utf8.count)
        self.stepTypes = types
        self.groups = groups
        var bucketed: [Candidate] = [], bucketStarts: [Int32] = []
        for keywords in groups {
            let written = keywords.filter { starts[$0] < ends[$0] }
            for byte in 0..<256 {
                bucketStarts.append(Int32(bucketed.count))
                for keyword in written where bytes[starts[keyword]] == byte {
                    bucketed.append(Candidate(keyword: Int32(keyword), start: Int32(starts[keyword]), count: Int32(ends[keyword] - starts[keyword])))
                }
            }
        }
        bucketStarts.append(Int32(bucketed.count))
        // What the matcher reads: a bucket for every group and byte, the candidates of
        // every bucket, and every candidate's keyword and bytes.
        precondition(bucketStarts.count == Group.allCases.count * 256 + 1)
        precondition(bucketed.allSatisfy { Int($0.keyword) < texts.count && Int($0.start) + Int($0.count) <= bytes.count })
        self.bucketed = bucketed
        self.bucketStarts = bucketStarts
        lineTypes = (0...255).map { byte in Self.lineTypes(startingWith: byte, bucketStarts) }
    }

    /// The positions in `bucketed` of the keywords of a group (`group * 256 + byte`) that start with a byte.
    @inline(__always) func bucket(_ slot: Int) -> Range<Int> { Self.bucket(slot, bucketStarts) }

    @inline(__always) private static func bucket(_ slot: Int, _ starts: [Int32]) -> Range<Int> {
        Int(starts[slot])..<Int(starts[slot &+ 1])
    }

    /// The line type that each group's keywords start.
    private static let keywordLines: [(Group, TokenType)] = [
        (.feature, .featureLine), (.rule, .ruleLine), (.background, .backgroundLine),
        (.scenario, .scenarioLine), (.examples, .examplesLine), (.step, .stepLine),
    ]

    private static func lineTypes(startingWith byte: Int, _ bucketStarts: [Int32]) -> TokenTypes {
        var types = TokenTypes(.other)
        switch UInt8(byte) {
        case UInt8(ascii: "#"): types.insert(.comment); types.insert(.language)
        case UInt8(ascii: "@"): types.insert(.tagLine)
        case UInt8(ascii: "|"): types.insert(.tableRow)
        case UInt8(ascii: "\""), UInt8(ascii: "`"): types.insert(.docStringSeparator)
        default: break
        }
        for (group, type) in keywordLines where !bucket(group.rawValue * 256 + byte, bucketStarts).isEmpty {
            types.insert(type)
        }
        return types
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
    /// English, the usual language of every file, without a lookup.
    private static let english = englishIndex.flatMap(compiled)

    /// The index of a language's table; English, the usual default language of every
    /// parse, without hashing its name.
    static func index(of language: String) -> Int? {
        language == "en" ? englishIndex : indices[language]
    }

    /// The table at an index `index(of:)` gave.
    static func table(at index: Int) -> KeywordTable {
        if index == englishIndex, let english { return english }
        guard let table = compiled(index) else { preconditionFailure("no keyword table at \(index)") }
        return table
    }

    /// Every built-in dialect's table, in index order (each compiled if it was not yet).
    static var all: [KeywordTable] { languages.indices.map(table(at:)) }

    /// A built-in dialect's table (the generated `compiled(_:)` asks for each by its code).
    convenience init(builtIn language: String) {
        guard let dialect = Dialect.named(language) else { preconditionFailure("no built-in dialect \(language)") }
        self.init(dialect)
    }
}
