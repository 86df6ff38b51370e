/// A step definition's regular expression; its capture groups are its arguments.
public struct RegularExpression: StepExpression {
    /// The regular expression as written.
    public let source: String
    /// The literal text after `^` that every match starts with (empty without `^`).
    public let literalPrefix: String
    /// Nothing: a regular expression's end is not read for literal text.
    public var literalSuffix: String { "" }
    /// How many capture groups it has (directly, not nested).
    public let parameterCount: Int
    private let pattern: CompiledPattern
    /// The parameter type of each capture group: the one whose pattern the group is
    /// written as, or nil for a plain group (its text, a `String?`).
    public let parameterTypes: [ParameterType?]

    /// Compiles `source`; a capture group written as a parameter type of `registry` is that type.
    public init(
        _ source: String, registry: ParameterTypeRegistry = ParameterTypeRegistry()
    ) throws(RegularExpressionError) {
        self.source = source
        pattern = try CompiledPattern(source)
        literalPrefix = Self.literalPrefix(of: source)
        // A capture group written exactly as a parameter type's pattern uses that type.
        let groups = GroupTree(pattern: source).roots.count
        parameterCount = groups
        let sources = Self.topLevelGroupSources(source)
        parameterTypes = (0..<groups).map { index in
            guard index < sources.count else { return nil }
            return registry.all.first { type in
                type.preferForRegularExpressionMatch == false && !type.name.isEmpty
                    && type.regularExpressions.count == 1 && type.regularExpressions[0] == sources[index]
            }
        }
    }

    /// The arguments (its capture groups) when `text` matches, or nil.
    public func match(_ text: String) -> [Argument]? {
        guard text.hasPrefix(literalPrefix), let groups = pattern.match(text) else { return nil }
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
