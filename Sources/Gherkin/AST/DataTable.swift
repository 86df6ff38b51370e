/// One cell of a table row, its value unescaped (`\|`, `\\`, `\n`).
public struct TableCell: Sendable, Hashable, Codable {
    public var location: Location
    public var value: String
}

/// A row of a data table or an examples table.
public struct TableRow: Sendable, Hashable, Codable {
    public var location: Location
    public var cells: [TableCell]
    public var id: String
}

/// A table argument of a step.
public struct DataTable: Sendable, Hashable, Codable {
    /// Where its first row is.
    public var location: Location
    public var rows: [TableRow]
}
