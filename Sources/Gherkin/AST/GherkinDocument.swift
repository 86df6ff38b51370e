/// The parsed form of one source file.
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
