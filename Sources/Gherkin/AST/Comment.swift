/// A `#` comment line, kept with its full text.
public struct Comment: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: CommentRecord { storage.nodes.comments[index] }

    public var location: Location { record.position.location }
    public var text: String { storage.string(record.text) }

    var plain: PlainAst.Comment { PlainAst.Comment(location: location, text: text) }
}

extension Comment: Hashable, Encodable {
    public static func == (lhs: Comment, rhs: Comment) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
