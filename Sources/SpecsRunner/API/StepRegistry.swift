import CucumberExpressions
import TagExpressions

/// The step definitions, parameter types and hooks of a suite, and how to make the
/// fresh world each scenario runs with.
///
///     var steps = StepRegistry { LoginWorld() }
///     steps.given("un usuario registrado con email {string}") { (world, email: String) in
///         world.email = email
///     }
///
/// `given`, `when`, `then` and `step` are the same: matching ignores the keyword.
/// Closure parameters after the world receive the expression's parameters, typed;
/// one more `DataTable` or `DocString` parameter receives the step's argument.
/// Problems (a bad expression, an unknown `{type}`, parameters that do not fit) are
/// collected with the definition's file and line and reported before anything runs.
public struct StepRegistry<World: AnyObject>: Sendable {
    let makeWorld: @Sendable () async throws -> World
    var parameterTypes = ParameterTypeRegistry()
    var customParameterTypes: [(type: ParameterType, location: CodeLocation)] = []
    /// Parameter types refused at registration (a regular expression that does not compile),
    /// by name: an expression using one is told where it is.
    private var refusedParameterTypes: [String: CodeLocation] = [:]
    var steps: [StepDefinition] = []
    /// Where each expression was first registered, by its kind and text.
    private var registeredExpressions: [String: CodeLocation] = [:]
    /// Expressions registered again (`given` and `then` alike), each with where it was first:
    /// every step they match is ambiguous, and unused, they would go untold.
    package private(set) var registeredTwice: [(location: CodeLocation, first: CodeLocation, expression: String)] = []
    var hooks: [Hook] = []
    /// The tags each hook with a tag expression names, with where the hook is registered.
    package var hookTags: [(location: CodeLocation, tags: [String])] {
        hooks.compactMap { hook in hook.tagExpression.map { (hook.location, $0.expression.tagNames) } }
    }
    /// Whether a step of text `text` would match a definition: asked of description lines a
    /// run suspects to be lost steps (`Wenn a step` in an English file).
    package var definesStep: @Sendable (String) -> Bool {
        let matcher = StepMatcher(definitions: steps)
        return { !matcher.matches(for: $0).isEmpty }
    }
    /// Definitions that could not be registered, each with its file and line; a run reports them before any scenario.
    public internal(set) var problems: [DefinitionProblem] = []
    private var nextId = 0

    /// `world` makes the fresh world of each scenario; when it throws, the scenario fails with its error.
    public init(world: @escaping @Sendable () async throws -> World) {
        self.makeWorld = world
    }

    /// The world maker as the run sees it: the runner's machinery is not generic over the
    /// world's type (generic code across modules runs unspecialised, looking up type metadata
    /// for every plan and step), so definitions take the world as `AnyObject` and cast it back.
    var makeAnyWorld: @Sendable () async throws -> AnyObject {
        let make = makeWorld
        return { try await make() }
    }

    /// The world a definition was handed, as its closure takes it: always the registry's own
    /// type, since the run's worlds come from `makeAnyWorld`.
    static func typed(_ world: AnyObject) throws -> World {
        guard let world = world as? World else {
            throw WorldTypeMismatch(expected: "\(World.self)", found: "\(type(of: world))")
        }
        return world
    }

    mutating func newId() -> String {
        defer { nextId += 1 }
        return "d\(nextId)"
    }

    // MARK: Parameter types

    /// Registers a parameter type usable as `{name}` in expressions registered after it.
    public mutating func parameterType<Value: Sendable>(
        _ name: String, regex: String, useForSnippets: Bool = true, preferForRegularExpressionMatch: Bool = false,
        file: String = #filePath, line: Int = #line, column: Int = #column,
        transform: @escaping @Sendable ([String?]) throws -> Value
    ) {
        let type = ParameterType(
            name: name, regularExpressions: [regex], useForSnippets: useForSnippets,
            preferForRegularExpressionMatch: preferForRegularExpressionMatch, transform: transform)
        let location = CodeLocation(file: file, line: line, column: column)
        if let misuse = Self.parameterTypeMisuse(name: name, regex: regex) {
            refusedParameterTypes[name] = location
            problems.append(
                DefinitionProblem(location: location, message: misuse, undefinedParameterType: nil, expression: name))
            return
        }
        do {
            try parameterTypes.define(type)
            customParameterTypes.append((type, location))
        } catch {
            if parameterTypes.lookup(name) == nil { refusedParameterTypes[name] = location }
            problems.append(
                DefinitionProblem(
                    location: location, message: error.message, undefinedParameterType: nil, expression: name))
        }
    }

    /// What makes a parameter type unusable before it is defined: no name (`{}` is the
    /// anonymous type, which matches anything), or a regular expression anchored at its start or
    /// end, which is matched inside a step's text and so would never match.
    private static func parameterTypeMisuse(name: String, regex: String) -> String? {
        if name.isEmpty { return "a parameter type needs a name: {} is the anonymous type, which matches anything" }
        var trailingEscapes = 0
        for character in regex.dropLast().reversed() {
            guard character == "\\" else { break }
            trailingEscapes += 1
        }
        if regex.hasPrefix("^") || (regex.hasSuffix("$") && trailingEscapes % 2 == 0) {
            return "the regular expression of parameter type {\(name)}, /\(regex)/, is anchored (^ or $): it is "
                + "matched inside a step's text, so it would never match; drop the anchors"
        }
        return nil
    }

    // MARK: Steps

    /// A `Given` step with a Cucumber Expression. The closure receives the scenario's world, then
    /// one value per parameter, of the type it declares (`{int}` as `Int`, `{string}` as `String`, a
    /// custom type as its value), then a trailing `DataTable` or `DocString` when the step has one:
    /// \n     steps.given("{int} book(s) in the cart") { (world, count: Int) in world.cart.add(count) }
    /// \n It may be `async` and throw: an error fails the step with its message, `Pending` and
    /// `Skipped` mark it so. Any keyword's step may match it: the keyword is for the reader.
    /// `file`, `line` and `column` place the definition's errors (`file:line:column`); a helper
    /// that registers steps for its callers passes all three on.
    public mutating func given<each Arg: StepArgument>(
        _ expression: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            expression, regex: false, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self,
            body: body)
    }

    /// A `When` step with a Cucumber Expression: see `given(_:file:line:column:_:)`.
    public mutating func when<each Arg: StepArgument>(
        _ expression: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            expression, regex: false, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self,
            body: body)
    }

    /// A `Then` step with a Cucumber Expression: see `given(_:file:line:column:_:)`.
    public mutating func then<each Arg: StepArgument>(
        _ expression: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            expression, regex: false, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self,
            body: body)
    }

    /// A step with a Cucumber Expression, whatever its keyword.
    public mutating func step<each Arg: StepArgument>(
        _ expression: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            expression, regex: false, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self,
            body: body)
    }

    /// A `Given` step with a regular expression; its capture groups are the parameters.
    public mutating func given<each Arg: StepArgument>(
        regex: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            regex, regex: true, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self, body: body
        )
    }

    /// A `When` step with a regular expression.
    public mutating func when<each Arg: StepArgument>(
        regex: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            regex, regex: true, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self, body: body
        )
    }

    /// A `Then` step with a regular expression.
    public mutating func then<each Arg: StepArgument>(
        regex: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            regex, regex: true, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self, body: body
        )
    }

    /// A step with a regular expression; its capture groups are the parameters.
    public mutating func step<each Arg: StepArgument>(
        regex: String, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        register(
            regex, regex: true, CodeLocation(file: file, line: line, column: column), repeat (each Arg).self, body: body
        )
    }

    private mutating func register<each Arg: StepArgument>(
        _ source: String, regex: Bool, _ location: CodeLocation, _ types: repeat (each Arg).Type,
        body: @escaping @Sendable (World, repeat each Arg) async throws -> Void
    ) {
        let closureTypes = packTypes(repeat each types)
        let declared = closureTypes.count
        let last = closureTypes.last.map { ObjectIdentifier($0) }
        let trailing: StepDefinition.TrailingArgument =
            last == ObjectIdentifier(DataTable.self)
            ? .dataTable : last == ObjectIdentifier(DocString.self) ? .docString : .none
        let compiled: any StepExpression
        let valueTypes: [(name: String, type: Any.Type)]
        do {
            if regex {
                let expression = try RegularExpression(source, registry: parameterTypes)
                compiled = expression
                valueTypes = expression.parameterTypes.map { type in
                    type.map { ("{\($0.name)}", $0.valueType()) } ?? ("a capture group", Optional<String>.self)
                }
            } else {
                let expression = try CucumberExpression(source, registry: parameterTypes)
                compiled = expression
                valueTypes = expression.parameterTypes.map { ("{\($0.name)}", $0.valueType()) }
            }
        } catch let error as ExpressionError {
            if let name = error.undefinedParameterTypeName, let place = refusedParameterTypes[name] {
                problems.append(
                    DefinitionProblem(
                        location: location,
                        message: "'\(source)' uses {\(name)}, which could not be registered (see \(place.place))",
                        undefinedParameterType: nil, expression: source))
                return
            }
            problems.append(
                DefinitionProblem(
                    location: location, message: error.message,
                    undefinedParameterType: error.undefinedParameterTypeName,
                    expression: source))
            return
        } catch {
            problems.append(
                DefinitionProblem(
                    location: location, message: "\(error)", undefinedParameterType: nil, expression: source))
            return
        }
        let arguments = [ObjectIdentifier(DataTable.self), ObjectIdentifier(DocString.self)]
        if let misplaced = closureTypes.dropLast().firstIndex(where: { arguments.contains(ObjectIdentifier($0)) }) {
            problems.append(
                DefinitionProblem(
                    location: location,
                    message: "'\(source)': the closure takes a \(closureTypes[misplaced]) as argument \(misplaced + 1) "
                        + "after the world; a DataTable or DocString must be its last argument",
                    undefinedParameterType: nil, expression: source))
            return
        }
        let parameters = valueTypes.count
        let expected = parameters + (trailing == .none ? 0 : 1)
        guard declared == expected else {
            let message: String
            if let last = closureTypes.last, trailing == .none, declared == parameters + 1 {
                // One more argument than parameters, but not a table or doc string.
                let optional =
                    ObjectIdentifier(last) == ObjectIdentifier(DataTable?.self)
                    ? "DataTable" : ObjectIdentifier(last) == ObjectIdentifier(DocString?.self) ? "DocString" : nil
                if let optional {
                    message =
                        "'\(source)': the closure's last argument is a \(optional)?; declare it \(optional)"
                        + " (a step's table or doc string is never optional)"
                } else {
                    message =
                        "'\(source)' has \(parameters) parameter(s), and its closure's one more argument after them"
                        + " is a \(last); that one must be a DataTable or DocString, for the step's table or doc string"
                }
            } else {
                message =
                    "'\(source)' has \(parameters) parameter(s) but its closure takes \(declared) argument(s) after the world"
                    + " (one more is allowed for a trailing DataTable or DocString)"
            }
            problems.append(
                DefinitionProblem(location: location, message: message, undefinedParameterType: nil, expression: source)
            )
            return
        }
        for (index, value) in valueTypes.enumerated() where !closureTypes[index].accepts(value.type) {
            problems.append(
                DefinitionProblem(
                    location: location,
                    message: "'\(source)': parameter \(index + 1), \(value.name), gives \(value.type) values, "
                        + "but the closure takes it as \(closureTypes[index])",
                    undefinedParameterType: nil, expression: source))
            return
        }
        let invoke: @Sendable (AnyObject, [any Sendable]) async throws -> Void = { world, values in
            var reader = ArgumentReader(values)
            try await body(try Self.typed(world), repeat try reader.next((each Arg).self))
        }
        // The same expression twice matches the same steps twice, each ambiguous (as Cucumber
        // has it, its compatibility kit too): registered, and a run warns of it (`registeredTwice`).
        let key = (regex ? "regex " : "expression ") + source
        if let first = registeredExpressions[key] {
            registeredTwice.append((location, first, source))
        } else {
            registeredExpressions[key] = location
        }
        steps.append(
            StepDefinition(
                id: newId(), expression: compiled, isRegularExpression: regex, location: location, trailing: trailing,
                body: invoke))
    }
}

/// A world of another type reached a definition: a runner put together from two registries.
struct WorldTypeMismatch: Error, CustomStringConvertible {
    let expected: String
    let found: String
    var description: String { "the step was given a world of type \(found), its definitions take \(expected)" }
}
