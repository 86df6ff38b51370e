/// A step definition's regular expression; its capture groups are its arguments.
package struct RegularExpression: StepExpression {
    /// The regular expression as written.
    package let source: String
    /// The literal text after `^` that every match starts with (empty without `^`).
    package let literalPrefix: String
    /// Nothing: a regular expression's end is not read for literal text.
    package var literalSuffix: String { "" }
    /// How many capture groups it has (directly, not nested).
    package let parameterCount: Int
    private let pattern: CompiledPattern
    /// The parameter type of each capture group: the one whose pattern the group is
    /// written as, or nil for a plain group (its text, a `String?`).
    package let parameterTypes: [ParameterType?]

    /// Compiles `source`; a capture group written as a parameter type of `registry` is that type.
    package init(
        _ source: String, registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(RegularExpressionError) {
        self.source = source
        pattern = try CompiledPattern(source)
        literalPrefix = Self.literalPrefix(of: source)
        // A capture group written exactly as a parameter type's pattern uses that type.
        let groups = GroupTree(pattern: source).roots.count
        parameterCount = groups
        let sources = Self.topLevelGroupSources(source)
        var types: [ParameterType?] = []
        for index in 0..<groups {
            guard index < sources.count else {
                types.append(nil)
                continue
            }
            types.append(try Self.parameterType(of: sources[index], in: source, registry: registry))
        }
        parameterTypes = types
    }

    /// The type a group written as `group` takes: a built-in type's (as written for `{float}`
    /// or `{word}`), else the defined type's whose pattern it is; of several defined ones, the
    /// one preferred for regular expressions, and without one it is an error, as the official
    /// implementations have it.
    private static func parameterType(
        of group: String, in source: String, registry: ParameterTypeRegistry
    ) throws(RegularExpressionError) -> ParameterType? {
        let written = registry.all.filter { type in
            !type.name.isEmpty && type.regularExpressions.count == 1 && type.regularExpressions[0] == group
        }
        if let builtIn = written.first(where: { registry.isBuiltIn($0.name) && !$0.preferForRegularExpressionMatch }) {
            return builtIn
        }
        let defined = written.filter { !registry.isBuiltIn($0.name) }
        guard defined.count > 1 else { return defined.first }
        if let preferred = defined.first(where: \.preferForRegularExpressionMatch) { return preferred }
        throw RegularExpressionError(
            pattern: source,
            reason: "Your Regular Expression /\(source)/ matches multiple parameter types with regexp /\(group)/: "
                + defined.map { "{\($0.name)}" }.joined(separator: " ")
                + ". Make one of them preferential (preferForRegularExpressionMatch: true), or use a Cucumber Expression"
        )
    }

    /// The arguments (its capture groups) when `text` matches, or nil.
    package func match(_ text: String) -> [Argument]? {
        // Bytes, not characters: a prefix may end inside a character of the text (`cafe`
        // before a combining accent).
        guard text.utf8.starts(with: literalPrefix.utf8), let groups = pattern.match(text) else { return nil }
        return groups.enumerated().map { index, group in
            Argument(group: group, parameterType: index < parameterTypes.count ? parameterTypes[index] : nil)
        }
    }

    /// Literal characters after `^` up to the first metacharacter.
    private static func literalPrefix(of source: String) -> String {
        guard source.hasPrefix("^") else { return "" }
        var prefix = ""
        for scalar in source.unicodeScalars.dropFirst() {
            if "\\^$.|?*+()[]{}".unicodeScalars.contains(scalar) { break }
            prefix.unicodeScalars.append(scalar)
        }
        // A quantifier may apply to the last literal character.
        return String(prefix.dropLast())
    }

    private static func topLevelGroupSources(_ source: String) -> [String] {
        var sources: [String] = []
        var depth = 0
        var current = ""
        var escaping = false
        for scalar in source.unicodeScalars {
            defer { escaping = scalar == "\\" && !escaping }
            if !escaping && scalar == "(" {
                depth += 1
                if depth == 1 {
                    current = ""
                    continue
                }
            }
            if !escaping && scalar == ")" {
                depth -= 1
                if depth == 0 {
                    sources.append(current)
                    continue
                }
            }
            if depth >= 1 { current.unicodeScalars.append(scalar) }
        }
        return sources
    }
}
