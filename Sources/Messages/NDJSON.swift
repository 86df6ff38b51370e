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
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            do {
                envelopes.append(try decoder.decode(Envelope.self, from: Data(line.utf8)))
            } catch {
                throw NDJSONError(uri: uri, line: number, reason: "not a message envelope (\(error))")
            }
        }
        return envelopes
    }
}

extension NDJSON {
    /// Reads a saved stream as tools of several origins write it: CRLF or LF line ends,
    /// and message types of newer Cucumber versions skipped and named, not fatal. A line
    /// that is no envelope at all is still an error naming its line.
    public static func read(_ text: String, uri: String) throws -> (envelopes: [Envelope], unknownTypes: [String]) {
        let decoder = JSONDecoder()
        var envelopes: [Envelope] = []
        var unknown: [String] = []
        var number = 0
        // "\r\n" is one Character: a line ends at either.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            number += 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let data = Data(line.utf8)
            do {
                envelopes.append(try decoder.decode(Envelope.self, from: data))
            } catch {
                if let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any], object.count == 1,
                   let type = object.keys.first, !Envelope.isKnownMessageType(type) {
                    if !unknown.contains(type) { unknown.append(type) }
                    continue
                }
                throw NDJSONError(uri: uri, line: number, reason: "not a message envelope (\(error))")
            }
        }
        return (envelopes, unknown)
    }
}

/// A line of an NDJSON stream that could not be read.
public struct NDJSONError: Error, CustomStringConvertible {
    public var uri: String
    public var line: Int
    public var reason: String
    public var description: String { "\(uri):\(line): error: \(reason)" }
}
