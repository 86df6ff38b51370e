/// A boolean expression over tags: `@smoke and not (@slow or @wip)`.
/// `not` binds tighter than `and`, which binds tighter than `or`.
public indirect enum TagExpression: Sendable, Hashable, CustomStringConvertible {
    case always
    case tag(String)
    case not(TagExpression)
    case and(TagExpression, TagExpression)
    case or(TagExpression, TagExpression)

    /// Whether a set of tags satisfies the expression.
    public func evaluate(_ tags: some Collection<String>) -> Bool {
        switch self {
        case .always: true
        case .tag(let name): tags.contains(name)
        case .not(let inner): !inner.evaluate(tags)
        case .and(let lhs, let rhs): lhs.evaluate(tags) && rhs.evaluate(tags)
        case .or(let lhs, let rhs): lhs.evaluate(tags) || rhs.evaluate(tags)
        }
    }

    /// The tags the expression names, in order.
    public var tagNames: [String] {
        switch self {
        case .always: []
        case .tag(let name): [name]
        case .not(let inner): inner.tagNames
        case .and(let lhs, let rhs), .or(let lhs, let rhs): lhs.tagNames + rhs.tagNames
        }
    }

    /// The canonical form, every operator parenthesised.
    public var description: String {
        switch self {
        case .always: ""
        case .tag(let name): Self.escape(name)
        case .not(let inner):
            switch inner {
            case .and, .or: "not \(inner)"
            default: "not ( \(inner) )"
            }
        case .and(let lhs, let rhs): "( \(lhs) and \(rhs) )"
        case .or(let lhs, let rhs): "( \(lhs) or \(rhs) )"
        }
    }

    private static func escape(_ name: String) -> String {
        var result = ""
        for character in name {
            switch character {
            case "\\": result += "\\\\"
            case "(": result += "\\("
            case ")": result += "\\)"
            default: result += character.isWhitespace ? "\\ " : String(character)
            }
        }
        return result
    }
}
