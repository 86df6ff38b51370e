/// A 1-based position in a source file; `column` counts Unicode scalars and is
/// absent for an unexpected end of file.
public struct Location: Sendable, Hashable, Codable {
    public var line: Int
    public var column: Int?

    public init(line: Int, column: Int? = nil) {
        self.line = line
        self.column = column
    }
}
