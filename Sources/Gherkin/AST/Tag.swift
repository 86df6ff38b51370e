/// A `@tag` on a feature, rule, scenario or examples block.
public struct Tag: Sendable, Hashable, Codable {
    /// Where the tag starts.
    public var location: Location
    /// The name with its `@`.
    public var name: String
    /// Its id, unique in the run.
    public var id: String
}
