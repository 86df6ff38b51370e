/// A rule being built: where its tokens start in the builder's buffer and, by kind,
/// the records its closed sub-rules added. Children of one node are added side by
/// side, so a span from the first to the last says which they are.
struct AstFrame {
    let rule: RuleType
    let tokenStart: Int
    var steps = Span.empty
    var scenarios = Span.empty
    var examples = Span.empty
    var rules = Span.empty
    /// The examples table's rows, header first.
    var rows: Span?
    var background: Int32 = -1
    var docString: Int32 = -1
    var dataTable = Span.empty
    var description: TextRef?

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

extension Span {
    /// The span with the record at `index` added: the one just after its end.
    mutating func add(_ index: Int) {
        if isEmpty { self = Span(index, index + 1) } else { end = Int32(truncatingIfNeeded: index + 1) }
    }
}
