import Foundation
import SpecsRunner

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them
/// (`Content-Length: N` headers, an empty line, N bytes of JSON), read from one file
/// descriptor and written to another.
final class JSONRPCConnection {
    private var input: ChunkReader
    private let output: Int32
    private var buffer: [UInt8] = []

    init(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) {
        self.input = ChunkReader(input)
        self.output = output
    }

    enum Incoming {
        case message([String: Any])
        /// The framing held, but the content is not a JSON object.
        case malformed(String)
    }

    /// The largest message read: a larger one is skipped, unread, and answered with an error.
    static let largestMessage = 128 << 20
    /// The bytes of a skipped message still to come.
    private var skipping = 0

    /// The next message, or nil at the end of the input.
    func next() -> Incoming? {
        while true {
            if skipping > 0 {
                let dropped = min(skipping, buffer.count)
                buffer.removeSubrange(..<dropped)
                skipping -= dropped
                if skipping > 0 {
                    guard input.next({ buffer.append(contentsOf: $0) }) else { return nil }
                    continue
                }
            }
            if let headerEnd = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<headerEnd.lowerBound], as: UTF8.self)
                let length = header.split(separator: "\r\n").compactMap { line -> Int? in
                    let parts = line.split(separator: ":", maxSplits: 1)
                    guard parts.count == 2,
                        parts[0].trimmingCharacters(in: .whitespaces).lowercased() == "content-length"
                    else { return nil }
                    return Int(parts[1].trimmingCharacters(in: .whitespaces))
                }.first
                guard let length else {
                    buffer.removeSubrange(..<headerEnd.upperBound)
                    return .malformed("a message without a Content-Length header")
                }
                if length > Self.largestMessage {
                    buffer.removeSubrange(..<headerEnd.upperBound)
                    skipping = length
                    return .malformed(
                        "a message of \(length >> 20) MB, larger than the \(Self.largestMessage >> 20) MB read")
                }
                if buffer.count - headerEnd.upperBound >= length {
                    let body = Data(buffer[headerEnd.upperBound..<(headerEnd.upperBound + length)])
                    buffer.removeSubrange(..<(headerEnd.upperBound + length))
                    guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] else {
                        return .malformed("the message is not a JSON object")
                    }
                    return .message(object)
                }
            }
            guard input.next({ buffer.append(contentsOf: $0) }) else { return nil }
        }
    }

    /// Whether another message has arrived (wholly or in part) that `next` has not returned:
    /// work made stale by it, such as checking a document the editor has changed again, can wait.
    var hasPendingInput: Bool {
        if !buffer.isEmpty { return true }
        var descriptor = pollfd(fd: input.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, 0) > 0
    }

    func send(_ object: [String: Any]) {
        let body = JSONText.encode(object)
        let bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        _ = bytes.withUnsafeBytes { writeAll(output, $0) }
    }

    func respond(to id: Any, result: Any) {
        send(["jsonrpc": "2.0", "id": id, "result": result])
    }

    func respond(to id: Any?, error code: Int, _ message: String) {
        send(["jsonrpc": "2.0", "id": id ?? NSNull(), "error": ["code": code, "message": message]])
    }

    func notify(_ method: String, _ params: [String: Any]) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }
}
