/// A Cucumber Expression (`I have {int} cuke(s)`), compiled to an anchored regular expression.
package struct CucumberExpression: StepExpression {
    /// The expression as written.
    package let source: String
    /// The regular expression it compiles to.
    package let regularExpression: String
    /// The parameter types of its parameters, in order.
    package let parameterTypes: [ParameterType]
    /// The literal text every match starts with.
    package let literalPrefix: String
    /// The literal text every match ends with.
    package let literalSuffix: String
    /// How many parameters it has.
    package var parameterCount: Int { parameterTypes.count }
    private let pattern: CompiledPattern

    /// Compiles `source` with the parameter types of `registry`; throws what is wrong with it,
    /// worded and pointed at as the official implementations do.
    package init(_ source: String, registry: ParameterTypeRegistry = ParameterTypeRegistry()) throws(ExpressionError) {
        self.source = source
        // The tree is not kept (`ExpressionParser.parse` gives it): about 1 KB a definition.
        let ast = try ExpressionParser.parse(source)
        var compiler = ExpressionCompiler(expression: source, registry: registry)
        regularExpression = try compiler.rewrite(ast)
        parameterTypes = compiler.parameterTypes
        literalPrefix = Self.leadingText(ast.nodes)
        literalSuffix = Self.trailingText(ast.nodes)
        if parameterTypes.allSatisfy({ registry.isBuiltIn($0.name) }) {
            // Escaped text and built-in patterns: valid by construction, compiled when
            // first matched (most definitions of a large suite never are).
            pattern = CompiledPattern(compilingOnFirstMatch: regularExpression)
        } else {
            do {
                pattern = try CompiledPattern(regularExpression)
            } catch {
                throw ExpressionError(
                    "This Cucumber Expression compiles to an invalid regular expression: \(regularExpression)")
            }
        }
    }

    /// The arguments when the whole of `text` matches, or nil.
    package func match(_ text: String) -> [Argument]? {
        // Bytes, not characters: a prefix may end inside a character of the text (`cafe`
        // before a combining accent).
        guard text.utf8.starts(with: literalPrefix.utf8), let groups = pattern.match(text) else { return nil }
        return zip(groups, parameterTypes).map { Argument(group: $0, parameterType: $1) }
    }

    /// The text of the text nodes before the first optional, alternation or parameter.
    private static func leadingText(_ nodes: [ExpressionNode]) -> String {
        var text = ""
        for node in nodes {
            guard node.kind == .text, let token = node.token else { break }
            text += token
        }
        return text
    }

    /// The text of the text nodes after the last optional, alternation or parameter
    /// (empty when there is none: the prefix already holds all the text).
    private static func trailingText(_ nodes: [ExpressionNode]) -> String {
        guard nodes.contains(where: { $0.kind != .text }) else { return "" }
        var text = ""
        for node in nodes.reversed() {
            guard node.kind == .text, let token = node.token else { break }
            text = token + text
        }
        return text
    }
}

/// Rewrites the syntax tree into a regular expression, checking the rules that the
/// grammar alone does not (no parameter in an optional, no empty alternative, ...).
struct ExpressionCompiler {
    let expression: String
    let registry: ParameterTypeRegistry
    var parameterTypes: [ParameterType] = []

    mutating func rewrite(_ node: ExpressionNode) throws(ExpressionError) -> String {
        switch node.kind {
        case .text:
            return Self.escape(node.token ?? "")
        case .optional:
            if let parameter = node.nodes.first(where: { $0.kind == .parameter }) {
                throw .parameterInOptional(expression, parameter)
            }
            if let optional = node.nodes.first(where: { $0.kind == .optional }) {
                throw .optionalInOptional(expression, optional)
            }
            if !node.nodes.contains(where: { $0.kind == .text }) { throw .optionalEmpty(expression, node) }
            return "(?:" + (try join(node.nodes, "")) + ")?"
        case .alternation:
            for alternative in node.nodes {
                if alternative.nodes.isEmpty { throw .alternativeEmpty(expression, alternative) }
                if !alternative.nodes.contains(where: { $0.kind == .text }) {
                    throw .alternativeOnlyOptionals(expression, alternative)
                }
            }
            return "(?:" + (try join(node.nodes, "|")) + ")"
        case .alternative:
            return try join(node.nodes, "")
        case .parameter:
            let name = node.text
            guard let type = registry.lookup(name) else { throw .undefinedParameterType(expression, node, name: name) }
            parameterTypes.append(type)
            let patterns = type.regularExpressions
            return patterns.count == 1 ? "(\(patterns[0]))" : "((?:" + patterns.joined(separator: ")|(?:") + "))"
        case .expression:
            return "^" + (try join(node.nodes, "")) + "$"
        }
    }

    private mutating func join(_ nodes: [ExpressionNode], _ separator: String) throws(ExpressionError) -> String {
        var parts: [String] = []
        for node in nodes { parts.append(try rewrite(node)) }
        return parts.joined(separator: separator)
    }

    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { result.unicodeScalars.append("\\") }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
