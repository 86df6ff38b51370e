/// A located problem in a source file. `description` is worded exactly as the
/// official parsers word it: `(line:column): message`, column 0 at end of file.
public struct ParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var location: Location

    public init(message: String, location: Location) {
        self.message = message
        self.location = location
    }

    public var description: String { "(\(location.line):\(location.column ?? 0)): \(message)" }
}
