/// A feature: the root of a `.feature` file.
public struct Feature: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The tags above it, which its scenarios inherit.
    public var tags: [Tag]
    /// The language it is written in (`en`, or the file's `# language:` header).
    public var language: String
    /// The keyword as written (`Feature`, `Característica`).
    public var keyword: String
    /// The text after the keyword.
    public var name: String
    /// The free text under the keyword line.
    public var description: String
    /// Its background first, if any, then its scenarios, then its rules.
    public var children: [FeatureChild]
}

/// What a feature contains.
public enum FeatureChild: Sendable, Hashable {
    /// The feature's background.
    case background(Background)
    /// A scenario or scenario outline.
    case scenario(Scenario)
    /// A rule and what it holds.
    case rule(Rule)
}

extension FeatureChild: Codable {
    private enum CodingKeys: String, CodingKey { case background, scenario, rule }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let background = try container.decodeIfPresent(Background.self, forKey: .background) {
            self = .background(background)
        } else if let rule = try container.decodeIfPresent(Rule.self, forKey: .rule) {
            self = .rule(rule)
        } else {
            self = .scenario(try container.decode(Scenario.self, forKey: .scenario))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .background(let background): try container.encode(background, forKey: .background)
        case .scenario(let scenario): try container.encode(scenario, forKey: .scenario)
        case .rule(let rule): try container.encode(rule, forKey: .rule)
        }
    }
}
