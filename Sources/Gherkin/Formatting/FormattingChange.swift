/// Formatting would change what a line of the source means: the formatted text would not
/// parse to the same document, so the source is kept as it is.
public struct FormattingChange: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where, in the source, the first line whose meaning would change is written.
    public let location: Location

    /// A change at `location` of the source.
    public init(location: Location) {
        self.location = location
    }

    /// `formatting would change what line N means; the file is left as it is`.
    public var description: String {
        "formatting would change what line \(location.line) means; the file is left as it is"
    }
}
