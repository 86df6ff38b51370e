/// A rule being built: the tokens it matched and the nodes its sub-rules produced.
struct AstNode {
    /// What a closed sub-rule produced.
    indirect enum Value {
        case step(Step)
        case docString(DocString)
        case dataTable(DataTable)
        case background(Background)
        case scenario(Scenario)
        case examples(Examples)
        case rows([TableRow])
        case description(String)
        case rule(Rule)
        case feature(Feature)
        case node(AstNode)
    }

    let rule: RuleType
    var tokens: [Token] = []
    var children: [(rule: RuleType, value: Value)] = []

    init(_ rule: RuleType) { self.rule = rule }

    func token(_ type: TokenType) -> Token? { tokens.first { $0.type == type } }
    func tokens(_ type: TokenType) -> [Token] { tokens.filter { $0.type == type } }
    func values(_ rule: RuleType) -> [Value] { children.filter { $0.rule == rule }.map(\.value) }
    func value(_ rule: RuleType) -> Value? { children.first { $0.rule == rule }?.value }

    func node(_ rule: RuleType) -> AstNode? {
        if case .node(let node)? = value(rule) { return node }
        return nil
    }
}
