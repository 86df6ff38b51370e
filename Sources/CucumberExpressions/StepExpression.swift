/// An argument of a matched step: the group that matched and the value it stands for.
public struct Argument: Sendable {
    /// The capture group the argument matched.
    public let group: MatchGroup
    /// Its parameter type; nil for a regular expression's plain group (its text).
    public let parameterType: ParameterType?

    /// The argument `group` matched, of `parameterType` (nil: the group's text).
    public init(group: MatchGroup, parameterType: ParameterType?) {
        self.group = group
        self.parameterType = parameterType
    }

    /// The typed value: the parameter type's transform, or the matched text.
    public func value() throws -> any Sendable {
        guard let parameterType else { return group.value }
        return try parameterType.transform(group.transformInput)
    }
}

/// What a step definition is registered with: a Cucumber Expression or a regular expression.
public protocol StepExpression: Sendable {
    /// The expression as written.
    var source: String { get }
    /// The arguments when `text` matches, or nil.
    func match(_ text: String) -> [Argument]?
    /// Literal text every match starts with, for finding candidates quickly.
    var literalPrefix: String { get }
    /// Literal text every match ends with.
    var literalSuffix: String { get }
    /// How many arguments a match has.
    var parameterCount: Int { get }
}
