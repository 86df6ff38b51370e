import Gherkin

/// A small JSON writer for the envelopes a run emits for every step and scenario,
/// where a general-purpose encoder costs more than the step. It appends UTF-8 bytes;
/// keys are written in sorted order, so the output equals the `Codable` encoding with
/// sorted keys. The reports of the package write their JSON with it too.
///
/// JSON is written in fragments of a few bytes: a quote, a key, a colon. The writer keeps
/// them in one block of memory of its own, grown by doubling, because appending each to an
/// `Array` checks the array's uniqueness and capacity every time, which took a fifth of
/// `specs gherkin`'s time on the benchmark corpus. It is `~Copyable`, so no copy can share
/// the block it writes to.
package struct JSONWriter: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int

    /// An empty writer, its block 1 KiB to start with: most envelopes fit.
    package init() {
        capacity = 1024
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// The bytes written so far.
    package var bytes: [UInt8] { Array(written) }

    /// Appends the bytes written so far to `target`.
    package func append(to target: inout [UInt8]) { target.append(contentsOf: written) }

    private var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    @inline(__always) package mutating func byte(_ value: UInt8) {
        if count == capacity { grow(toHold: 1) }
        base[count] = value
        count += 1
    }

    package mutating func raw(_ fragment: StaticString) {
        fragment.withUTF8Buffer { append($0) }
    }

    @inline(__always) private mutating func append(_ fragment: UnsafeBufferPointer<UInt8>) {
        guard let start = fragment.baseAddress, !fragment.isEmpty else { return }
        if capacity - count < fragment.count { grow(toHold: fragment.count) }
        (base + count).initialize(from: start, count: fragment.count)
        count += fragment.count
    }

    /// A block at least twice as large, holding the bytes written so far.
    @inline(never) private mutating func grow(toHold extra: Int) {
        let larger = Swift.max(capacity * 2, count + extra)
        let block = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        block.initialize(from: base, count: count)
        base.deallocate()
        base = block
        capacity = larger
    }

    package mutating func number(_ value: Int) {
        guard value != 0 else {
            byte(UInt8(ascii: "0"))
            return
        }
        if value < 0 { byte(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var length = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while magnitude > 0 {
                buffer[length] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                length += 1
            }
            for index in stride(from: length - 1, through: 0, by: -1) { byte(buffer[index]) }
        }
    }

    mutating func bool(_ value: Bool) {
        if value { raw("true") } else { raw("false") }
    }

    /// `"name":`, after a comma unless it is the object's first key.
    mutating func key(_ name: StaticString, first: Bool = false) {
        if !first { byte(UInt8(ascii: ",")) }
        byte(UInt8(ascii: "\""))
        raw(name)
        byte(UInt8(ascii: "\""))
        byte(UInt8(ascii: ":"))
    }

    mutating func field(_ name: StaticString, _ value: String, first: Bool = false) {
        key(name, first: first)
        string(value)
    }

    /// A field left out when the value is absent.
    mutating func field(_ name: StaticString, _ value: String?, first: Bool = false) {
        if let value { field(name, value, first: first) }
    }

    /// `[a,b,...]`, each element written by `element`.
    mutating func list<Items: Collection>(_ items: Items, _ element: (inout JSONWriter, Items.Element) -> Void) {
        byte(UInt8(ascii: "["))
        var first = true
        for item in items {
            if !first { byte(UInt8(ascii: ",")) }
            first = false
            element(&self, item)
        }
        byte(UInt8(ascii: "]"))
    }

    mutating func strings<Values: Collection<String>>(_ values: Values) { list(values) { $0.string($1) } }

    package mutating func string(_ value: String) {
        byte(UInt8(ascii: "\""))
        // Native strings lend their bytes; others (bridged) are copied first.
        if value.utf8.withContiguousStorageIfAvailable({ escaped($0) }) == nil {
            var copy = value
            copy.withUTF8 { escaped($0) }
        }
        byte(UInt8(ascii: "\""))
    }

    /// The bytes of a string's body, escaped where JSON needs it.
    private mutating func escaped(_ utf8: UnsafeBufferPointer<UInt8>) {
        var clean = 0
        for index in utf8.indices {
            let unit = utf8[index]
            guard unit < 0x20 || unit == 0x22 || unit == 0x5C else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[clean..<index]))
            clean = index + 1
            escape(unit)
        }
        append(UnsafeBufferPointer(rebasing: utf8[clean...]))
    }

    private mutating func escape(_ unit: UInt8) {
        switch unit {
        case 0x22: raw("\\\"")
        case 0x5C: raw("\\\\")
        case 0x0A: raw("\\n")
        case 0x0D: raw("\\r")
        case 0x09: raw("\\t")
        case 0x08: raw("\\b")
        case 0x0C: raw("\\f")
        default:
            let hex: [UInt8] = Array("0123456789abcdef".utf8)
            raw("\\u00")
            byte(hex[Int(unit >> 4)])
            byte(hex[Int(unit & 0x0F)])
        }
    }

    /// A timestamp or a duration: `{"nanos":…,"seconds":…}`.
    mutating func time(seconds: Int, nanos: Int) {
        raw("{\"nanos\":")
        number(nanos)
        raw(",\"seconds\":")
        number(seconds)
        byte(UInt8(ascii: "}"))
    }

    mutating func location(_ l: Location) {
        if let column = l.column {
            raw("{\"column\":")
            number(column)
            raw(",\"line\":")
        } else {
            raw("{\"line\":")
        }
        number(l.line)
        byte(UInt8(ascii: "}"))
    }
}

extension Envelope {
    /// The envelope as JSON by hand, for the messages a run emits per step and per
    /// scenario; nil for the others, which the `Codable` encoding writes.
    public var fastJSON: String? {
        var bytes: [UInt8] = []
        return writeFastJSON(into: &bytes) ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// Appends the envelope as JSON by hand; false (and nothing appended) for the
    /// envelopes the `Codable` encoding writes.
    public func writeFastJSON(into bytes: inout [UInt8]) -> Bool {
        var w = JSONWriter()
        defer { w.append(to: &bytes) }
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
            guard result.exception == nil else { return false }
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
            w.raw("{\"testCaseStarted\":{\"attempt\":")
            w.number(m.attempt)
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
            w.raw(",\"willBeRetried\":")
            w.bool(m.willBeRetried)
            w.raw("}}")
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
        case .source(let m):
            w.raw("{\"source\":{")
            w.field("data", m.data, first: true)
            w.field("mediaType", m.mediaType)
            w.field("uri", m.uri)
            w.raw("}}")
        default:
            return false
        }
        return true
    }
}
