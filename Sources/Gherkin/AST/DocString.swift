/// A doc string argument of a step, delimited by `"""` or ```` ``` ````.
public struct DocString: Sendable, Hashable, Codable {
    public var location: Location
    public var mediaType: String?
    public var content: String
    public var delimiter: String
}
