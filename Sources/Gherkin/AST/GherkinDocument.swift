/// The parsed form of one source file.
///
/// Nodes are views into one immutable storage of flat records, shared by the document
/// and every node read from it: parsing makes no string or array per node, and a
/// node's text becomes a `String` when it is read.
public struct GherkinDocument: Sendable {
    public var uri: String?
    let storage: AstStorage

    init(uri: String?, storage: AstStorage) {
        self.uri = uri
        self.storage = storage
    }

    public var feature: Feature? { storage.nodes.feature.map { Feature(storage: storage, record: $0) } }
    public var comments: [Comment] { storage.nodes.comments.indices.map { Comment(storage: storage, index: $0) } }

    var plain: PlainAst.GherkinDocument {
        PlainAst.GherkinDocument(uri: uri, feature: feature?.plain, comments: comments.map(\.plain))
    }
}

extension GherkinDocument: Hashable, Codable {
    public static func == (lhs: GherkinDocument, rhs: GherkinDocument) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }

    public init(from decoder: Decoder) throws {
        let plain = try PlainAst.GherkinDocument(from: decoder)
        self.init(uri: plain.uri, storage: AstStorage(AstNodes(plain)))
    }
}
