/// Decides what kind of line a token is, in the current dialect.
///
/// It holds the state that line rules need: the dialect (changed by a `# language:`
/// header) and the open doc string delimiter with the indentation to remove inside it.
struct TokenMatcher {
    private(set) var dialect: Dialect
    private var stepKeywords: [(keyword: String, type: StepKeywordType)]
    private var titleKeywords: [TokenType: [String]] = [:]
    private var activeDocStringSeparator: String?
    private var indentToRemove = 0

    init(dialect: Dialect) {
        self.dialect = dialect
        self.stepKeywords = dialect.stepKeywords
        self.titleKeywords = Self.titleKeywords(of: dialect)
    }

    private static func titleKeywords(of dialect: Dialect) -> [TokenType: [String]] {
        [
            .featureLine: dialect.feature,
            .ruleLine: dialect.rule,
            .backgroundLine: dialect.background,
            .scenarioLine: dialect.scenario + dialect.scenarioOutline,
            .examplesLine: dialect.examples,
        ]
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
            guard let keyword = titleKeywords[type]?.first(where: { line.startsWithTitle($0) }) else { return false }
            set(&token, type, text: line.rest(after: keyword + ":"), keyword: keyword, indent: line.indent)
        case .stepLine:
            guard let match = stepKeywords.first(where: { line.starts(with: $0.keyword) }) else { return false }
            set(&token, .stepLine, text: line.rest(after: match.keyword), keyword: match.keyword, indent: line.indent)
            token.keywordType = match.type
        case .docStringSeparator:
            return matchDocStringSeparator(&token, line)
        case .tableRow:
            guard line.starts(with: "|") else { return false }
            set(&token, .tableRow, items: LineItems.cells(of: line), indent: line.indent)
        case .language:
            guard let language = LanguageHeader.language(in: line.trimmed) else { return false }
            set(&token, .language, text: language, indent: line.indent)
            guard let dialect = Dialect.named(language) else {
                throw ParseError(message: "Language not supported: \(language)", location: token.location)
            }
            change(to: dialect)
            token.language = language
        case .other:
            var text = String(line.text(removingIndent: indentToRemove).trimmingLineEnd())
            if let separator = activeDocStringSeparator {
                let escaped = separator.map { "\\\($0)" }.joined()
                if text.contains(escaped) { text = text.replacing(escaped, with: separator) }
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
        stepKeywords = dialect.stepKeywords
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
