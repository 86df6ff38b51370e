/// Decides what kind of line a token is, in the current dialect.
///
/// It holds the state that line rules need: the dialect (changed by a `# language:`
/// header) and the open doc string delimiter with the indentation to remove inside it.
struct TokenMatcher {
    private(set) var dialect: Dialect
    private var stepKeywords: [(keyword: Keyword, type: StepKeywordType)]
    private var titleKeywords: TitleKeywords
    private var activeDocStringSeparator: String?
    private var indentToRemove = 0

    init(dialect: Dialect) {
        self.dialect = dialect
        self.stepKeywords = dialect.stepKeywords.map { (Keyword($0.keyword), $0.type) }
        self.titleKeywords = Self.titleKeywords(of: dialect)
    }

    /// Title keywords with their colon, by line type.
    struct TitleKeywords {
        /// Each keyword followed by its colon.
        let feature, rule, background, scenario, examples: [Keyword]

        subscript(type: TokenType) -> [Keyword] {
            switch type {
            case .featureLine: feature
            case .ruleLine: rule
            case .backgroundLine: background
            case .scenarioLine: scenario
            case .examplesLine: examples
            default: []
            }
        }
    }

    private static func titleKeywords(of dialect: Dialect) -> TitleKeywords {
        func colon(_ words: [String]) -> [Keyword] { words.map { Keyword($0 + ":") } }
        return TitleKeywords(
            feature: colon(dialect.feature), rule: colon(dialect.rule), background: colon(dialect.background),
            scenario: colon(dialect.scenario + dialect.scenarioOutline), examples: colon(dialect.examples))
    }

    /// Matches `token` against `type`, filling in what it found. Throws for lines that
    /// have that type but are malformed (an unknown language, a tag with whitespace).
    mutating func match(_ type: TokenType, _ token: inout Token) throws(ParseError) -> Bool {
        if type == .eof { return matchEOF(&token) }
        guard let line = token.line else { return false }
        switch type {
        case .eof: return false
        case .empty:
            guard line.isEmpty else { return false }
            set(&token, .empty, indent: 0)
        case .comment:
            guard line.starts(with: "#") else { return false }
            set(&token, .comment, text: String(line.text.trimmingLineEnd()), indent: 0)
        case .tagLine:
            guard line.starts(with: "@") else { return false }
            let tags = try LineItems.tags(of: line)
            set(&token, .tagLine, items: tags, indent: line.indent)
        case .featureLine, .ruleLine, .backgroundLine, .scenarioLine, .examplesLine:
            guard let keyword = titleKeywords[type].first(where: { line.starts(with: $0) }) else { return false }
            set(&token, type, text: line.rest(after: keyword.text), keyword: String(keyword.text.dropLast()), indent: line.indent)
        case .stepLine:
            guard let match = stepKeywords.first(where: { line.starts(with: $0.keyword) }) else { return false }
            set(&token, .stepLine, text: line.rest(after: match.keyword.text), keyword: match.keyword.text, indent: line.indent)
            token.keywordType = match.type
        case .docStringSeparator:
            return matchDocStringSeparator(&token, line)
        case .tableRow:
            guard line.starts(with: "|") else { return false }
            set(&token, .tableRow, items: LineItems.cells(of: line), indent: line.indent)
        case .language:
            guard let language = LanguageHeader.language(in: line) else { return false }
            set(&token, .language, text: language, indent: line.indent)
            guard let dialect = Dialect.named(language) else {
                throw ParseError(message: "Language not supported: \(language)", location: token.location)
            }
            change(to: dialect)
            token.language = language
        case .other:
            var text = String(line.text(removingIndent: indentToRemove).trimmingLineEnd())
            if let separator = activeDocStringSeparator, text.utf8.contains(UInt8(ascii: "\\")) {
                let escaped = separator == "```" ? "\\`\\`\\`" : "\\\"\\\"\\\""
                text = text.replacing(escaped, with: separator)
            }
            set(&token, .other, text: text, indent: 0)
        }
        return true
    }

    private mutating func matchEOF(_ token: inout Token) -> Bool {
        guard token.isEOF else { return false }
        token.type = .eof
        token.language = dialect.language
        return true
    }

    private mutating func matchDocStringSeparator(_ token: inout Token, _ line: GherkinLine) -> Bool {
        if let active = activeDocStringSeparator {
            guard line.starts(with: active) else { return false }
            activeDocStringSeparator = nil
            indentToRemove = 0
            set(&token, .docStringSeparator, text: "", keyword: active, indent: line.indent)
            return true
        }
        for separator in ["\"\"\"", "```"] where line.starts(with: separator) {
            activeDocStringSeparator = separator
            indentToRemove = line.indent
            set(&token, .docStringSeparator, text: line.rest(after: separator), keyword: separator, indent: line.indent)
            return true
        }
        return false
    }

    private mutating func change(to dialect: Dialect) {
        self.dialect = dialect
        stepKeywords = dialect.stepKeywords.map { (Keyword($0.keyword), $0.type) }
        titleKeywords = Self.titleKeywords(of: dialect)
    }

    private func set(
        _ token: inout Token, _ type: TokenType, text: String = "", keyword: String? = nil,
        items: [LineItem] = [], indent: Int
    ) {
        token.type = type
        token.text = text
        token.keyword = keyword
        token.items = items
        token.column = indent + 1
        token.language = dialect.language
    }
}
