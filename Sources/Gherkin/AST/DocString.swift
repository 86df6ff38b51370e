/// A doc string argument of a step, delimited by three double quotes or three backticks.
public struct DocString: Sendable, Hashable, Codable {
    /// Where its opening delimiter is.
    public var location: Location
    /// The media type after the opening delimiter (`"""json`), if any.
    public var mediaType: String?
    /// The text between the delimiters, without the delimiter's indentation.
    public var content: String
    /// The delimiter: `"""` or three backticks.
    public var delimiter: String
}
