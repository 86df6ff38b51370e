/// A named parameter type: the regular expressions it matches and how it turns the
/// matched text into a value.
public struct ParameterType: Sendable {
    /// The name an expression writes between braces: `int` for `{int}`.
    public let name: String
    /// The regular expressions the parameter's text may match, any of them.
    public let regularExpressions: [String]
    /// Whether snippets for undefined steps may use this type.
    public let useForSnippets: Bool
    /// Whether a regular expression's capture group written as this type's pattern takes this
    /// type rather than another with the same pattern.
    public let preferForRegularExpressionMatch: Bool
    private let transformer: @Sendable ([String?]) throws -> any Sendable
    /// The Swift type of the values `transform` makes, so that a step definition's
    /// parameters can be checked against it when it is registered.
    public let valueType: @Sendable () -> Any.Type

    /// A parameter type named `name`, matching `regularExpressions`, whose `transform` makes a
    /// value of the capture groups (or of the whole match when the pattern has none).
    public init<Value: Sendable>(
        name: String, regularExpressions: [String], useForSnippets: Bool = true,
        preferForRegularExpressionMatch: Bool = false,
        transform: @escaping @Sendable ([String?]) throws -> Value
    ) {
        self.name = name
        self.regularExpressions = regularExpressions
        self.useForSnippets = useForSnippets
        self.preferForRegularExpressionMatch = preferForRegularExpressionMatch
        self.transformer = { try transform($0) }
        self.valueType = { Value.self }
    }

    /// The value for a match: `groups` are the capture groups inside the parameter,
    /// or the whole parameter's text when it has none.
    public func transform(_ groups: [String?]) throws -> any Sendable { try transformer(groups) }

    /// Whether the name is one a Cucumber Expression can use.
    public static func isValidName(_ name: String) -> Bool {
        !name.unicodeScalars.contains { "{}()\\/".unicodeScalars.contains($0) }
    }
}

/// A value that could not be converted to what its parameter type promises.
public struct TransformError: Error, Sendable, CustomStringConvertible {
    /// The parameter type's name.
    public let parameterType: String
    /// The text it could not convert.
    public let text: String
    /// The problem, worded for a step's failure.
    public var description: String { "'\(text)' is not a valid {\(parameterType)}" }
}
