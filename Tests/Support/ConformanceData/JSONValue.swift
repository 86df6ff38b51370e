/// A JSON value, for comparing documents as values rather than bytes.
public indirect enum JSONValue: Equatable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public init(parsing text: String) throws {
        var reader = JSONReader(Array(text.utf8))
        self = try reader.document()
    }

    public subscript(key: String) -> JSONValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var arrayValue: [JSONValue] {
        if case .array(let a) = self { return a }
        return []
    }

    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n == n.rounded() && abs(n) < 1e15 ? "\(Int(n))" : "\(n)"
        case .string(let s): "\"\(s)\""
        case .array(let a): "[" + a.map(\.description).joined(separator: ",") + "]"
        case .object(let o):
            "{" + o.keys.sorted().map { "\"\($0)\":\(o[$0]!.description)" }.joined(separator: ",") + "}"
        }
    }

    /// The value with every key in `keys` removed, at any depth.
    public func removing(keys: Set<String>) -> JSONValue {
        switch self {
        case .array(let a): return .array(a.map { $0.removing(keys: keys) })
        case .object(let o):
            var result: [String: JSONValue] = [:]
            for (key, value) in o where !keys.contains(key) { result[key] = value.removing(keys: keys) }
            return .object(result)
        default: return self
        }
    }
}

public struct JSONSyntaxError: Error, CustomStringConvertible {
    public let offset: Int
    public var description: String { "invalid JSON at byte \(offset)" }
}

/// A strict recursive-descent JSON reader.
struct JSONReader {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func document() throws -> JSONValue {
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else { throw JSONSyntaxError(offset: index) }
        return value
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws {
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else { throw JSONSyntaxError(offset: index) }
            index += 1
        }
    }

    private mutating func value() throws -> JSONValue {
        skipSpace()
        guard index < bytes.count else { throw JSONSyntaxError(offset: index) }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            index += 1
            var object: [String: JSONValue] = [:]
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            }
            while true {
                skipSpace()
                let key = try string()
                skipSpace()
                try expect(":")
                object[key] = try value()
                skipSpace()
                guard index < bytes.count else { throw JSONSyntaxError(offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect("}")
                return .object(object)
            }
        case UInt8(ascii: "["):
            index += 1
            var array: [JSONValue] = []
            skipSpace()
            if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(array)
            }
            while true {
                array.append(try value())
                skipSpace()
                guard index < bytes.count else { throw JSONSyntaxError(offset: index) }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect("]")
                return .array(array)
            }
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default: return .number(try number())
        }
    }

    private mutating func number() throws -> Double {
        let start = index
        while index < bytes.count, "+-0123456789.eE".utf8.contains(bytes[index]) { index += 1 }
        guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)) else {
            throw JSONSyntaxError(offset: start)
        }
        return value
    }

    private mutating func string() throws -> String {
        try expect("\"")
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            if !raw.isEmpty {
                scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
                raw.removeAll()
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else {
                raw.append(byte)
                continue
            }
            guard index < bytes.count else { break }
            let escape = bytes[index]
            index += 1
            switch escape {
            case UInt8(ascii: "n"): raw.append(0x0A)
            case UInt8(ascii: "t"): raw.append(0x09)
            case UInt8(ascii: "r"): raw.append(0x0D)
            case UInt8(ascii: "b"): raw.append(0x08)
            case UInt8(ascii: "f"): raw.append(0x0C)
            case UInt8(ascii: "u"):
                flush()
                var code = try hex4()
                if (0xD800...0xDBFF).contains(code), index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    let low = try hex4()
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                scalars.append(Unicode.Scalar(code) ?? "\u{FFFD}")
            default: raw.append(escape)
            }
        }
        throw JSONSyntaxError(offset: index)
    }

    private mutating func hex4() throws -> UInt32 {
        guard index + 4 <= bytes.count,
            let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16)
        else {
            throw JSONSyntaxError(offset: index)
        }
        index += 4
        return value
    }
}
