/// A located problem in a source file. `description` is worded exactly as the
/// official parsers word it: `(line:column): message`, column 0 at end of file.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, as the official parser words it: `(7:5): expected: #EOF, #TableRow, ..., got 'Given x'`.
    public var message: String
    /// Where it is.
    public var location: Location

    /// An error saying `message` at `location`.
    public init(message: String, location: Location) {
        self.message = message
        self.location = location
    }

    /// `(line:column): message`, as the official parsers print it: `(9:1): expected: #EOF, got 'text'`.
    public var description: String { "(\(location.line):\(location.column ?? 0)): \(message)" }
}
