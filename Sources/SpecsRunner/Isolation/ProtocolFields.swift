import Foundation

/// The fields of a line of the worker protocol (`PlanLine`, `ResultLine`): separated by
/// U+001F; in a field, `\` is written `\\`, a line feed `\n` and U+001F `\u`, so that a line
/// stays a line whatever it carries.
enum ProtocolFields {
    static let separator: UInt8 = 0x1F
}

/// Writes a line's fields into bytes, escaped.
struct FieldWriter {
    private(set) var bytes: [UInt8] = []
    private var empty = true

    init(capacity: Int = 256) {
        bytes.reserveCapacity(capacity)
    }

    /// A line written after `bytes` (the lines before it, each with its line feed).
    init(after bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Ends the line with a line feed.
    mutating func endLine() {
        bytes.append(0x0A)
        empty = true
    }

    /// The bytes written, the writer left empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
    }

    /// Drops what was written from byte `count` on.
    mutating func drop(from count: Int) {
        bytes.removeSubrange(count...)
        empty = true
    }

    private mutating func separate() {
        if !empty { bytes.append(ProtocolFields.separator) }
        empty = false
    }

    /// A field of text, escaped.
    mutating func text(_ text: String) {
        separate()
        let utf8 = text.utf8
        guard utf8.contains(where: { $0 == 0x5C || $0 == 0x0A || $0 == ProtocolFields.separator }) else {
            bytes.append(contentsOf: utf8)
            return
        }
        for byte in utf8 {
            switch byte {
            case 0x5C: bytes += [0x5C, 0x5C]
            case 0x0A: bytes += [0x5C, UInt8(ascii: "n")]
            case ProtocolFields.separator: bytes += [0x5C, UInt8(ascii: "u")]
            default: bytes.append(byte)
            }
        }
    }

    /// A field that is known to need no escape (a tag letter, a status, a word of the protocol).
    mutating func word(_ word: StaticString) {
        separate()
        word.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// A number.
    mutating func number(_ value: Int) {
        separate()
        guard value >= 0 else { return bytes.append(contentsOf: String(value).utf8) }
        // Digits written backwards into a small buffer, then in order: no String is made.
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: buffer[(24 - count)...])
        }
    }

    /// An optional text: `-` for none, else `=` and the text.
    mutating func optional(_ text: String?) {
        guard let text else { return word("-") }
        separate()
        bytes.append(UInt8(ascii: "="))
        empty = true
        self.text(text)
    }

    /// A field left empty.
    mutating func nothing() { separate() }

    /// The line, without its line feed.
    var line: String { String(decoding: bytes, as: UTF8.self) }
}

/// Reads a line's fields in order, from its bytes.
struct FieldCursor {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var index = 0
    private var ended = false

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Whether every field was read.
    var atEnd: Bool { ended }

    /// The next field's bytes, not unescaped; nil past the last.
    mutating func raw() -> UnsafeBufferPointer<UInt8>? {
        guard !ended else { return nil }
        let start = index
        var end = bytes.count
        if let base = bytes.baseAddress, start < bytes.count,
            let found = memchr(base + start, Int32(ProtocolFields.separator), bytes.count - start)
        {
            end = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            index = end + 1
        } else {
            ended = true
            index = bytes.count
        }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// The next field as text, unescaped.
    mutating func text() -> String? { raw().map(Self.unescaped) }

    /// The next field as a number.
    mutating func integer() -> Int? { raw().flatMap(Self.number) }

    /// The next field as a number that may be absent (an empty field): nil when it is not one.
    mutating func optionalNumber() -> Int?? {
        guard let field = raw() else { return nil }
        if field.isEmpty { return .some(nil) }
        return Self.number(field).map { .some($0) }
    }

    /// The next field as an optional text (`-` or `=TEXT`): nil when it is neither.
    mutating func optionalText() -> String?? {
        guard let field = raw(), let first = field.first else { return nil }
        if first == UInt8(ascii: "-") && field.count == 1 { return .some(nil) }
        guard first == UInt8(ascii: "=") else { return nil }
        return .some(Self.unescaped(UnsafeBufferPointer(rebasing: field.dropFirst())))
    }

    /// Whether the next field is `word`; the field is read either way.
    mutating func take(_ word: StaticString) -> Bool {
        guard let field = raw() else { return false }
        return Self.equals(field, word)
    }

    static func equals(_ field: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        word.withUTF8Buffer { field.elementsEqual($0) }
    }

    /// A decimal number of at most 18 digits, with an optional minus sign.
    static func number(_ field: UnsafeBufferPointer<UInt8>) -> Int? {
        var digits = field[...]
        var negative = false
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 18 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }

    static func unescaped(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "u"): out.append(ProtocolFields.separator)
                default: out.append(byte)
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
