import Identity
import Observability
import XCTest

final class LoggingLoginUseCaseTests: XCTestCase {
    private struct Gateway: AuthGateway {
        let error: AuthError?
        func authenticate(_ credentials: Credentials) async throws -> Session {
            if let error { throw error }
            return Session(accessToken: "t", email: credentials.email)
        }
    }

    private func makeSUT(_ error: AuthError? = nil, logger: InMemoryLogger) -> LoggingLoginUseCase {
        LoggingLoginUseCase(
            wrapped: LoginUseCase(gateway: Gateway(error: error)), logger: logger, traceId: { "trace-1" })
    }

    func test_execute_on_success_logs_started_and_succeeded() async throws {
        let logger = InMemoryLogger()
        _ = try await makeSUT(logger: logger).execute(email: "user@example.com", password: "Str0ngP@ss")
        let events = await logger.snapshot()
        XCTAssertEqual(events.map(\.message), ["login.execute.started", "login.execute.succeeded"])
    }

    func test_execute_on_rejected_credentials_logs_semantic_error() async {
        let logger = InMemoryLogger()
        _ = try? await makeSUT(.invalidCredentials, logger: logger).execute(email: "user@example.com", password: "bad")
        let events = await logger.snapshot()
        XCTAssertEqual(events.last?.message, "login.execute.failed")
        XCTAssertEqual(events.last?.context["error"], "invalidCredentials")
    }

    func test_execute_never_logs_the_email() async {
        let logger = InMemoryLogger()
        _ = try? await makeSUT(.connectivity, logger: logger).execute(email: "secret.person@example.com", password: "x")
        _ = try? await makeSUT(logger: logger).execute(email: "secret.person@", password: "x")
        let lines = JSONLinesLogger.lines(await logger.snapshot())
        XCTAssertFalse(lines.contains("secret.person"), lines)
        XCTAssertTrue(lines.contains("invalidEmail"))
    }

    func test_levelFilter_in_production_drops_info_events() async throws {
        let logger = InMemoryLogger()
        let filtered = LevelFilteringLogger(minimum: LogLevel.threshold(forEnvironment: "production"), wrapped: logger)
        let sut = LoggingLoginUseCase(wrapped: LoginUseCase(gateway: Gateway(error: .connectivity)), logger: filtered)
        _ = try? await sut.execute(email: "user@example.com", password: "x")
        let events = await logger.snapshot()
        XCTAssertEqual(events.map(\.message), ["login.execute.failed"])
    }
}
