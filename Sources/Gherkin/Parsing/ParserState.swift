/// A position in the grammar. States at the same position inside a feature and inside
/// a rule differ only in what may follow them, so they carry the `Level`.
enum ParserState: Hashable, Sendable {
    enum Level: Hashable, Sendable { case feature, rule }
    enum Section: Hashable, Sendable { case background, scenario }
    /// Where a step is in its arguments: `DataTable DocString?` or `DocString DataTable?`.
    enum Argument: Hashable, Sendable { case none, table, tableDocOpen, tableDocClosed, docOpen, docClosed, docTable }

    case start, afterLanguage, featureTags, ruleTags, finished
    case header(Level)
    case headerDescription(Level)
    case background(Level)
    case backgroundDescription(Level)
    case scenarioTags(Level)
    case scenario(Level)
    case scenarioDescription(Level)
    case step(Level, Section, Argument)
    case examplesTags(Level)
    case examples(Level)
    case examplesDescription(Level)
    case examplesTable(Level)
}

/// What the parser looks ahead for to decide whose tags a tag line is.
enum Lookahead: Sendable { case scenario, examples }

/// One way out of a state: the token that takes it, the rules it closes (up to
/// `closeTo`) and opens, and the state it leads to.
struct Transition: Sendable {
    let token: TokenType
    var lookahead: Lookahead?
    var closeTo: RuleType?
    var open: [RuleType] = []
    let next: ParserState
}
