import Foundation
import HTTP
import Identity
import XCTest

final class RemoteAuthGatewayTests: XCTestCase {
    struct ScriptedClient: HTTPClient {
        let answer: @Sendable (HTTPRequest) throws -> HTTPResponse
        func send(_ request: HTTPRequest) async throws -> HTTPResponse { try answer(request) }
    }

    struct Offline: Error {}

    private func credentials() throws -> Credentials {
        Credentials(email: try Email("user@example.com"), password: try Password("Str0ngP@ss"))
    }

    func test_authenticate_on_200_with_token_returns_session() async throws {
        let sut = RemoteAuthGateway(
            client: ScriptedClient { request in
                XCTAssertEqual(request.method, "POST")
                XCTAssertEqual(request.path, "/auth/login")
                let body = try JSONSerialization.jsonObject(with: request.body ?? Data()) as? [String: String]
                XCTAssertEqual(body?["email"], "user@example.com")
                return HTTPResponse(statusCode: 200, body: Data(#"{"token":"abc"}"#.utf8))
            })

        let session = try await sut.authenticate(credentials())

        XCTAssertEqual(session.accessToken, "abc")
    }

    func test_authenticate_on_401_throws_invalidCredentials() async throws {
        let sut = RemoteAuthGateway(client: ScriptedClient { _ in HTTPResponse(statusCode: 401) })
        do {
            _ = try await sut.authenticate(credentials())
            XCTFail("expected invalidCredentials")
        } catch {
            XCTAssertEqual(error as? AuthError, .invalidCredentials)
        }
    }

    func test_authenticate_on_transport_failure_throws_connectivity() async throws {
        let sut = RemoteAuthGateway(client: ScriptedClient { _ in throw Offline() })
        do {
            _ = try await sut.authenticate(credentials())
            XCTFail("expected connectivity")
        } catch {
            XCTAssertEqual(error as? AuthError, .connectivity)
        }
    }

    func test_authenticate_on_200_without_token_throws_connectivity() async throws {
        let sut = RemoteAuthGateway(
            client: ScriptedClient { _ in HTTPResponse(statusCode: 200, body: Data("{}".utf8)) })
        do {
            _ = try await sut.authenticate(credentials())
            XCTFail("expected connectivity")
        } catch {
            XCTAssertEqual(error as? AuthError, .connectivity)
        }
    }
}
