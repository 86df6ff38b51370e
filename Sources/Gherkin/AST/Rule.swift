/// A `Rule:` grouping scenarios under one business rule.
public struct Rule: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The tags above it, which its scenarios inherit.
    public var tags: [Tag]
    /// The keyword as written (`Rule`, `Regla`).
    public var keyword: String
    /// The business rule, as the text after the keyword says it.
    public var name: String
    /// The free text under the keyword line.
    public var description: String
    /// Its background first, if any, then its scenarios.
    public var children: [RuleChild]
    /// Its id, unique in the run.
    public var id: String
}

/// What a rule contains.
public enum RuleChild: Sendable, Hashable {
    /// The rule's background, run after the feature's.
    case background(Background)
    /// A scenario or scenario outline.
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
