/// A `@tag` on a feature, rule, scenario or examples block.
public struct Tag: Sendable, Hashable, Codable {
    public var location: Location
    /// The name with its `@`.
    public var name: String
    public var id: String
}
