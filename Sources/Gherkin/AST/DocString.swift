/// A doc string argument of a step, delimited by `"""` or ```` ``` ````.
public struct DocString: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: DocStringRecord { storage.nodes.docStrings[index] }

    public var location: Location { record.position.location }
    public var mediaType: String? { storage.nodes.table.optionalString(record.mediaType) }
    public var content: String { storage.string(record.content) }
    public var delimiter: String { storage.string(record.delimiter) }

    var plain: PlainAst.DocString {
        PlainAst.DocString(location: location, mediaType: mediaType, content: content, delimiter: delimiter)
    }
}

extension DocString: Hashable, Encodable {
    public static func == (lhs: DocString, rhs: DocString) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
