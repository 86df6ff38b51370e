import Foundation

/// A language server process and its two pipes, driven as an editor drives it: JSON-RPC
/// messages framed as the protocol frames them.
final class LanguageServerSession {
    let process = Process()
    private let input = Pipe(), output = Pipe()
    private var buffer = Data()
    private var nextId = 0

    init(executable: String? = nil, environment extra: [String: String] = [:]) throws {
        process.executableURL = URL(fileURLWithPath: try executable ?? ExecutableRun.path(of: "misbehaving-specs"))
        process.arguments = ["lsp"]
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        signal(SIGPIPE, SIG_IGN)
        try process.run()
        // A server that stops answering fails its test instead of hanging the suite.
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { [process] in
            if process.isRunning { process.terminate() }
        }
    }

    func sendRaw(_ body: Data) {
        sendRawFramed(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// Bytes already framed, written at once: several messages arrive together. A server
    /// that has ended makes the next `receive` fail, not the test process.
    func sendRawFramed(_ bytes: Data) {
        try? input.fileHandleForWriting.write(contentsOf: bytes)
    }

    /// Closes the server's input, as an editor that goes away without a word does.
    func closeInput() throws {
        try input.fileHandleForWriting.close()
    }

    func send(_ object: [String: Any]) throws {
        sendRaw(try JSONSerialization.data(withJSONObject: object))
    }

    @discardableResult
    func request(_ method: String, _ params: [String: Any]) throws -> Int {
        nextId += 1
        try send(["jsonrpc": "2.0", "id": nextId, "method": method, "params": params])
        return nextId
    }

    func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The next message the server sends.
    func receive() throws -> [String: Any] {
        let handle = output.fileHandleForReading
        while true {
            if let end = buffer.range(of: Data("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) ?? 0
                if buffer.count - end.upperBound >= length {
                    let body = buffer[end.upperBound..<(end.upperBound + length)]
                    buffer = Data(buffer[(end.upperBound + length)...])
                    return try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
                }
            }
            let chunk = handle.availableData
            if chunk.isEmpty { throw RunFailure(message: "the server closed its output") }
            buffer += chunk
        }
    }

    /// The next notification of `method` (others before it are kept in `notifications`), and
    /// for diagnostics, the next for `uri`.
    func notification(_ method: String, uri: String? = nil) throws -> [String: Any] {
        if let index = notifications.firstIndex(where: { Self.matches($0, method, uri) }) {
            return notifications.remove(at: index)
        }
        while true {
            let message = try receive()
            if Self.matches(message, method, uri) { return message }
            notifications.append(message)
        }
    }

    private static func matches(_ message: [String: Any], _ method: String, _ uri: String?) -> Bool {
        message["method"] as? String == method
            && (uri == nil || (message["params"] as? [String: Any])?["uri"] as? String == uri)
    }

    /// The next error that answers no request of the session's (a message that could not be read).
    func unsolicitedError() throws -> [String: Any] {
        while true {
            let message = try receive()
            if message["error"] != nil && message["method"] == nil { return message }
            notifications.append(message)
        }
    }

    /// The diagnostics published next for `uri`.
    func diagnostics(_ uri: String) throws -> [[String: Any]] {
        let message = try notification("textDocument/publishDiagnostics", uri: uri)
        return (message["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
    }

    /// The response to request `id` (notifications before it are kept in `notifications`).
    var notifications: [[String: Any]] = []
    func response(_ id: Int) throws -> [String: Any] {
        while true {
            let message = try receive()
            if message["id"] as? Int == id { return message }
            notifications.append(message)
        }
    }
}
