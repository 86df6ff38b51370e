import Foundation

/// A type a step closure can take after the world: what an expression's parameter is
/// converted to, or the step's `DataTable` or `DocString`. The standard number and
/// text types conform; a custom parameter type's value conforms with one line,
/// `extension Money: StepArgument {}`.
public protocol StepArgument: Sendable {
    /// Whether a parameter whose values are of `type` can be taken as this type: checked
    /// when the step is registered, so a mismatch is reported before anything runs.
    static func accepts(_ type: Any.Type) -> Bool
    /// The value as this type, or nil when it cannot be one.
    static func converting(_ value: any Sendable) -> Self?
}

extension StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { type == Self.self }
    public static func converting(_ value: any Sendable) -> Self? { value as? Self }
}

/// Integers take integer parameters (`{int}`) exactly, and text as written.
public protocol IntegerStepArgument: StepArgument, FixedWidthInteger {}

extension IntegerStepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { type is any BinaryInteger.Type || TextValue.isText(type) }
    public static func converting(_ value: any Sendable) -> Self? {
        if let integer = value as? any BinaryInteger { return Self(exactly: integer) }
        return TextValue.text(value).flatMap { Self($0) }
    }
}

extension Int: IntegerStepArgument {}
extension Int8: IntegerStepArgument {}
extension Int16: IntegerStepArgument {}
extension Int32: IntegerStepArgument {}
extension Int64: IntegerStepArgument {}
extension UInt: IntegerStepArgument {}
extension UInt8: IntegerStepArgument {}
extension UInt16: IntegerStepArgument {}
extension UInt32: IntegerStepArgument {}
extension UInt64: IntegerStepArgument {}

extension Double: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { NumberValue.isNumber(type) || TextValue.isText(type) }
    /// Any number the registration check accepts for it: a `Double`, `Float`, `Decimal` or
    /// an integer of any width (a custom type may give an `Int64`), or text that is one.
    public static func converting(_ value: any Sendable) -> Double? {
        if let number = value as? Double { return number }
        if let number = value as? Float { return Double(number) }
        if let decimal = value as? Decimal { return Double(truncating: decimal as NSDecimalNumber) }
        if let integer = value as? any BinaryInteger { return Double(integer) }
        return TextValue.text(value).flatMap { Double($0) }
    }
}

extension Float: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { NumberValue.isNumber(type) || TextValue.isText(type) }
    /// A number too large for a `Float` is nil, as an integer too large for its type is.
    public static func converting(_ value: any Sendable) -> Float? {
        guard let number = Double.converting(value) else { return nil }
        let float = Float(number)
        return float.isInfinite && number.isFinite ? nil : float
    }
}

extension Decimal: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { NumberValue.isNumber(type) || TextValue.isText(type) }
    /// A `{float}` as the number the step wrote (`1.005`, from the `Double`'s shortest text,
    /// not its binary value 1.00499…); text only when the whole of it is a number; nil for
    /// a number too large for a `Decimal`.
    public static func converting(_ value: any Sendable) -> Decimal? {
        if let decimal = value as? Decimal { return decimal }
        if let integer = value as? any BinaryInteger { return NumberValue.decimal("\(integer)") }
        if let number = value as? Double { return number.isFinite ? NumberValue.decimal("\(number)") : nil }
        if let number = value as? Float { return number.isFinite ? NumberValue.decimal("\(number)") : nil }
        return TextValue.text(value).flatMap(NumberValue.decimal)
    }
}

extension String: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { TextValue.isText(type) }
    public static func converting(_ value: any Sendable) -> String? { TextValue.text(value) }
}

extension Substring: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { TextValue.isText(type) }
    public static func converting(_ value: any Sendable) -> Substring? { TextValue.text(value).map { Substring($0) } }
}

extension Bool: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { type == Bool.self || TextValue.isText(type) }
    public static func converting(_ value: any Sendable) -> Bool? {
        if let flag = value as? Bool { return flag }
        return TextValue.text(value).flatMap { Bool($0) }
    }
}

extension Optional: StepArgument where Wrapped: StepArgument {
    public static func accepts(_ type: Any.Type) -> Bool { type == Self.self || Wrapped.accepts(type) }
    public static func converting(_ value: any Sendable) -> Wrapped?? {
        if let same = value as? Wrapped? { return .some(same) }
        return Wrapped.converting(value).map { .some($0) }
    }
}

extension DataTable: StepArgument {}
extension DocString: StepArgument {}

/// Parameter values that are text: `{word}`, `{string}`, `{}` and regular expression groups.
enum TextValue {
    static func isText(_ type: Any.Type) -> Bool {
        type == String.self || type == Optional<String>.self || type == Substring.self
    }

    static func text(_ value: any Sendable) -> String? {
        if let text = value as? String { return text }
        if let text = value as? Substring { return String(text) }
        if let optional = value as? String?, optional == nil { return "" }
        return nil
    }
}

/// Parameter values that are numbers: `{int}`, `{float}` and their kin.
enum NumberValue {
    static func isNumber(_ type: Any.Type) -> Bool {
        type is any BinaryInteger.Type || type == Double.self || type == Float.self || type == Decimal.self
    }

    /// The whole of `text` as a decimal number (`-12.5`, `.5`, `1E-20`), or nil: `1.5abc`
    /// or `5 apples` is not one, though `Decimal(string:)` reads its start.
    static func decimal(_ text: String) -> Decimal? {
        var scalars = text.unicodeScalars[...]
        func skipDigits() -> Int {
            let count = scalars.prefix { ("0"..."9").contains($0) }.count
            scalars = scalars.dropFirst(count)
            return count
        }
        if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
        var digits = skipDigits()
        if scalars.first == "." {
            scalars = scalars.dropFirst()
            digits += skipDigits()
        }
        guard digits > 0 else { return nil }
        if scalars.first == "e" || scalars.first == "E" {
            scalars = scalars.dropFirst()
            if scalars.first == "+" || scalars.first == "-" { scalars = scalars.dropFirst() }
            guard skipDigits() > 0 else { return nil }
        }
        guard scalars.isEmpty, let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN
        else { return nil }
        return value
    }
}

/// A parameter's value as it comes, whatever its type: for steps (and tools) that
/// pass values on without reading them.
public struct StepValue: StepArgument {
    /// The value as the parameter type made it (an `Int` for `{int}`, a custom type's value).
    public let value: any Sendable

    public static func accepts(_ type: Any.Type) -> Bool { true }
    public static func converting(_ value: any Sendable) -> StepValue? { StepValue(value: value) }
}
