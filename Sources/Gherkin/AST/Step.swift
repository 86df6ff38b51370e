/// What a step keyword says about its step.
public enum StepKeywordType: String, Sendable, Hashable, Codable, BitwiseCopyable {
    case unknown = "Unknown"
    case context = "Context"
    case action = "Action"
    case outcome = "Outcome"
    case conjunction = "Conjunction"
}

/// A step as written: its keyword (with trailing space where the language has one),
/// its text and its optional arguments.
public struct Step: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: StepRecord { storage.nodes.steps[index] }

    public var location: Location { record.position.location }
    public var keyword: String { storage.string(record.keyword) }
    public var keywordType: StepKeywordType? { record.keywordType }
    public var text: String { storage.string(record.text) }
    public var docString: DocString? {
        let index = record.docString
        return index < 0 ? nil : DocString(storage: storage, index: Int(index))
    }
    public var dataTable: DataTable? {
        let rows = record.table
        return rows.isEmpty ? nil : DataTable(storage: storage, rows: rows)
    }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Step {
        PlainAst.Step(
            location: location, keyword: keyword, keywordType: keywordType, text: text, docString: docString?.plain,
            dataTable: dataTable?.plain, id: id)
    }
}

extension Step: Hashable, Encodable {
    public static func == (lhs: Step, rhs: Step) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
