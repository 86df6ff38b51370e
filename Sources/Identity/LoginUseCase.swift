/// Logging in, as a caller sees it.
public protocol LoginExecutor: Sendable {
    /// A session, or an error: `Email.ValidationError`, `Password.ValidationError`,
    /// `AuthError`, or `CancellationError` when the caller cancelled.
    func execute(email: String, password: String) async throws -> Session
}

/// Logs a user in: validates the email and password locally, and only when both are
/// valid asks the server. A cancelled login returns no result (it throws
/// `CancellationError`) and cancels the request in flight.
public struct LoginUseCase: LoginExecutor {
    private let gateway: any AuthGateway

    public init(gateway: any AuthGateway) {
        self.gateway = gateway
    }

    public func execute(email: String, password: String) async throws -> Session {
        let credentials = Credentials(email: try Email(email), password: try Password(password))
        try Task.checkCancellation()
        let session = try await gateway.authenticate(credentials)
        try Task.checkCancellation()
        return session
    }
}
