/// A `#` comment line, kept with its full text.
public struct Comment: Sendable, Hashable, Codable {
    /// Where the comment's line is.
    public var location: Location
    /// The whole line, `#` and indentation included.
    public var text: String
}
