import Gherkin

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
        case .testCase(let m):
            w.testCase(m)
        case .pickle(let m):
            w.pickle(m)
        case .gherkinDocument(let m):
            w.document(m)
        default:
            return nil
        }
        return w.text
    }
}

extension JSONWriter {
    mutating func strings(_ values: [String]) {
        text += "["
        for (index, value) in values.enumerated() {
            if index > 0 { text += "," }
            string(value)
        }
        text += "]"
    }

    mutating func testCase(_ m: TestCaseMessage) {
        raw("{\"testCase\":{\"id\":")
        string(m.id)
        raw(",\"pickleId\":")
        string(m.pickleId)
        if let run = m.testRunStartedId {
            raw(",\"testRunStartedId\":")
            string(run)
        }
        raw(",\"testSteps\":[")
        for (index, step) in m.testSteps.enumerated() {
            if index > 0 { raw(",") }
            raw("{")
            if let hook = step.hookId {
                raw("\"hookId\":")
                string(hook)
                raw(",")
            }
            raw("\"id\":")
            string(step.id)
            if let pickleStep = step.pickleStepId {
                raw(",\"pickleStepId\":")
                string(pickleStep)
            }
            if let definitions = step.stepDefinitionIds {
                raw(",\"stepDefinitionIds\":")
                strings(definitions)
            }
            if let lists = step.stepMatchArgumentsLists {
                raw(",\"stepMatchArgumentsLists\":[")
                for (listIndex, list) in lists.enumerated() {
                    if listIndex > 0 { raw(",") }
                    raw("{\"stepMatchArguments\":[")
                    for (argumentIndex, argument) in list.stepMatchArguments.enumerated() {
                        if argumentIndex > 0 { raw(",") }
                        raw("{\"group\":")
                        group(argument.group)
                        if let name = argument.parameterTypeName {
                            raw(",\"parameterTypeName\":")
                            string(name)
                        }
                        raw("}")
                    }
                    raw("]}")
                }
                raw("]")
            }
            raw("}")
        }
        raw("]}}")
    }

    mutating func group(_ g: Group) {
        raw("{")
        var separator = ""
        if !g.children.isEmpty {
            raw("\"children\":[")
            for (index, child) in g.children.enumerated() {
                if index > 0 { raw(",") }
                group(child)
            }
            raw("]")
            separator = ","
        }
        if let start = g.start {
            raw(separator + "\"start\":\(start)")
            separator = ","
        }
        if let value = g.value {
            raw(separator + "\"value\":")
            string(value)
        }
        raw("}")
    }

    mutating func pickle(_ m: Pickle) {
        raw("{\"pickle\":{\"astNodeIds\":")
        strings(m.astNodeIds)
        raw(",\"id\":")
        string(m.id)
        raw(",\"language\":")
        string(m.language)
        raw(",\"location\":")
        location(m.location)
        raw(",\"name\":")
        string(m.name)
        raw(",\"steps\":[")
        for (index, step) in m.steps.enumerated() {
            if index > 0 { raw(",") }
            raw("{")
            if let argument = step.argument {
                raw("\"argument\":{")
                if let table = argument.dataTable {
                    raw("\"dataTable\":{")
                    if let index = table.argumentIndex { raw("\"argumentIndex\":\(index),") }
                    raw("\"rows\":[")
                    for (rowIndex, row) in table.rows.enumerated() {
                        if rowIndex > 0 { raw(",") }
                        raw("{\"cells\":[")
                        for (cellIndex, cell) in row.cells.enumerated() {
                            if cellIndex > 0 { raw(",") }
                            raw("{\"value\":")
                            string(cell.value)
                            raw("}")
                        }
                        raw("]}")
                    }
                    raw("]}")
                }
                if let doc = argument.docString {
                    if argument.dataTable != nil { raw(",") }
                    raw("\"docString\":{")
                    if let index = doc.argumentIndex { raw("\"argumentIndex\":\(index),") }
                    raw("\"content\":")
                    string(doc.content)
                    if let media = doc.mediaType {
                        raw(",\"mediaType\":")
                        string(media)
                    }
                    raw("}")
                }
                raw("},")
            }
            raw("\"astNodeIds\":")
            strings(step.astNodeIds)
            raw(",\"id\":")
            string(step.id)
            raw(",\"text\":")
            string(step.text)
            if let type = step.type { raw(",\"type\":\"\(type.rawValue)\"") }
            raw("}")
        }
        raw("],\"tags\":[")
        for (index, tag) in m.tags.enumerated() {
            if index > 0 { raw(",") }
            raw("{\"astNodeId\":")
            string(tag.astNodeId)
            raw(",\"name\":")
            string(tag.name)
            raw("}")
        }
        raw("],\"uri\":")
        string(m.uri)
        raw("}}")
    }

    mutating func location(_ l: Location) {
        if let column = l.column {
            raw("{\"column\":\(column),\"line\":\(l.line)}")
        } else {
            raw("{\"line\":\(l.line)}")
        }
    }
}
