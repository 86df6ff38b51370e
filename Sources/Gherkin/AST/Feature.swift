/// A feature: the root of a `.feature` file.
public struct Feature: Sendable {
    let storage: AstStorage
    let record: FeatureRecord

    public var location: Location { record.header.position.location }
    public var tags: [Tag] { Tag.list(storage, record.tags) }
    public var language: String { storage.string(record.language) }
    public var keyword: String { storage.string(record.header.keyword) }
    public var name: String { storage.string(record.header.name) }
    public var description: String { storage.string(record.header.description) }
    /// Its background first, if any, then its scenarios, then its rules.
    public var children: [FeatureChild] {
        let record = record
        var children: [FeatureChild] = []
        children.reserveCapacity(record.scenarios.range.count + record.rules.range.count + 1)
        if record.background >= 0 { children.append(.background(Background(storage: storage, index: Int(record.background)))) }
        for index in record.scenarios.range { children.append(.scenario(Scenario(storage: storage, index: index))) }
        for index in record.rules.range { children.append(.rule(Rule(storage: storage, index: index))) }
        return children
    }

    var plain: PlainAst.Feature {
        PlainAst.Feature(
            location: location, tags: tags.map(\.plain), language: language, keyword: keyword, name: name,
            description: description, children: children.map(\.plain))
    }
}

/// What a feature contains.
public enum FeatureChild: Sendable, Hashable {
    case background(Background)
    case scenario(Scenario)
    case rule(Rule)

    var plain: PlainAst.FeatureChild {
        switch self {
        case .background(let background): .background(background.plain)
        case .scenario(let scenario): .scenario(scenario.plain)
        case .rule(let rule): .rule(rule.plain)
        }
    }
}

extension FeatureChild: Encodable {
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}

extension Feature: Hashable, Encodable {
    public static func == (lhs: Feature, rhs: Feature) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
