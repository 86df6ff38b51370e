/// The result of a successful authentication: an access token and the authenticated email.
public struct Session: Sendable, Hashable {
    public let accessToken: String
    public let email: Email

    public init(accessToken: String, email: Email) {
        self.accessToken = accessToken
        self.email = email
    }
}
