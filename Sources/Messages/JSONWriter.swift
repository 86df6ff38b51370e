/// A small JSON writer for the envelopes a run emits for every step, where a
/// general-purpose encoder costs more than the step. Keys are written in sorted
/// order, so the output equals the `Codable` encoding with sorted keys.
struct JSONWriter {
    private(set) var text = ""

    init() { text.reserveCapacity(256) }

    mutating func raw(_ fragment: String) { text += fragment }

    mutating func string(_ value: String) {
        text += "\""
        var needsEscape = false
        for byte in value.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
            needsEscape = true
            break
        }
        guard needsEscape else {
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

    mutating func timestamp(_ value: Timestamp) {
        text += "{\"nanos\":\(value.nanos),\"seconds\":\(value.seconds)}"
    }

    mutating func duration(_ value: Duration) {
        text += "{\"nanos\":\(value.nanos),\"seconds\":\(value.seconds)}"
    }
}

extension Envelope {
    /// The envelope as JSON by hand, for the per-step messages; nil for the others.
    public var fastJSON: String? {
        var w = JSONWriter()
        switch self {
        case .testStepStarted(let m):
            w.raw("{\"testStepStarted\":{\"testCaseStartedId\":")
            w.string(m.testCaseStartedId)
            w.raw(",\"testStepId\":")
            w.string(m.testStepId)
            w.raw(",\"timestamp\":")
            w.timestamp(m.timestamp)
            w.raw("}}")
        case .testStepFinished(let m):
            let result = m.testStepResult
            // Results with exceptions are rare: the general encoder writes them.
            guard result.exception == nil else { return nil }
            w.raw("{\"testStepFinished\":{\"testCaseStartedId\":")
            w.string(m.testCaseStartedId)
            w.raw(",\"testStepId\":")
            w.string(m.testStepId)
            w.raw(",\"testStepResult\":{\"duration\":")
            w.duration(result.duration)
            if let message = result.message {
                w.raw(",\"message\":")
                w.string(message)
            }
            w.raw(",\"status\":\"\(result.status.rawValue)\"},\"timestamp\":")
            w.timestamp(m.timestamp)
            w.raw("}}")
        case .testCaseStarted(let m):
            w.raw("{\"testCaseStarted\":{\"attempt\":\(m.attempt),\"id\":")
            w.string(m.id)
            w.raw(",\"testCaseId\":")
            w.string(m.testCaseId)
            w.raw(",\"timestamp\":")
            w.timestamp(m.timestamp)
            if let worker = m.workerId {
                w.raw(",\"workerId\":")
                w.string(worker)
            }
            w.raw("}}")
        case .testCaseFinished(let m):
            w.raw("{\"testCaseFinished\":{\"testCaseStartedId\":")
            w.string(m.testCaseStartedId)
            w.raw(",\"timestamp\":")
            w.timestamp(m.timestamp)
            w.raw(",\"willBeRetried\":\(m.willBeRetried)}}")
        default:
            return nil
        }
        return w.text
    }
}
