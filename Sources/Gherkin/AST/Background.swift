/// Steps that run before every scenario of a feature or rule.
public struct Background: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: BackgroundRecord { storage.nodes.backgrounds[index] }

    public var location: Location { record.header.position.location }
    public var keyword: String { storage.string(record.header.keyword) }
    public var name: String { storage.string(record.header.name) }
    public var description: String { storage.string(record.header.description) }
    public var steps: [Step] { record.steps.range.map { Step(storage: storage, index: $0) } }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Background {
        PlainAst.Background(
            location: location, keyword: keyword, name: name, description: description, steps: steps.map(\.plain), id: id)
    }
}

extension Background: Hashable, Encodable {
    public static func == (lhs: Background, rhs: Background) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
