/// An examples block of a scenario outline.
public struct Examples: Sendable, Hashable, Codable {
    public var location: Location
    public var tags: [Tag]
    public var keyword: String
    public var name: String
    public var description: String
    /// The placeholder names; nil for a block without a table.
    public var tableHeader: TableRow?
    public var tableBody: [TableRow]
    public var id: String
}
