/// Reads a step's argument values one by one as the types its closure declares.
struct ArgumentReader {
    private let values: [any Sendable]
    private var index = 0

    init(_ values: [any Sendable]) { self.values = values }

    mutating func next<T: StepArgument>(_ type: T.Type) throws -> T {
        defer { index += 1 }
        guard index < values.count else {
            throw ArgumentError(message: "the step has \(values.count) argument(s) but the definition asks for more")
        }
        let value = values[index]
        guard let converted = T.converting(value) else { throw Self.unfit(value, as: T.self, parameter: index + 1) }
        return converted
    }

    /// Why `value` cannot be taken as `type`: a regular expression's group is its text, or
    /// absent when the group did not take part in the match.
    private static func unfit(_ value: any Sendable, as type: Any.Type, parameter: Int) -> ArgumentError {
        if let group = value as? String? {
            guard let text = group else {
                return ArgumentError(
                    message: "capture group \(parameter) did not match, so there is no \(type) to give: "
                        + "declare the parameter as \(type)? to take nil")
            }
            return ArgumentError(message: "cannot use \(String(reflecting: text)) (String) as \(type)")
        }
        return ArgumentError(message: "cannot use \(String(reflecting: value)) (\(Swift.type(of: value))) as \(type)")
    }
}

/// A step's arguments do not fit the types its definition declares.
public struct ArgumentError: Error, Sendable, CustomStringConvertible {
    /// What does not fit, in words.
    public let message: String
    /// The message, as the step's failure shows it.
    public var description: String { message }

    /// An error saying `message`.
    public init(message: String) { self.message = message }
}

/// The types of a pack, in order.
func packTypes<each T: StepArgument>(_ types: repeat (each T).Type) -> [any StepArgument.Type] {
    var all: [any StepArgument.Type] = []
    for type in repeat each types { all.append(type) }
    return all
}
