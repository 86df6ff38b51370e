import Gherkin

/// A small JSON writer for the envelopes a run emits for every step and scenario,
/// where a general-purpose encoder costs more than the step. Keys are written in
/// sorted order, so the output equals the `Codable` encoding with sorted keys.
struct JSONWriter {
    private(set) var text = ""

    init() { text.reserveCapacity(256) }

    mutating func raw(_ fragment: String) { text += fragment }

    /// `"name":`, after a comma unless it is the object's first key.
    mutating func key(_ name: String, first: Bool = false) {
        text += first ? "\"\(name)\":" : ",\"\(name)\":"
    }

    mutating func field(_ name: String, _ value: String, first: Bool = false) {
        key(name, first: first)
        string(value)
    }

    /// A field left out when the value is absent.
    mutating func field(_ name: String, _ value: String?, first: Bool = false) {
        if let value { field(name, value, first: first) }
    }

    /// `[a,b,...]`, each element written by `element`.
    mutating func list<Items: Collection>(_ items: Items, _ element: (inout JSONWriter, Items.Element) -> Void) {
        text += "["
        var first = true
        for item in items {
            if !first { text += "," }
            first = false
            element(&self, item)
        }
        text += "]"
    }

    mutating func strings(_ values: [String]) { list(values) { $0.string($1) } }

    mutating func string(_ value: String) {
        text += "\""
        guard value.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) else {
            text += value
            text += "\""
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case "\u{08}": text += "\\b"
            case "\u{0C}": text += "\\f"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    text.unicodeScalars.append(scalar)
                }
            }
        }
        text += "\""
    }

    /// A timestamp or a duration: `{"nanos":…,"seconds":…}`.
    mutating func time(seconds: Int, nanos: Int) {
        text += "{\"nanos\":\(nanos),\"seconds\":\(seconds)}"
    }

    mutating func location(_ l: Location) {
        if let column = l.column {
            text += "{\"column\":\(column),\"line\":\(l.line)}"
        } else {
            text += "{\"line\":\(l.line)}"
        }
    }
}

extension Envelope {
    /// The envelope as JSON by hand, for the messages a run emits per step and per
    /// scenario; nil for the others, which the `Codable` encoding writes.
    public var fastJSON: String? {
        var w = JSONWriter()
        switch self {
        case .testStepStarted(let m):
            w.raw("{\"testStepStarted\":{")
            w.field("testCaseStartedId", m.testCaseStartedId, first: true)
            w.field("testStepId", m.testStepId)
            w.key("timestamp")
            w.time(seconds: m.timestamp.seconds, nanos: m.timestamp.nanos)
            w.raw("}}")
        case .testStepFinished(let m):
            let result = m.testStepResult
            // Results with exceptions are rare: the general encoder writes them.
            guard result.exception == nil else { return nil }
            w.raw("{\"testStepFinished\":{")
            w.field("testCaseStartedId", m.testCaseStartedId, first: true)
            w.field("testStepId", m.testStepId)
            w.raw(",\"testStepResult\":{")
            w.key("duration", first: true)
            w.time(seconds: result.duration.seconds, nanos: result.duration.nanos)
            w.field("message", result.message)
            w.field("status", result.status.rawValue)
            w.raw("}")
            w.key("timestamp")
            w.time(seconds: m.timestamp.seconds, nanos: m.timestamp.nanos)
            w.raw("}}")
        case .testCaseStarted(let m):
            w.raw("{\"testCaseStarted\":{\"attempt\":\(m.attempt)")
            w.field("id", m.id)
            w.field("testCaseId", m.testCaseId)
            w.key("timestamp")
            w.time(seconds: m.timestamp.seconds, nanos: m.timestamp.nanos)
            w.field("workerId", m.workerId)
            w.raw("}}")
        case .testCaseFinished(let m):
            w.raw("{\"testCaseFinished\":{")
            w.field("testCaseStartedId", m.testCaseStartedId, first: true)
            w.key("timestamp")
            w.time(seconds: m.timestamp.seconds, nanos: m.timestamp.nanos)
            w.raw(",\"willBeRetried\":\(m.willBeRetried)}}")
        case .testCase(let m):
            w.raw("{\"testCase\":")
            w.testCase(m)
            w.raw("}")
        case .pickle(let m):
            w.raw("{\"pickle\":")
            w.pickle(m)
            w.raw("}")
        case .gherkinDocument(let m):
            w.raw("{\"gherkinDocument\":")
            w.document(m)
            w.raw("}")
        default:
            return nil
        }
        return w.text
    }
}
