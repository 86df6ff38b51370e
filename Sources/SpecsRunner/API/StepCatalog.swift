import CucumberExpressions
import Gherkin

/// What a registry's step definitions are, for tools that help write feature files (the
/// language server): each expression, where it is written and its parameter types, and
/// which of them match a step's text.
package struct StepCatalog: Sendable {
    /// A step definition as tools see it.
    package struct Entry: Sendable, Hashable {
        /// The Cucumber Expression or regular expression, as written.
        package let expression: String
        /// Whether `expression` is a regular expression (`steps.given(regex:)`).
        package let isRegularExpression: Bool
        /// Where the definition is written.
        package let location: CodeLocation
        /// The parameter types, in order (`int`, `string`, a custom name; `""` for `{}`).
        package let parameterTypes: [String]
    }

    /// The registry's step definitions, in registration order.
    package let entries: [Entry]
    private let match: @Sendable (String) -> [Int]
    private let matchArguments: @Sendable (String) -> [ArgumentPlace]
    private let refuse: @Sendable (String, Bool, Bool) -> String?
    /// The custom parameter types that snippets use (`useForSnippets`).
    private let snippetTypes: [ParameterType]
    private let nearest: NearestSteps

    /// The catalog of `registry`'s step definitions.
    package init<World: AnyObject>(_ registry: StepRegistry<World>) {
        let definitions = registry.steps
        entries = definitions.map { definition in
            let types: [String]
            if let cucumber = definition.expression as? CucumberExpression {
                types = cucumber.parameterTypes.map(\.name)
            } else if let regex = definition.expression as? RegularExpression {
                types = regex.parameterTypes.map { $0?.name ?? "" }
            } else {
                types = []
            }
            return Entry(
                expression: definition.expression.source, isRegularExpression: definition.isRegularExpression,
                location: definition.location, parameterTypes: types)
        }
        snippetTypes = registry.customParameterTypes.map(\.type).filter(\.useForSnippets)
        nearest = NearestSteps(definitions: definitions, types: snippetTypes)
        let matcher = StepMatcher(definitions: definitions)
        let position = Dictionary(uniqueKeysWithValues: definitions.enumerated().map { ($0.element.id, $0.offset) })
        match = { text in matcher.matches(for: text).compactMap { position[$0.definition.id] } }
        refuse = { text, table, docString in
            let found = matcher.matches(for: text)
            guard found.count == 1, let match = found.first else { return nil }
            return StepArguments.problem(of: match, table: table, docString: docString)
        }
        matchArguments = { text in
            guard let first = matcher.matches(for: text).first else { return [] }
            return first.arguments.compactMap { argument in
                guard let value = argument.group.value, let start = argument.group.start else { return nil }
                // Match groups count Unicode scalars; editors count UTF-16 units.
                let scalars = text.unicodeScalars
                let lower =
                    scalars.index(scalars.startIndex, offsetBy: start, limitedBy: scalars.endIndex) ?? scalars.endIndex
                return ArgumentPlace(
                    offset: text.utf16.distance(from: text.startIndex, to: lower), length: value.utf16.count,
                    type: argument.parameterType?.name ?? "")
            }
        }
    }

    /// The entries whose expression matches `text`: none is undefined, several ambiguous.
    package func matches(_ text: String) -> [Entry] { match(text).map { entries[$0] } }

    /// Why the runner refuses a step of this text, with or without a table or doc string,
    /// before its definition runs (a value too large for `{int}`, a table the definition
    /// does not take); nil when it runs it, or when no one definition matches.
    public func refusal(of text: String, table: Bool, docString: Bool) -> String? {
        refuse(text, table, docString)
    }

    /// A parameter's place in a step's text, in UTF-16 units, and its type's name (`""` for a
    /// regular expression's group without a type).
    package struct ArgumentPlace: Sendable, Hashable {
        /// Where the argument starts in the step's text, in UTF-16 units.
        package let offset: Int
        /// Its length, in UTF-16 units.
        package let length: Int
        /// Its parameter type's name (`int`, `string`, a custom name).
        package let type: String
    }

    /// The arguments of the first definition that matches `text`, where they are in it.
    package func arguments(of text: String) -> [ArgumentPlace] { matchArguments(text) }

    /// For a text no definition matches, "Did you mean:" and the nearest definitions, each
    /// `'expression' at file:line` on a line of its own (the runner's words); nil when none is near.
    package func didYouMean(_ text: String) -> String? { nearest.didYouMean(text) }

    /// The Swift that defines an undefined step, as the runner suggests it: `steps.given("…") { … }`.
    package func snippet(text: String, type: PickleStepType?, table: Bool, docString: Bool) -> String {
        Snippet.swift(text: text, type: type, table: table, docString: docString, types: snippetTypes)
    }
}
