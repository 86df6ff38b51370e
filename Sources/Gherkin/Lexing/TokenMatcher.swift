/// Decides what kind of line a token is, in the current dialect, and turns the text
/// of matched tokens into strings when the AST asks for it.
///
/// It holds the state that line rules need: the dialect (changed by a `# language:`
/// header) and the open doc string delimiter with the indentation to remove inside it.
struct TokenMatcher {
    let source: SourceBytes
    private(set) var dialect: Int
    private var keywords: KeywordTable
    private var activeDelimiter = Token.noKeyword
    private var indentToRemove = 0
    /// The tags and cells of matched lines; tokens refer to them by range.
    private(set) var items: [LineItem] = []
    /// The text of cells with escapes, unescaped.
    private var unescaped: [String] = []

    init(source: SourceBytes, dialect: Int) {
        self.source = source
        self.dialect = dialect
        self.keywords = KeywordTable.table(at: dialect)
    }

    /// Matches `token` against `type`, filling in what it found. Throws for lines that
    /// have that type but are malformed (an unknown language, a tag with whitespace).
    mutating func match(_ type: TokenType, _ token: inout Token) throws(ParseError) -> Bool {
        if token.isEOF {
            guard type == .eof else { return false }
            token.type = .eof
            token.dialect = dialect
            return true
        }
        let line = token.line
        switch type {
        case .eof: return false
        case .empty:
            guard line.isEmpty else { return false }
            set(&token, .empty, indent: 0)
        case .comment:
            guard firstByte(line) == UInt8(ascii: "#") else { return false }
            set(&token, .comment, text: line.start..<source.trimLineEnd(line.start..<line.end), indent: 0)
        case .tagLine:
            guard firstByte(line) == UInt8(ascii: "@") else { return false }
            let first = items.count
            try LineItems.tags(of: line, in: source, into: &items)
            set(&token, .tagLine, indent: line.indent)
            token.items = first..<items.count
        case .featureLine: return matchTitle(.feature, type, &token)
        case .ruleLine: return matchTitle(.rule, type, &token)
        case .backgroundLine: return matchTitle(.background, type, &token)
        case .scenarioLine: return matchTitle(.scenario, type, &token)
        case .examplesLine: return matchTitle(.examples, type, &token)
        case .stepLine:
            guard let keyword = keyword(in: .step, at: line) else { return false }
            set(
                &token, .stepLine, text: rest(of: line, after: keywords.ends[keyword] - keywords.starts[keyword]),
                keyword: keyword, indent: line.indent)
            token.keywordType = keywords.stepTypes[keyword]
        case .docStringSeparator:
            return matchDocStringSeparator(&token)
        case .tableRow:
            guard firstByte(line) == UInt8(ascii: "|") else { return false }
            let first = items.count
            LineItems.cells(of: line, in: source, into: &items, unescaped: &unescaped)
            set(&token, .tableRow, indent: line.indent)
            token.items = first..<items.count
        case .language:
            guard let name = LanguageHeader.language(in: line, source: source) else { return false }
            set(&token, .language, text: name, indent: line.indent)
            let language = source.string(name)
            guard let index = KeywordTable.index(of: language) else {
                throw ParseError(message: "Language not supported: \(language)", location: token.location)
            }
            dialect = index
            keywords = KeywordTable.table(at: index)
            token.dialect = index
        case .other:
            var start = line.contentStart
            if indentToRemove <= line.indent {
                if line.contentStart - line.start == line.indent {
                    // Indentation of one-byte scalars (spaces, tabs): a scalar is a byte.
                    start = line.start + indentToRemove
                } else {
                    start = line.start
                    for _ in 0..<indentToRemove { start += source.whitespaceLength(at: start, limit: line.end) }
                }
            }
            let text = start..<source.trimLineEnd(start..<line.end)
            set(&token, .other, text: text, indent: 0)
            if activeDelimiter != Token.noKeyword, source.contains(UInt8(ascii: "\\"), in: text) {
                token.unescapeDelimiter = activeDelimiter
            }
        }
        return true
    }

    /// The token types the token may be: a superset of those `match` accepts.
    func candidates(_ token: Token) -> TokenTypes {
        if token.isEOF { return .endOfSource }
        return token.line.isEmpty ? .blankLine : .nonBlankLine
    }

    @inline(__always) private func firstByte(_ line: Line) -> UInt8? {
        line.contentStart < line.end ? source[line.contentStart] : nil
    }

    /// The first keyword of `group` the line starts with.
    private func keyword(in group: KeywordTable.Group, at line: Line) -> Int? {
        let start = line.contentStart
        let available = line.end - start
        guard available > 0 else { return nil }
        for keyword in keywords.groups[group.rawValue] where keywords.starts[keyword] < keywords.ends[keyword] {
            if source.hasPrefix(
                keywords.bytes, keywords.starts[keyword]..<keywords.ends[keyword], at: start, end: line.end)
            {
                return keyword
            }
        }
        return nil
    }

    private mutating func matchTitle(_ group: KeywordTable.Group, _ type: TokenType, _ token: inout Token) -> Bool {
        let line = token.line
        guard let keyword = keyword(in: group, at: line) else { return false }
        set(
            &token, type, text: rest(of: line, after: keywords.ends[keyword] - keywords.starts[keyword]),
            keyword: keyword, indent: line.indent)
        return true
    }

    /// The line after its first `length` content bytes, without surrounding whitespace.
    @inline(__always) private func rest(of line: Line, after length: Int) -> Range<Int> {
        source.trim(line.contentStart + length..<line.end).0
    }

    private static let delimiters: [UInt8] = Array("\"\"\"```".utf8)

    private static func delimiterRange(_ delimiter: Int) -> Range<Int> {
        delimiter == Token.quotesDelimiter ? 0..<3 : 3..<6
    }

    private mutating func matchDocStringSeparator(_ token: inout Token) -> Bool {
        let line = token.line
        if activeDelimiter != Token.noKeyword {
            guard
                source.hasPrefix(
                    Self.delimiters, Self.delimiterRange(activeDelimiter), at: line.contentStart, end: line.end)
            else {
                return false
            }
            set(&token, .docStringSeparator, keyword: activeDelimiter, indent: line.indent)
            activeDelimiter = Token.noKeyword
            indentToRemove = 0
            return true
        }
        for delimiter in [Token.quotesDelimiter, Token.backticksDelimiter]
        where source.hasPrefix(Self.delimiters, Self.delimiterRange(delimiter), at: line.contentStart, end: line.end) {
            activeDelimiter = delimiter
            indentToRemove = line.indent
            set(&token, .docStringSeparator, text: rest(of: line, after: 3), keyword: delimiter, indent: line.indent)
            return true
        }
        return false
    }

    private func set(
        _ token: inout Token, _ type: TokenType, text: Range<Int> = 0..<0, keyword: Int = Token.noKeyword, indent: Int
    ) {
        token.type = type
        token.text = text
        token.keyword = keyword
        token.items = 0..<0
        token.column = indent + 1
        token.dialect = dialect
    }

    // MARK: Text for the AST

    func string(_ range: Range<Int>) -> String { source.string(range) }

    /// The token's text, unescaping an escaped delimiter inside a doc string.
    func text(_ token: Token) -> String {
        guard token.unescapeDelimiter != Token.noKeyword else { return source.string(token.text) }
        var bytes: [UInt8] = []
        appendText(token, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Lines joined with line feeds: one piece of the source when each starts just past
    /// the line feed that ends the one before (no carriage return, no indentation
    /// dropped, nothing unescaped); else a copy.
    func joined(_ lines: some Collection<Token>) -> String {
        guard let first = lines.first else { return "" }
        var previousEnd: Int?
        var inPlace = true
        for line in lines {
            if line.unescapeDelimiter != Token.noKeyword || previousEnd.map({ line.text.lowerBound != $0 + 1 }) == true
            {
                inPlace = false
                break
            }
            previousEnd = line.text.upperBound
        }
        if inPlace, let previousEnd { return source.string(first.text.lowerBound..<previousEnd) }
        var bytes: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { bytes.append(0x0A) }
            appendText(line, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the token's text, unescaping an escaped delimiter inside a doc string.
    private func appendText(_ token: Token, to bytes: inout [UInt8]) {
        guard token.unescapeDelimiter != Token.noKeyword else {
            bytes.append(contentsOf: source.base[token.text])
            return
        }
        let mark = Self.delimiters[Self.delimiterRange(token.unescapeDelimiter).lowerBound]
        var index = token.text.lowerBound
        let end = token.text.upperBound
        while index < end {
            if index + 6 <= end, source[index] == UInt8(ascii: "\\"), source[index + 1] == mark,
                source[index + 2] == UInt8(ascii: "\\"), source[index + 3] == mark,
                source[index + 4] == UInt8(ascii: "\\"), source[index + 5] == mark
            {
                bytes.append(contentsOf: [mark, mark, mark])
                index += 6
            } else {
                bytes.append(source[index])
                index += 1
            }
        }
    }

    /// Whether the token's text is only whitespace.
    func isBlank(_ token: Token) -> Bool { source.trim(token.text).0.isEmpty }

    /// The token's keyword as written: a line starts with its dialect keyword byte for
    /// byte (a title keyword then has its colon, left out here), or with its doc string
    /// delimiter.
    func keyword(_ token: Token) -> String {
        let start = token.line.contentStart
        switch token.keyword {
        case Token.noKeyword: return ""
        case Token.quotesDelimiter, Token.backticksDelimiter: return source.string(start..<start + 3)
        default: return source.string(start..<start + KeywordTable.table(at: token.dialect).textLengths[token.keyword])
        }
    }

    func language(_ token: Token) -> String { KeywordTable.table(at: token.dialect).language }

    /// A cell's value, unescaped.
    func value(_ item: LineItem) -> String {
        item.unescaped.map { unescaped[$0] } ?? source.string(item.range)
    }

    /// A tag's name with its `@`, even when whitespace separates them in the source.
    func tagName(_ item: LineItem) -> String {
        let start = item.range.lowerBound
        if start > 0 && source[start - 1] == UInt8(ascii: "@") {
            return source.string(start - 1..<item.range.upperBound)
        }
        return "@" + source.string(item.range)
    }

    /// The line as quoted in an "unexpected token" message.
    func valueForError(_ token: Token) -> String {
        guard !token.isEOF else { return "EOF" }
        return source.string(source.trim(token.line.contentStart..<token.line.end).0)
    }
}
