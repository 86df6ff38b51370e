/// The port to the authentication server.
public protocol AuthGateway: Sendable {
    /// A session for valid credentials; throws `AuthError`, or `CancellationError`
    /// when the calling task is cancelled.
    func authenticate(_ credentials: Credentials) async throws -> Session
}
