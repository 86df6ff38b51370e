/// A scenario, or a scenario outline when `examples` is not empty.
public struct Scenario: Sendable, Hashable, Codable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    public var steps: [Step]
    public var examples: [Examples]
    public var id: String
}
