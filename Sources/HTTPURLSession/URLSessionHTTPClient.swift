import Foundation
import HTTP
import Locking

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `HTTPClient` over URLSession, relative to a base URL.
public struct URLSessionHTTPClient: HTTPClient {
    private let baseURL: URL
    private let session: URLSession

    public init(baseURL: URL, session: URLSession = .shared) {
        self.baseURL = baseURL
        self.session = session
    }

    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var urlRequest = URLRequest(url: baseURL.appendingPathComponent(request.path))
        urlRequest.httpMethod = request.method
        urlRequest.httpBody = request.body
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        let box = TaskBox()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                let task = session.dataTask(with: urlRequest) { data, response, error in
                    if let error {
                        continuation.resume(
                            throwing: (error as? URLError)?.code == .cancelled ? CancellationError() : error)
                    } else {
                        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                        continuation.resume(returning: HTTPResponse(statusCode: status, body: data ?? Data()))
                    }
                }
                box.set(task)
                task.resume()
            }
        } onCancel: {
            box.cancel()
        }
    }
}

/// Holds the data task so cancellation can reach it from another thread: a cancellation
/// that comes before the task exists cancels it as soon as it is set.
private struct TaskBox: Sendable {
    private let state = Locked<(task: URLSessionDataTask?, cancelled: Bool)>((nil, false))

    func set(_ task: URLSessionDataTask) {
        let cancelNow = state.withLock { state in
            state.task = task
            return state.cancelled
        }
        if cancelNow { task.cancel() }
    }

    func cancel() {
        state.withLock { state in
            state.cancelled = true
            return state.task
        }?.cancel()
    }
}
