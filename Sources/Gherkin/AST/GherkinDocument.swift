/// The parsed form of one source file: its feature, if it has one, and its comments.
public struct GherkinDocument: Sendable, Hashable, Codable {
    public var uri: String?
    public var feature: Feature?
    public var comments: [Comment]

    public init(uri: String?, feature: Feature?, comments: [Comment]) {
        self.uri = uri
        self.feature = feature
        self.comments = comments
    }
}
