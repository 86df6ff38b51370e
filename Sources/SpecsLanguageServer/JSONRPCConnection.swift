import Foundation
import SpecsRunner

/// JSON-RPC 2.0 messages framed as the Language Server Protocol frames them
/// (`Content-Length: N` headers, an empty line, N bytes of JSON), read from one file
/// descriptor and written to another.
///
/// A frame that lies about its length is recovered from: a body that runs into the next
/// `Content-Length` header ends there when what precedes it is a whole message, and bytes
/// that are not a message are skipped up to the next header.
final class JSONRPCConnection {
    private var input: ChunkReader
    private let output: Int32
    private var buffer: [UInt8] = []
    /// How far the body being waited for has been searched for a header that ends it early.
    private var searchedBody = 0
    /// Finds frame headers, counting the bytes it looks at.
    private(set) var search = FrameSearch()

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
    private static let lengthField = Array("content-length:".utf8)

    /// The next message, or nil at the end of the input.
    func next() -> Incoming? {
        while true {
            if let message = framed() { return message }
            if !Self.readable(input.descriptor), let message = wholeBeforeItsLength() { return message }
            guard input.next({ buffer.append(contentsOf: $0) }) else { return nil }
        }
    }

    /// A body that is a whole message though its header promised more, taken when nothing
    /// more is coming: an editor waiting for the answer would otherwise wait forever.
    private func wholeBeforeItsLength() -> Incoming? {
        guard skipping == 0, let (headerEnd, bodyStart) = header(),
            Self.contentLength(buffer[..<headerEnd]) != nil,
            buffer.last(where: { $0 != 32 && $0 != 10 && $0 != 13 && $0 != 9 }) == UInt8(ascii: "}"),
            let message = Self.decode(Data(buffer[bodyStart...]))
        else { return nil }
        buffer.removeAll()
        searchedBody = 0
        return message
    }

    /// The next message if one has arrived whole, without waiting for one.
    func ready() -> Incoming? {
        while true {
            if let message = framed() { return message }
            guard Self.readable(input.descriptor), input.next({ buffer.append(contentsOf: $0) }) else { return nil }
        }
    }

    /// A message cut from the bytes read so far, or nil when more are needed.
    private func framed() -> Incoming? {
        if skipping > 0 {
            let dropped = min(skipping, buffer.count)
            buffer.removeSubrange(..<dropped)
            skipping -= dropped
            if skipping > 0 { return nil }
        }
        guard let (headerEnd, bodyStart) = header() else { return nil }
        guard let length = Self.contentLength(buffer[..<headerEnd]) else {
            buffer.removeSubrange(..<bodyStart)
            return .malformed("a message without a Content-Length header giving its length in bytes")
        }
        if length > Self.largestMessage {
            buffer.removeSubrange(..<bodyStart)
            skipping = length
            return .malformed("a message of \(length >> 20) MB, larger than the \(Self.largestMessage >> 20) MB read")
        }
        // A header inside the body says the length was too long: the body ends there. Each
        // byte is searched once, however many chunks the body comes in.
        var searched = max(bodyStart, bodyStart + searchedBody - 3)
        let searchEnd = min(buffer.count, bodyStart + length + FrameSearch.longestHeader)
        while let early = search.nextHeader(in: buffer, from: searched, to: searchEnd, fieldFrom: bodyStart) {
            // A header that starts inside the body counts, though it ends past it.
            guard early.field < bodyStart + length else { break }
            // Only where what comes before is a whole message.
            if let message = Self.decode(Data(buffer[bodyStart..<early.field])) {
                buffer.removeSubrange(..<early.field)
                searchedBody = 0
                return message
            }
            searched = early.end + 1
        }
        guard buffer.count - bodyStart >= length else {
            searchedBody = max(searched, buffer.count) - bodyStart
            return nil
        }
        searchedBody = 0
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeSubrange(..<(bodyStart + length))
        if let message = Self.decode(body) { return message }
        // Too short a length leaves the rest of the body: skip to the next header.
        if let next = search.nextHeader(in: buffer, from: 0, to: buffer.count) { buffer.removeSubrange(..<next.field) }
        return .malformed("the message is not a JSON object")
    }

    /// Where the header at the start of the bytes read ends and its body starts: after the
    /// empty line that ends it, `\r\n\r\n` as the protocol has it, or `\n\n` as some clients
    /// write it (header lines ended by a line feed alone, which a server waiting for `\r\n`
    /// would wait on without a word). Nil while no header has ended.
    private func header() -> (end: Int, bodyStart: Int)? {
        let crlf = search.headerEnd(in: buffer, from: 0, to: buffer.count)
        let limit = min(crlf ?? buffer.count, buffer.count - 1, FrameSearch.longestHeader)
        var index = 0
        while index < limit {
            if buffer[index] == 10, buffer[index + 1] == 10 {
                // A header: the line feeds end a line naming the body's length.
                guard Self.contentLength(buffer[..<index]) != nil else { break }
                return (index, index + 2)
            }
            index += 1
        }
        return crlf.map { ($0, $0 + 4) }
    }

    private static func decode(_ body: Data) -> Incoming? {
        (try? JSONSerialization.jsonObject(with: body)).flatMap { $0 as? [String: Any] }.map(Incoming.message)
    }

    /// The length a header names, nil when it names none or no count of bytes; the field may
    /// follow bytes that are not a header.
    private static func contentLength(_ header: ArraySlice<UInt8>) -> Int? {
        for line in header.split(separator: 10) {
            let lowered = line.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }
            guard let field = lowered.firstRange(of: lengthField) else { continue }
            let value = String(decoding: line.dropFirst(field.upperBound), as: UTF8.self)
            // A count of bytes: `-5` is no more a length than `abc` is.
            return Int(value.trimmingCharacters(in: .whitespacesAndNewlines)).flatMap { $0 >= 0 ? $0 : nil }
        }
        return nil
    }

    private static func readable(_ descriptor: Int32, waiting milliseconds: Int32 = 0) -> Bool {
        var state = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&state, 1, milliseconds) > 0
    }

    /// Waits up to `seconds` for input; whether some has come (or the input ended).
    func waitForInput(seconds: Double) -> Bool {
        !buffer.isEmpty || Self.readable(input.descriptor, waiting: Int32(seconds * 1000))
    }

    /// Whether another message has arrived (wholly or in part) that `next` has not returned:
    /// work made stale by it, such as checking a document the editor has changed again, can wait.
    var hasPendingInput: Bool {
        !buffer.isEmpty || Self.readable(input.descriptor)
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
