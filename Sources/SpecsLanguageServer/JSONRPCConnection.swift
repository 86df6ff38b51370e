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

    /// The next message, or nil at the end of the input.
    func next() -> Incoming? {
        while true {
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

    func send(_ object: [String: Any]) {
        guard
            let body = try? JSONSerialization.data(
                withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        else { return }
        var bytes = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
        bytes += body
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
