import Identity

/// A gateway that answers as scripted and records what it was asked.
actor AuthGatewaySpy: AuthGateway {
    enum Answer: Sendable {
        case session(String)
        case failure(AuthError)
        /// Never answers; only cancellation ends the request.
        case never
    }

    private let answer: Answer
    private(set) var requests: [Credentials] = []
    private(set) var cancelledInFlight = false

    init(_ answer: Answer) { self.answer = answer }

    var requestCount: Int { requests.count }

    func authenticate(_ credentials: Credentials) async throws -> Session {
        requests.append(credentials)
        switch answer {
        case .session(let token): return Session(accessToken: token, email: credentials.email)
        case .failure(let error): throw error
        case .never:
            do {
                try await Task.sleep(nanoseconds: 60_000_000_000)
            } catch {
                cancelledInFlight = true
                throw CancellationError()
            }
            throw AuthError.connectivity
        }
    }
}
