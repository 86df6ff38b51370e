import Foundation
import HTTP

/// The authentication server at the network edge, scripted: it knows the registered
/// users, can be unreachable, or can hold every answer until the request is cancelled.
actor FakeAuthServer: HTTPClient {
    enum Mode: Sendable { case online, offline, holding }

    struct Offline: Error, CustomStringConvertible {
        var description: String { "The Internet connection appears to be offline." }
    }

    private var users: [String: String] = [:]
    private(set) var mode = Mode.online
    private(set) var requests: [HTTPRequest] = []
    private(set) var answers: [Int] = []
    private(set) var transportFailures = 0
    private(set) var cancelledRequests = 0

    func register(email: String, password: String) { users[email] = password }
    func set(_ mode: Mode) { self.mode = mode }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        requests.append(request)
        switch mode {
        case .offline:
            transportFailures += 1
            throw Offline()
        case .holding:
            do {
                try await Task.sleep(nanoseconds: 30_000_000_000)
            } catch {
                cancelledRequests += 1
                throw CancellationError()
            }
            throw Offline()
        case .online:
            let body = (try? JSONSerialization.jsonObject(with: request.body ?? Data())) as? [String: String] ?? [:]
            let accepted = body["email"].flatMap { users[$0] } == body["password"] && body["password"] != nil
            let status = request.path == "/auth/login" && accepted ? 200 : 401
            answers.append(status)
            return HTTPResponse(
                statusCode: status, body: status == 200 ? Data(#"{"token":"token-\#(requests.count)"}"#.utf8) : Data())
        }
    }
}

/// The products API at the network edge, scripted.
actor FakeProductServer: HTTPClient {
    enum Mode: Sendable {
        case products(Data)
        case offline
        case invalidData
    }

    private var mode = Mode.offline

    func set(_ mode: Mode) { self.mode = mode }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        switch mode {
        case .offline: throw FakeAuthServer.Offline()
        case .invalidData: return HTTPResponse(statusCode: 200, body: Data("<html>maintenance</html>".utf8))
        case .products(let data): return HTTPResponse(statusCode: 200, body: data)
        }
    }
}
