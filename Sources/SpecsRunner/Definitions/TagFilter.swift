import TagExpressions

/// A parsed tag expression, kept with its source text.
struct TagFilter: Sendable {
    let source: String
    let expression: TagExpression

    func matches(_ tags: [String]) -> Bool { expression.evaluate(tags) }
}
