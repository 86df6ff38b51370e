/// A 1-based position in a source file; `column` counts Unicode scalars and is
/// absent for an unexpected end of file.
public struct Location: Sendable, Hashable, Codable {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, counted in characters; nil when the whole line is meant.
    public var column: Int?

    /// A place at `line` (and `column`).
    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }
}
