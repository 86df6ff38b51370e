/// A `#` comment line, kept with its full text.
public struct Comment: Sendable, Hashable, Codable {
    public var location: Location
    public var text: String
}
