/// A scenario, or a scenario outline when `examples` is not empty.
public struct Scenario: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: ScenarioRecord { storage.nodes.scenarios[index] }

    public var location: Location { record.header.position.location }
    public var tags: [Tag] { Tag.list(storage, record.tags) }
    public var keyword: String { storage.string(record.header.keyword) }
    public var name: String { storage.string(record.header.name) }
    public var description: String { storage.string(record.header.description) }
    public var steps: [Step] { record.steps.range.map { Step(storage: storage, index: $0) } }
    public var examples: [Examples] { record.examples.range.map { Examples(storage: storage, index: $0) } }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Scenario {
        PlainAst.Scenario(
            location: location, tags: tags.map(\.plain), keyword: keyword, name: name, description: description,
            steps: steps.map(\.plain), examples: examples.map(\.plain), id: id)
    }
}

extension Scenario: Hashable, Encodable {
    public static func == (lhs: Scenario, rhs: Scenario) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
