/// The user's password. It cannot be empty.
public struct Password: Sendable, Hashable {
    public enum ValidationError: Error, Sendable, Equatable {
        case empty
    }

    public let value: String

    public init(_ raw: String) throws(ValidationError) {
        guard !raw.isEmpty else { throw .empty }
        value = raw
    }
}
