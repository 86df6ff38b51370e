/// A step definition or hook that cannot be used as written: a bad expression, an
/// unknown parameter type, closure parameters that do not fit the expression.
public struct DefinitionProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Where the definition or hook is written.
    public let location: CodeLocation
    /// What is wrong with it.
    public let message: String
    /// The parameter type an expression names that nobody registered.
    public let undefinedParameterType: String?
    /// The expression (or parameter type name) as written.
    public let expression: String

    /// `file:line:column: error: message`, as compilers write it.
    public var description: String { "\(location.place): error: \(message)" }
}
