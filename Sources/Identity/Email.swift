/// An email address with a valid format. If the format is not valid it cannot exist.
public struct Email: Sendable, Hashable, CustomStringConvertible {
    public enum ValidationError: Error, Sendable, Equatable {
        case invalidFormat
    }

    public let value: String

    /// Validates locally: one `@`, a non-empty local part, a domain with a dot, no spaces.
    public init(_ raw: String) throws(ValidationError) {
        let parts = raw.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !raw.contains(where: \.isWhitespace) else { throw .invalidFormat }
        let domain = parts[1]
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, labels.allSatisfy({ !$0.isEmpty }) else { throw .invalidFormat }
        value = raw
    }

    public var description: String { value }
}
