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
        let fileLimit = fileGrowthLimit(sourceSize: sourceSize)
        var growth = 0
        for scenario in outlines(of: feature) {
            let texts = texts(of: scenario)
            for examples in scenario.examples {
                guard let header = examples.tableHeader else { continue }
                for row in examples.tableBody {
                    let interpolation = Interpolation(names: header.cells, values: row.cells)
                    for (text, what) in texts {
                        switch interpolation.expand(text) {
                        case .unchanged: continue
                        case .expanded(let bytes): growth += bytes.count - text.utf8.count
                        case .tooLong: return tooLong(what, at: row.location)
                        }
                        if growth > fileLimit { return fileTooLong(fileLimit, at: row.location) }
                    }
                }
            }
        }
        return nil
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
