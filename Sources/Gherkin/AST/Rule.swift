/// A `Rule:` grouping scenarios under one business rule.
public struct Rule: Sendable, Hashable, Codable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    /// Its background first, if any, then its scenarios.
    public var children: [RuleChild]
    public var id: String
}

/// What a rule contains.
public enum RuleChild: Sendable, Hashable {
    case background(Background)
    case scenario(Scenario)
}

extension RuleChild: Codable {
    private enum CodingKeys: String, CodingKey { case background, scenario }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let background = try container.decodeIfPresent(Background.self, forKey: .background) {
            self = .background(background)
        } else {
            self = .scenario(try container.decode(Scenario.self, forKey: .scenario))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .background(let background): try container.encode(background, forKey: .background)
        case .scenario(let scenario): try container.encode(scenario, forKey: .scenario)
        }
    }
}
