import Gherkin

/// The table argument of a step.
public struct DataTable: Sendable, Hashable {
    /// Every row, header included, as cell texts.
    public let rows: [[String]]

    /// A table of these rows, the header first (for tests of steps that take a table).
    public init(rows: [[String]]) { self.rows = rows }

    init(_ table: PickleTable) {
        rows = table.rows.map { row in row.cells.map { $0.value } }
    }

    /// Rows after the header, each keyed by the header's cells.
    public func hashes() -> [[String: String]] {
        guard let header = rows.first else { return [] }
        return rows.dropFirst().map { row in
            Dictionary(zip(header, row), uniquingKeysWith: { first, _ in first })
        }
    }

    /// A two-column table as a dictionary from the first column to the second.
    public func rowsHash() -> [String: String] {
        Dictionary(rows.compactMap { $0.count >= 2 ? ($0[0], $0[1]) : nil }, uniquingKeysWith: { first, _ in first })
    }

    /// The table with rows and columns swapped.
    public func transposed() -> DataTable {
        guard let width = rows.map(\.count).max() else { return self }
        return DataTable(rows: (0..<width).map { column in rows.map { column < $0.count ? $0[column] : "" } })
    }
}

/// The doc string argument of a step.
public struct DocString: Sendable, Hashable, CustomStringConvertible {
    /// The text between the delimiters, without the indentation the feature file gives it.
    public let content: String
    /// The media type written after the opening delimiter (`"""json`), if any.
    public let mediaType: String?

    /// A doc string of this text and media type (for tests of steps that take one).
    public init(content: String, mediaType: String? = nil) {
        self.content = content
        self.mediaType = mediaType
    }

    /// The doc string's text.
    public var description: String { content }
}
