/// Why the server did not authenticate: it rejected the credentials, or it could not be reached.
public enum AuthError: Error, Sendable, Equatable {
    case invalidCredentials
    case connectivity
}
