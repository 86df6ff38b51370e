import Foundation
import Identity

/// Logs `login.execute.*` around the login use case, without the use case knowing.
/// The email is never logged: events carry the semantic error, not the input.
public struct LoggingLoginUseCase: LoginExecutor {
    private let wrapped: any LoginExecutor
    private let logger: any AppLogger
    private let makeTraceId: @Sendable () -> String

    public init(
        wrapped: any LoginExecutor, logger: any AppLogger,
        traceId: @escaping @Sendable () -> String = { UUID().uuidString }
    ) {
        self.wrapped = wrapped
        self.logger = logger
        makeTraceId = traceId
    }

    public func execute(email: String, password: String) async throws -> Session {
        let trace = OperationTrace(
            logger: logger, key: "login.execute", feature: "Login", layer: "Application", operation: "execute",
            traceId: makeTraceId())
        return try await trace.around { try await wrapped.execute(email: email, password: password) }
    }
}
