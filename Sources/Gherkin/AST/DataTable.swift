/// One cell of a table row, its value unescaped (`\|`, `\\`, `\n`).
public struct TableCell: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: CellRecord { storage.nodes.cells[index] }

    public var location: Location { record.position.location }
    public var value: String { storage.string(record.value) }

    var plain: PlainAst.TableCell { PlainAst.TableCell(location: location, value: value) }
}

/// A row of a data table or an examples table.
public struct TableRow: Sendable {
    let storage: AstStorage
    let index: Int

    private var record: RowRecord { storage.nodes.rows[index] }

    public var location: Location { record.position.location }
    public var cells: [TableCell] { record.cells.range.map { TableCell(storage: storage, index: $0) } }
    public var id: String { storage.id(record.id) }

    var plain: PlainAst.TableRow { PlainAst.TableRow(location: location, cells: cells.map(\.plain), id: id) }
}

/// A table argument of a step.
public struct DataTable: Sendable {
    let storage: AstStorage
    let span: Span

    init(storage: AstStorage, rows: Span) {
        self.storage = storage
        self.span = rows
    }

    /// Where its first row is.
    public var location: Location { storage.nodes.rows[Int(span.start)].position.location }
    public var rows: [TableRow] { span.range.map { TableRow(storage: storage, index: $0) } }

    var plain: PlainAst.DataTable { PlainAst.DataTable(location: location, rows: rows.map(\.plain)) }
}

extension TableCell: Hashable, Encodable {
    public static func == (lhs: TableCell, rhs: TableCell) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}

extension TableRow: Hashable, Encodable {
    public static func == (lhs: TableRow, rhs: TableRow) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}

extension DataTable: Hashable, Encodable {
    public static func == (lhs: DataTable, rhs: DataTable) -> Bool { lhs.plain == rhs.plain }
    public func hash(into hasher: inout Hasher) { hasher.combine(plain) }
    public func encode(to encoder: Encoder) throws { try plain.encode(to: encoder) }
}
