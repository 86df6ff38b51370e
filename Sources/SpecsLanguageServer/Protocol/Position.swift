/// A place in a document as the protocol gives it: a 0-based line and a character offset
/// in UTF-16 code units. Never negative: a request with a negative position is refused.
struct Position: Hashable {
    let line: Int
    let character: Int

    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    init(_ value: Any?, _ name: String = "position") throws(ProtocolError) {
        guard let object = value as? [String: Any] else { throw .invalidParams("\(name) is missing") }
        guard let line = Self.count(object["line"]), let character = Self.count(object["character"]) else {
            throw .invalidParams("\(name) needs a line and a character, each a whole number from 0")
        }
        self.init(line: line, character: character)
    }

    /// A whole number from 0 up to what the protocol's unsigned integers hold.
    private static func count(_ value: Any?) -> Int? {
        guard let number = value as? Int ?? (value as? Double).flatMap({ Int(exactly: $0) }),
            number >= 0, number <= Int(UInt32.max)
        else { return nil }
        return number
    }

    var json: [String: Any] { ["line": line, "character": character] }
}

/// A span of a document, from `start` up to `end`.
struct TextRange {
    let start: Position
    let end: Position

    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    init(_ value: Any?) throws(ProtocolError) {
        guard let object = value as? [String: Any] else { throw .invalidParams("range is missing") }
        try self.init(start: Position(object["start"], "range start"), end: Position(object["end"], "range end"))
    }

    var json: [String: Any] { ["start": start.json, "end": end.json] }
}

/// A document and a place in it, as completion, hover and definition ask about.
struct DocumentPosition {
    let uri: String
    let position: Position

    init(_ params: [String: Any]) throws(ProtocolError) {
        uri = try DocumentURI.of(params)
        position = try Position(params["position"])
    }
}

/// The `textDocument.uri` of a request's parameters.
enum DocumentURI {
    static func of(_ params: [String: Any]) throws(ProtocolError) -> String {
        guard let uri = (params["textDocument"] as? [String: Any])?["uri"] as? String else {
            throw .invalidParams("textDocument.uri is missing")
        }
        return uri
    }
}
