/// A step definition or hook that cannot be used as written: a bad expression, an
/// unknown parameter type, closure parameters that do not fit the expression.
public struct DefinitionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    public let location: CodeLocation
    public let message: String
    /// The parameter type an expression names that nobody registered.
    public let undefinedParameterType: String?
    public let expression: String

    public var description: String { "\(location): error: \(message)" }
}
