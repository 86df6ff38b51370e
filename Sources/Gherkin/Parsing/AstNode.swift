/// A rule being built: the tokens it matched and, by kind, what its closed sub-rules
/// produced. A reference, so the builder's stack moves nodes without copying them.
final class AstNode {
    let rule: RuleType
    var tokens: [Token] = []
    /// Rules that produce no AST node of their own (headers, tags, scenario, examples).
    var nodes: [AstNode] = []
    var steps: [Step] = []
    var scenarios: [Scenario] = []
    var examples: [Examples] = []
    var rules: [Rule] = []
    var background: Background?
    var docString: DocString?
    var dataTable: DataTable?
    var rows: [TableRow]?
    var description: String?
    var feature: Feature?

    init(_ rule: RuleType) { self.rule = rule }

    func token(_ type: TokenType) -> Token? {
        for token in tokens where token.type == type { return token }
        return nil
    }

    func node(_ rule: RuleType) -> AstNode? {
        for node in nodes where node.rule == rule { return node }
        return nil
    }
}
