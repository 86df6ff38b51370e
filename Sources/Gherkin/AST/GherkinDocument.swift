/// The parsed form of one source file: its feature, if it has one, and its comments.
public struct GherkinDocument: Sendable, Hashable, Codable {
    /// The file's path, as the run names it.
    public var uri: String?
    /// The feature; nil for a file with none (empty, or comments only).
    public var feature: Feature?
    /// Every comment line, in order.
    public var comments: [Comment]

    /// A document of this feature and these comments.
    public init(uri: String?, feature: Feature?, comments: [Comment]) {
        self.uri = uri
        self.feature = feature
        self.comments = comments
    }
}
