import Foundation

/// Envelopes as newline-delimited JSON: one compact object per line, keys sorted.
public enum NDJSON {
    /// One envelope as a JSON line, without its line feed.
    public static func line(_ envelope: Envelope) -> String {
        if let fast = envelope.fastJSON { return fast }
        return encodedLine(envelope)
    }

    /// Appends one envelope as a JSON line, with its line feed.
    public static func append(_ envelope: Envelope, to bytes: inout [UInt8]) {
        if !envelope.writeFastJSON(into: &bytes) {
            bytes.append(contentsOf: encodedLine(envelope).utf8)
        }
        bytes.append(0x0A)
    }

    /// The line through the general `Codable` encoding.
    public static func encodedLine(_ envelope: Envelope) -> String {
        guard let data = try? encoder.encode(envelope) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    /// One encoder for every line.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Reads every envelope of an NDJSON text; a line that is not an envelope is an
    /// error naming its line number.
    public static func envelopes(in text: String, uri: String) throws -> [Envelope] {
        let decoder = JSONDecoder()
        var envelopes: [Envelope] = []
        var number = 0
        // "\r\n" is one Character: a line ends at either.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                envelopes.append(try decoder.decode(Envelope.self, from: Data(line.utf8)))
            } catch {
                throw NDJSONError(uri: uri, line: number, notAnEnvelope: error, text: Data(line.utf8))
            }
        }
        return envelopes
    }
}

extension NDJSON {
    /// A saved stream as read: its envelopes, the message types skipped, and where it was
    /// cut off, if it was.
    public struct Reading: Sendable {
        /// The envelopes read, in the stream's order.
        public var envelopes: [Envelope] = []
        /// Message types of newer Cucumber versions, skipped.
        public var unknownTypes: [String] = []
        /// The line of a last line that ends without a line feed and is no whole envelope:
        /// the stream of a run that died while writing it. The lines before it are read.
        public var cutOffAtLine: Int?
    }

    /// Reads a saved stream as tools of several origins write it: CRLF or LF line ends,
    /// and message types of newer Cucumber versions skipped and named, not fatal. A stream
    /// cut off in the middle of its last line keeps every line before it. A line that is no
    /// envelope at all elsewhere is an error naming its line.
    public static func read(_ text: String, uri: String) throws -> Reading {
        let decoder = JSONDecoder()
        var reading = Reading()
        var number = 0
        // "\r\n" is one Character: a line ends at either.
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        let endsWhole = text.last.map { $0 == "\n" || $0 == "\r\n" } ?? true
        for line in lines {
            number += 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let data = Data(line.utf8)
            do {
                reading.envelopes.append(try decoder.decode(Envelope.self, from: data))
            } catch {
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object.count == 1,
                    let type = object.keys.first, !Envelope.isKnownMessageType(type)
                {
                    if !reading.unknownTypes.contains(type) { reading.unknownTypes.append(type) }
                    continue
                }
                if number == lines.count && !endsWhole {
                    reading.cutOffAtLine = number
                    break
                }
                throw NDJSONError(uri: uri, line: number, notAnEnvelope: error, text: Data(line.utf8))
            }
        }
        return reading
    }
}

/// A line of an NDJSON stream that could not be read.
public struct NDJSONError: Error, CustomStringConvertible {
    /// The stream's file.
    public var uri: String
    /// The line that could not be read, 1-based.
    public var line: Int
    /// The column where the line stops being JSON, 1-based, when it is known.
    public var column: Int?
    /// Why it could not be read.
    public var reason: String
    /// The line's text, for a reader that finds where its JSON breaks.
    public var text: Data?
    /// The place: `uri:line` or `uri:line:column`.
    public var place: String { "\(uri):\(line)" + (column.map { ":\($0)" } ?? "") }
    /// The error as `uri:line: error: reason`.
    public var description: String { "\(place): error: \(reason)" }

    /// An error of its own.
    public init(uri: String, line: Int, column: Int? = nil, reason: String) {
        self.uri = uri
        self.line = line
        self.column = column
        self.reason = reason
    }

    /// A line that does not decode as an envelope, told in words rather than the decoder's.
    init(uri: String, line: Int, notAnEnvelope error: any Error, text: Data) {
        self.init(uri: uri, line: line, reason: "not a message envelope: " + Self.words(for: error))
        self.text = text
    }

    private static func words(for error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func path(_ keys: [any CodingKey]) -> String {
            keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined().drop { $0 == "." }.description
        }
        switch error {
        case .dataCorrupted(let context):
            if !context.codingPath.isEmpty { return "'\(path(context.codingPath))' is not a value it can be" }
            return context.underlyingError == nil
                ? "no message type it knows (an envelope is an object of one, such as 'testCaseStarted')" : "not JSON"
        case .keyNotFound(let key, let context):
            return "'\(path(context.codingPath + [key]))' is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return context.codingPath.isEmpty
                ? "not a JSON object naming one message"
                : "'\(path(context.codingPath))' is not of the kind a message has there"
        @unknown default:
            return "\(error)"
        }
    }
}
