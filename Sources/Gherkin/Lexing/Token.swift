/// The kinds of line the grammar knows, named as in `gherkin.berp`.
public enum TokenType: String, Sendable, CaseIterable {
    /// The end of the file.
    case eof = "EOF"
    /// A blank line.
    case empty = "Empty"
    /// A `#` comment line.
    case comment = "Comment"
    /// A line of tags.
    case tagLine = "TagLine"
    /// A `Feature:` line.
    case featureLine = "FeatureLine"
    /// A `Rule:` line.
    case ruleLine = "RuleLine"
    /// A `Background:` line.
    case backgroundLine = "BackgroundLine"
    /// A `Scenario:` or `Scenario Outline:` line.
    case scenarioLine = "ScenarioLine"
    /// An `Examples:` line.
    case examplesLine = "ExamplesLine"
    /// A step.
    case stepLine = "StepLine"
    /// A doc string's delimiter.
    case docStringSeparator = "DocStringSeparator"
    /// A table row.
    case tableRow = "TableRow"
    /// A `# language:` header.
    case language = "Language"
    /// Any other line: a description's, or a doc string's.
    case other = "Other"
}

/// A set of token types, one bit each.
struct TokenTypes {
    private(set) var bits: UInt16 = 0

    init(_ types: TokenType...) { for type in types { insert(type) } }

    /// What the end of the source, a blank line and any other line may be (kept, not built per line).
    static let endOfSource = TokenTypes(.eof), blankLine = TokenTypes(.empty, .other)
    static let nonBlankLine = TokenTypes(
        .comment, .language, .tagLine, .featureLine, .ruleLine, .backgroundLine, .scenarioLine, .examplesLine,
        .stepLine,
        .docStringSeparator, .tableRow, .other)

    mutating func insert(_ type: TokenType) { bits |= Self.bit(type) }

    func contains(_ type: TokenType) -> Bool { bits & Self.bit(type) != 0 }

    private static func bit(_ type: TokenType) -> UInt16 {
        switch type {
        case .eof: 1 << 0
        case .empty: 1 << 1
        case .comment: 1 << 2
        case .tagLine: 1 << 3
        case .featureLine: 1 << 4
        case .ruleLine: 1 << 5
        case .backgroundLine: 1 << 6
        case .scenarioLine: 1 << 7
        case .examplesLine: 1 << 8
        case .stepLine: 1 << 9
        case .docStringSeparator: 1 << 10
        case .tableRow: 1 << 11
        case .language: 1 << 12
        case .other: 1 << 13
        }
    }
}

/// One physical line of the source, as byte offsets; its indentation in Unicode scalars.
struct Line {
    let number: Int
    /// The first byte of the line.
    let start: Int
    /// Just past the line's last byte, its line feed excluded.
    let end: Int
    /// The first byte that is not whitespace (`end` for a blank line).
    let contentStart: Int
    /// Leading whitespace, in scalars.
    let indent: Int

    /// Whether the line holds only whitespace.
    var isEmpty: Bool { contentStart == end }
}

/// A piece of a line with its column: a tag or a table cell. Its text is a byte range
/// of the source, or an unescaped string kept by the matcher.
struct LineItem {
    private(set) var column: Int
    private(set) var range: Range<Int>
    /// The index of the unescaped text, or -1.
    private var unescapedIndex: Int

    init(column: Int, range: Range<Int>, unescaped: Int?) {
        self.column = column
        self.range = range
        self.unescapedIndex = unescaped ?? -1
    }

    /// The index of the unescaped text, for a cell with escapes.
    var unescaped: Int? { unescapedIndex < 0 ? nil : unescapedIndex }
}

/// A line once matched: its type, and where its keyword, text and items are.
/// A plain value: text is made into strings only when the AST keeps it.
struct Token {
    /// Keyword values that are not indices into a keyword table.
    static let noKeyword = -1, quotesDelimiter = -2, backticksDelimiter = -3

    let line: Line
    var text = 0..<0
    var items = 0..<0
    /// The column, 0 when there is none.
    private var storedColumn = 0
    /// An index into the dialect's `KeywordTable`, or one of the delimiter values.
    var keyword = Token.noKeyword
    /// The `KeywordTable.index(of:)` of the dialect the line was matched in.
    var dialect = 0
    let isEOF: Bool
    var type: TokenType = .other
    var keywordType: StepKeywordType?
    /// The delimiter whose escaped form is unescaped in `text` (inside a doc string).
    var unescapeDelimiter = Token.noKeyword

    init(line: Line, isEOF: Bool = false) {
        self.line = line
        self.isEOF = isEOF
    }

    var column: Int? {
        get { storedColumn == 0 ? nil : storedColumn }
        set { storedColumn = newValue ?? 0 }
    }

    /// Whether a line rule has matched the token (its type is then what it matched).
    var isMatched: Bool { storedColumn != 0 }

    var lineNumber: Int { line.number }
    var location: Location { Location(line: line.number, column: column) }
}
