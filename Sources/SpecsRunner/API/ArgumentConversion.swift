import Foundation

/// Reads a step's argument values one by one as the types its closure declares.
struct ArgumentReader {
    private let values: [any Sendable]
    private var index = 0

    init(_ values: [any Sendable]) { self.values = values }

    mutating func next<T>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        guard index < values.count else {
            throw ArgumentError(message: "the step has \(values.count) argument(s) but the definition asks for more")
        }
        return try Self.convert(values[index], to: T.self)
    }

    /// Converts a transformed value to the declared type: the value itself, or a
    /// lossless numeric or textual conversion.
    static func convert<T>(_ value: any Sendable, to type: T.Type) throws -> T {
        if let same = value as? T { return same }
        if let optional = value as? String?, optional == nil, let empty = "" as? T { return empty }
        if let integer = value as? Int {
            if let converted = convertInteger(integer, to: T.self) { return converted }
        }
        if let double = value as? Double {
            if let float = Float(double) as? T { return float }
            if let decimal = Decimal(double) as? T { return decimal }
        }
        if let text = value as? String {
            if let decimal = Decimal(string: text), let converted = decimal as? T { return converted }
            if let converter = T.self as? any LosslessStringConvertible.Type, let converted = converter.init(text) as? T {
                return converted
            }
        }
        throw ArgumentError(message: "cannot use \(String(reflecting: value)) (\(Swift.type(of: value))) as \(T.self)")
    }

    private static func convertInteger<T>(_ value: Int, to type: T.Type) -> T? {
        if let integerType = T.self as? any BinaryInteger.Type { return integerType.init(exactly: value) as? T }
        if T.self == Double.self { return Double(value) as? T }
        if T.self == Float.self { return Float(value) as? T }
        if T.self == Decimal.self { return Decimal(value) as? T }
        return nil
    }
}

/// A step's arguments do not fit the types its definition declares.
public struct ArgumentError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// How many types a pack holds.
func packCount<each T>(_ types: repeat (each T).Type) -> Int {
    var count = 0
    for _ in repeat each types { count += 1 }
    return count
}

/// The type a pack ends with, when it has any.
func packLast<each T>(_ types: repeat (each T).Type) -> Any.Type? {
    var last: Any.Type?
    for type in repeat each types { last = type }
    return last
}
