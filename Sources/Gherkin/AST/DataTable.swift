/// One cell of a table row, its value unescaped (`\|`, `\\`, `\n`).
public struct TableCell: Sendable, Hashable, Codable {
    /// Where the cell's text starts.
    public var location: Location
    /// The cell's text, trimmed and unescaped.
    public var value: String
}

/// A row of a data table or an examples table.
public struct TableRow: Sendable, Hashable, Codable {
    /// Where the row's first `|` is.
    public var location: Location
    /// Its cells, in order.
    public var cells: [TableCell]
    /// Its id, unique in the run.
    public var id: String
}

/// A table argument of a step.
public struct DataTable: Sendable, Hashable, Codable {
    /// Where its first row is.
    public var location: Location
    /// Its rows, in order.
    public var rows: [TableRow]
}
