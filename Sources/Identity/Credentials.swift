/// An email and a password, both validated.
public struct Credentials: Sendable, Hashable {
    public let email: Email
    public let password: Password

    public init(email: Email, password: Password) {
        self.email = email
        self.password = password
    }
}
