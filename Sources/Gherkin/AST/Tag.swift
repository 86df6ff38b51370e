/// A `@tag` on a feature, rule, scenario or examples block.
public struct Tag: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: TagRecord { storage.nodes.tags[index] }

    public var location: Location { record.position.location }
    /// The name with its `@`.
    public var name: String { storage.string(record.name) }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.Tag { PlainAst.Tag(location: location, name: name, id: id) }

    /// The tags in `span`.
    static func list(_ storage: AstStorage, _ span: Span) -> [Tag] { span.range.map { Tag(storage: storage, index: $0) } }
}

extension Tag: Hashable, Encodable {
    public static func == (lhs: Tag, rhs: Tag) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
