/// An examples block of a scenario outline.
public struct Examples: Sendable, Hashable, Codable {
    /// Where its keyword is.
    public var location: Location
    /// The tags above it.
    public var tags: [Tag]
    /// The keyword as written (`Examples`, `Scenarios`, `Ejemplos`).
    public var keyword: String
    /// The text after the keyword; empty when there is none.
    public var name: String
    /// The free text under the keyword line.
    public var description: String
    /// The placeholder names; nil for a block without a table.
    public var tableHeader: TableRow?
    /// The rows after the header: one scenario each.
    public var tableBody: [TableRow]
    /// Its id, unique in the run.
    public var id: String
}
