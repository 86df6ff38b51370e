/// The kinds of line the grammar knows, named as in `gherkin.berp`.
public enum TokenType: String, Sendable, CaseIterable {
    case eof = "EOF"
    case empty = "Empty"
    case comment = "Comment"
    case tagLine = "TagLine"
    case featureLine = "FeatureLine"
    case ruleLine = "RuleLine"
    case backgroundLine = "BackgroundLine"
    case scenarioLine = "ScenarioLine"
    case examplesLine = "ExamplesLine"
    case stepLine = "StepLine"
    case docStringSeparator = "DocStringSeparator"
    case tableRow = "TableRow"
    case language = "Language"
    case other = "Other"
}

/// A piece of a line with its column: a tag or a table cell.
struct LineItem {
    let column: Int
    let text: String
}

/// A line once matched: its type, keyword, text and items.
struct Token {
    let line: GherkinLine?
    let lineNumber: Int
    var type: TokenType = .other
    var keyword: String?
    var keywordType: StepKeywordType?
    var text: String = ""
    var items: [LineItem] = []
    var column: Int?
    var language: String = "en"

    var isEOF: Bool { line == nil }
    var location: Location { Location(line: lineNumber, column: column) }

    /// The text quoted in an "unexpected token" message.
    var valueForError: String {
        guard let line else { return "EOF" }
        return String(line.trimmed.trimmingWhitespace())
    }
}
