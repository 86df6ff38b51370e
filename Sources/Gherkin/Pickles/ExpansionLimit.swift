/// The bound on what outline placeholders may add to a file's pickles. A value may hold
/// another column's placeholder, which a later column fills in again (as the reference
/// compilers do), so a few bytes of examples can ask for an exponentially long text:
/// `| <a1><a1> | <a2><a2> | … |` doubles the text at every column. The parser reports
/// the example row that passes the bound, at its place, and no pickle is compiled.
///
/// A row may make any one text (a scenario name, a step, a doc string or its media type,
/// a table cell) at most `Interpolation.growthLimit` (1 MiB) longer than written, and all
/// the rows of a file together may add at most `fileGrowthLimit(sourceSize:)` bytes, so
/// that the pickles of a file take memory in proportion to what it asks for.
enum ExpansionLimit {
    /// The most a file's rows may add to its pickles' texts in all: 64 MiB, or 16 times
    /// the source for a larger one.
    static func fileGrowthLimit(sourceSize: Int) -> Int { max(64 << 20, 16 * sourceSize) }

    /// The error at the first example row of `feature` that passes the bound, if any.
    static func firstError(in feature: Feature, sourceSize: Int) -> ParseError? {
        var budget = Budget(limit: fileGrowthLimit(sourceSize: sourceSize))
        for scenario in outlines(of: feature) {
            let texts = texts(of: scenario)
            let strings = texts.map(\.0)
            let opens = strings.map { $0.utf8.count(where: { $0 == Placeholders.open }) }
            let (allOpens, mostOpens) = (opens.reduce(0, +), opens.max() ?? 0)
            if allOpens == 0 { continue }
            for examples in scenario.examples {
                guard let header = examples.tableHeader else { continue }
                let placeholders = Placeholders(header.cells)
                for row in examples.tableBody {
                    let interpolation = Interpolation(placeholders, values: row.cells)
                    // Values without brackets under plain names fill each `<` at most once.
                    if placeholders.plainNames, let widest = widestPlainValue(row.cells),
                        mostOpens * widest <= Interpolation.growthLimit,
                        budget.fits(allOpens * widest)
                    {
                        budget.defer(Budget.Row(interpolation: interpolation, texts: strings, bound: allOpens * widest))
                        continue
                    }
                    for (text, what) in texts {
                        guard let growth = growth(of: text, interpolation) else {
                            return tooLong(what, at: row.location)
                        }
                        if !budget.spend(growth) { return fileTooLong(budget.limit, at: row.location) }
                    }
                }
            }
        }
        return nil
    }

    /// How much longer `interpolation` makes `text`; nil past the limit.
    fileprivate static func growth(of text: String, _ interpolation: Interpolation) -> Int? {
        switch interpolation.expand(text) {
        case .unchanged: 0
        case .expanded(let bytes): bytes.count - text.utf8.count
        case .tooLong: nil
        }
    }

    /// The longest value of `cells` in UTF-8 bytes; nil when one holds a `<` or `>`.
    private static func widestPlainValue(_ cells: [TableCell]) -> Int? {
        var widest = 0
        for cell in cells {
            if cell.value.utf8.contains(where: Placeholders.isBracket) { return nil }
            widest = max(widest, cell.value.utf8.count)
        }
        return widest
    }

    private static func outlines(of feature: Feature) -> [Scenario] {
        feature.scenariosWithRules.map(\.scenario).filter { !$0.examples.isEmpty }
    }

    /// Every text of `scenario` a row fills in, with how to name it in a message.
    private static func texts(of scenario: Scenario) -> [(String, () -> String)] {
        var texts: [(String, () -> String)] = [(scenario.name, { "the scenario's name" })]
        for step in scenario.steps {
            let name = { "the step '\(step.keyword)\(shortened(step.text))'" }
            texts.append((step.text, name))
            if let doc = step.docString {
                texts.append((doc.content, { "the doc string of \(name())" }))
                if let mediaType = doc.mediaType {
                    texts.append((mediaType, { "the doc string's media type of \(name())" }))
                }
            }
            for cell in step.dataTable?.rows.flatMap(\.cells) ?? [] {
                texts.append((cell.value, { "a table cell of \(name())" }))
            }
        }
        return texts
    }

    private static func shortened(_ text: String) -> String {
        text.count <= 60 ? text : text.prefix(60) + "…"
    }

    private static let reason =
        "values that hold placeholders are filled in again by the columns after them"

    private static func tooLong(_ what: () -> String, at location: Location) -> ParseError {
        ParseError(
            message:
                "this example row makes \(what()) more than \(Interpolation.growthLimit) bytes (1 MiB) longer than "
                + "written: \(reason)",
            location: location)
    }

    private static func fileTooLong(_ limit: Int, at location: Location) -> ParseError {
        ParseError(
            message:
                "the example rows up to this one make this file's pickles more than \(limit) bytes longer than "
                + "their outlines as written: \(reason)",
            location: location)
    }
}

/// What a file's rows have added so far: exactly for the rows expanded, at most a bound
/// for the rows whose values cannot grow a text much, expanded only when the sum of the
/// bounds comes near the limit (each row at most once).
private struct Budget {
    /// A row counted at its bound.
    struct Row {
        let interpolation: Interpolation
        let texts: [String]
        let bound: Int
    }

    let limit: Int
    private var spent = 0
    private var deferred: [Row] = []

    init(limit: Int) { self.limit = limit }

    /// Whether `bound` more fits, once the deferred rows are counted exactly if need be.
    mutating func fits(_ bound: Int) -> Bool {
        if spent + bound <= limit { return true }
        settle()
        return spent + bound <= limit
    }

    /// Counts `row` at its bound for now.
    mutating func `defer`(_ row: Row) {
        deferred.append(row)
        spent += row.bound
    }

    /// Adds `growth`; false once the file is past the limit.
    mutating func spend(_ growth: Int) -> Bool {
        spent += growth
        if spent <= limit { return true }
        settle()
        return spent <= limit
    }

    /// Counts the deferred rows exactly: their bounds kept every text within its limit.
    private mutating func settle() {
        for row in deferred {
            let exact = row.texts.reduce(0) { $0 + (ExpansionLimit.growth(of: $1, row.interpolation) ?? 0) }
            spent += exact - row.bound
        }
        deferred = []
    }
}
