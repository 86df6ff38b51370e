/// Steps that run before every scenario of a feature or rule.
public struct Background: Sendable, Hashable, Codable {
    public var location: Location
    public var keyword: String
    public var name: String
    public var description: String
    public var steps: [Step]
    public var id: String
}
