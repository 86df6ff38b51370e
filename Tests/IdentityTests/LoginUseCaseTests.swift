import Identity
import XCTest

final class LoginUseCaseTests: XCTestCase {
    func test_execute_with_valid_credentials_returns_session() async throws {
        let gateway = AuthGatewaySpy(.session("token-123"))
        let sut = LoginUseCase(gateway: gateway)

        let session = try await sut.execute(email: "user@example.com", password: "Str0ngP@ss")

        XCTAssertEqual(session.accessToken, "token-123")
        XCTAssertEqual(session.email.value, "user@example.com")
        let count = await gateway.requestCount
        XCTAssertEqual(count, 1)
    }

    func test_execute_with_rejected_credentials_returns_invalidCredentials() async {
        let sut = LoginUseCase(gateway: AuthGatewaySpy(.failure(.invalidCredentials)))

        await assertThrows(AuthError.invalidCredentials) {
            try await sut.execute(email: "user@example.com", password: "wrong-password")
        }
    }

    func test_execute_without_connectivity_returns_connectivityError() async {
        let sut = LoginUseCase(gateway: AuthGatewaySpy(.failure(.connectivity)))

        await assertThrows(AuthError.connectivity) {
            try await sut.execute(email: "user@example.com", password: "Str0ngP@ss")
        }
    }

    func test_execute_cancellation_does_not_return_result() async throws {
        let gateway = AuthGatewaySpy(.never)
        let sut = LoginUseCase(gateway: gateway)

        let task = Task { try await sut.execute(email: "user@example.com", password: "Str0ngP@ss") }
        while await gateway.requestCount == 0 { await Task.yield() }
        task.cancel()
        let result = await task.result

        XCTAssertThrowsError(try result.get()) { XCTAssertTrue($0 is CancellationError, "\($0)") }
        let cancelledInFlight = await gateway.cancelledInFlight
        XCTAssertTrue(cancelledInFlight)
    }

    func test_execute_with_invalid_email_does_not_call_the_server() async {
        let gateway = AuthGatewaySpy(.session("t"))
        let sut = LoginUseCase(gateway: gateway)

        await assertThrows(Email.ValidationError.invalidFormat) {
            try await sut.execute(email: "esto-no-es-un-email", password: "x")
        }
        let count = await gateway.requestCount
        XCTAssertEqual(count, 0)
    }

    func test_execute_with_empty_password_does_not_call_the_server() async {
        let gateway = AuthGatewaySpy(.session("t"))
        let sut = LoginUseCase(gateway: gateway)

        await assertThrows(Password.ValidationError.empty) {
            try await sut.execute(email: "user@example.com", password: "")
        }
        let count = await gateway.requestCount
        XCTAssertEqual(count, 0)
    }

    private func assertThrows<E: Error & Equatable>(
        _ expected: E, file: StaticString = #filePath, line: UInt = #line, _ body: () async throws -> Session
    ) async {
        do {
            let session = try await body()
            XCTFail("expected \(expected), got \(session)", file: file, line: line)
        } catch {
            XCTAssertEqual(error as? E, expected, file: file, line: line)
        }
    }
}
