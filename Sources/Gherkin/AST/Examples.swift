/// An examples block of a scenario outline.
public struct Examples: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: ExamplesRecord { storage.nodes.examples[index] }

    public var location: Location { record.header.position.location }
    public var tags: [Tag] { Tag.list(storage, record.tags) }
    public var keyword: String { storage.string(record.header.keyword) }
    public var name: String { storage.string(record.header.name) }
    public var description: String { storage.string(record.header.description) }
    public var tableHeader: TableRow? {
        let rows = record.rows
        return rows.isEmpty ? nil : TableRow(storage: storage, index: Int(rows.start))
    }
    public var tableBody: [TableRow] {
        let rows = record.rows
        return rows.isEmpty ? [] : (Int(rows.start) + 1..<Int(rows.end)).map { TableRow(storage: storage, index: $0) }
    }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Examples {
        PlainAst.Examples(
            location: location, tags: tags.map(\.plain), keyword: keyword, name: name, description: description,
            tableHeader: tableHeader?.plain, tableBody: tableBody.map(\.plain), id: id)
    }
}

extension Examples: Hashable, Encodable {
    public static func == (lhs: Examples, rhs: Examples) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
