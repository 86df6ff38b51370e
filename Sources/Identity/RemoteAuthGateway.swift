import Foundation
import HTTP

/// `AuthGateway` over HTTP: `POST /auth/login` with the credentials as JSON.
/// 200 with a token is a session, 401 is `invalidCredentials`, no answer (or an
/// answer that cannot be used) is `connectivity`.
public struct RemoteAuthGateway: AuthGateway {
    private let client: any HTTPClient

    public init(client: any HTTPClient) {
        self.client = client
    }

    private struct Body: Encodable {
        let email: String
        let password: String
    }

    private struct Token: Decodable {
        let token: String
    }

    public func authenticate(_ credentials: Credentials) async throws -> Session {
        let body = try JSONEncoder().encode(Body(email: credentials.email.value, password: credentials.password.value))
        let request = HTTPRequest(
            method: "POST", path: "/auth/login", headers: ["Content-Type": "application/json"], body: body)
        let response: HTTPResponse
        do {
            response = try await client.send(request)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw AuthError.connectivity
        }
        switch response.statusCode {
        case 200:
            guard let token = try? JSONDecoder().decode(Token.self, from: response.body), !token.token.isEmpty else {
                throw AuthError.connectivity
            }
            return Session(accessToken: token.token, email: credentials.email)
        case 401:
            throw AuthError.invalidCredentials
        default:
            throw AuthError.connectivity
        }
    }
}
