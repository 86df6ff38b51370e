/// A `Rule:` grouping scenarios under one business rule.
public struct Rule: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: RuleRecord { storage.nodes.rules[index] }

    public var location: Location { record.header.position.location }
    public var tags: [Tag] { Tag.list(storage, record.tags) }
    public var keyword: String { storage.string(record.header.keyword) }
    public var name: String { storage.string(record.header.name) }
    public var description: String { storage.string(record.header.description) }
    /// Its background first, if any, then its scenarios.
    public var children: [RuleChild] {
        let record = record
        var children: [RuleChild] = []
        children.reserveCapacity(record.scenarios.range.count + 1)
        if record.background >= 0 { children.append(.background(Background(storage: storage, index: Int(record.background)))) }
        for index in record.scenarios.range { children.append(.scenario(Scenario(storage: storage, index: index))) }
        return children
    }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Rule {
        PlainAst.Rule(
            location: location, tags: tags.map(\.plain), keyword: keyword, name: name, description: description,
            children: children.map(\.plain), id: id)
    }
}

/// What a rule contains.
public enum RuleChild: Sendable, Hashable {
    case background(Background)
    case scenario(Scenario)

    var plain: PlainAst.RuleChild {
        switch self {
        case .background(let background): .background(background.plain)
        case .scenario(let scenario): .scenario(scenario.plain)
        }
    }
}

extension RuleChild: Encodable {
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}

extension Rule: Hashable, Encodable {
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
