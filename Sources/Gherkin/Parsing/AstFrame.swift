/// A rule being built: where its tokens start in the builder's buffer and the nodes
/// its closed sub-rules made.
struct AstFrame {
    let rule: RuleType
    let tokenStart: Int
    var steps: [Step] = []
    var scenarios: [Scenario] = []
    var examples: [Examples] = []
    var rules: [Rule] = []
    /// The examples table's rows, header first.
    var rows: [TableRow]?
    var background: Background?
    var docString: DocString?
    var dataTable: DataTable?
    var description: String?

    init(_ rule: RuleType, tokenStart: Int) {
        self.rule = rule
        self.tokenStart = tokenStart
    }

    /// Whether closing the rule makes an AST node, so its tokens are done with.
    /// The others (headers, tags, scenario, examples) hand their tokens and what
    /// they produced to their parent.
    var makesNode: Bool {
        switch rule {
        case .featureHeader, .ruleHeader, .scenario, .examples, .tags, .gherkinDocument: false
        default: true
        }
    }

    /// Takes what a closed rule that makes no node of its own produced.
    mutating func adopt(_ child: AstFrame) {
        if !child.steps.isEmpty { steps = child.steps }
        if !child.examples.isEmpty { examples = child.examples }
        if let rows = child.rows { self.rows = rows }
        if let description = child.description { self.description = description }
    }
}
