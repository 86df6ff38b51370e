import CucumberExpressions
import Messages

/// A definition that matched a step, with the step's arguments.
struct StepMatch: Sendable {
    let definition: StepDefinition
    let arguments: [Argument]
    /// The arguments as a message, built once per match (matches are shared by every
    /// step with the same text).
    let message: StepMatchArgumentsList

    init(definition: StepDefinition, arguments: [Argument]) {
        self.definition = definition
        self.arguments = arguments
        message = StepMatchArgumentsList(
            stepMatchArguments: arguments.map {
                StepMatchArgument(group: Self.group($0.group), parameterTypeName: $0.parameterType?.name)
            })
    }

    private static func group(_ group: MatchGroup) -> Messages.Group {
        Messages.Group(children: group.children.map(Self.group), start: group.start, value: group.value)
    }
}

/// Matches step texts against every definition, through the index.
struct StepMatcher: Sendable {
    let definitions: [StepDefinition]
    private let index: StepIndex

    init(definitions: [StepDefinition]) {
        self.definitions = definitions
        index = StepIndex(
            prefixesAndSuffixes: definitions.map { ($0.expression.literalPrefix, $0.expression.literalSuffix) })
    }

    /// Every definition matching `text`: none is undefined, several are ambiguous.
    func matches(for text: String) -> [StepMatch] {
        index.candidates(for: text).compactMap { candidate in
            let definition = definitions[candidate]
            return definition.expression.match(text).map { StepMatch(definition: definition, arguments: $0) }
        }
    }
}
