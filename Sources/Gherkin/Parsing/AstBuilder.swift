/// Turns the rules the parser opens and closes into the `GherkinDocument` tree,
/// handing out ids as each node is finished (children first).
///
/// Open rules are frames on a stack and their tokens share one buffer: a rule's tokens
/// are the buffer from its frame's start, and closing a rule that makes a node hands
/// the node to its parent and drops those tokens. Rules that make no node of their own
/// (headers, tags, scenario, examples) leave their tokens for the parent to read.
struct AstBuilder {
    var ids: any IdGenerator
    private var stack: [AstFrame] = [AstFrame(.gherkinDocument, tokenStart: 0)]
    private var tokens: [Token] = []
    private(set) var comments: [Comment] = []
    private(set) var feature: Feature?

    init(ids: any IdGenerator) { self.ids = ids }

    var top: RuleType { stack[stack.count - 1].rule }
    var depth: Int { stack.count }

    mutating func open(_ rule: RuleType) { stack.append(AstFrame(rule, tokenStart: tokens.count)) }

    mutating func build(_ token: Token, _ text: TokenMatcher) {
        if token.type == .comment {
            comments.append(Comment(location: token.location, text: text.text(token)))
        } else {
            tokens.append(token)
        }
    }

    /// Closes the innermost rule and adds what it produced to its parent.
    mutating func close(_ text: TokenMatcher) throws(ParseError) {
        guard stack.count > 1 else { return }
        var node = stack.removeLast()
        let parent = stack.count - 1
        defer {
            if node.makesNode { tokens.removeSubrange(node.tokenStart...) }
        }
        switch node.rule {
        case .step: if let step = step(node, text) { stack[parent].steps.append(step) }
        case .docString: stack[parent].docString = docString(node, text)
        case .dataTable:
            let rows = try tableRows(node, text)
            if let first = rows.first { stack[parent].dataTable = DataTable(location: first.location, rows: rows) }
        case .background: stack[parent].background = background(node, text)
        case .scenarioDefinition: if let scenario = scenario(node, text) { stack[parent].scenarios.append(scenario) }
        case .examplesDefinition: if let examples = examples(node, text) { stack[parent].examples.append(examples) }
        case .examplesTable: stack[parent].rows = try tableRows(node, text)
        case .description: stack[parent].description = description(node, text)
        case .rule: if let rule = rule(node, text) { stack[parent].rules.append(rule) }
        case .feature:
            feature = featureNode(node, text)
        default: stack[parent].adopt(&node)
        }
    }

    /// The node's tokens: the buffer from where it was opened.
    private func tokens(of node: AstFrame) -> ArraySlice<Token> { tokens[node.tokenStart...] }

    /// The first of the node's tokens of a type.
    private func token(_ type: TokenType, of node: AstFrame) -> Token? {
        tokens(of: node).first { $0.type == type }
    }

    private mutating func step(_ node: AstFrame, _ text: TokenMatcher) -> Step? {
        guard let line = token(.stepLine, of: node) else { return nil }
        return Step(
            location: line.location, keyword: text.keyword(line) ?? "", keywordType: line.keywordType,
            text: text.text(line), docString: node.docString, dataTable: node.dataTable, id: ids.newId())
    }

    private func docString(_ node: AstFrame, _ text: TokenMatcher) -> DocString? {
        guard let separator = token(.docStringSeparator, of: node) else { return nil }
        var content: [UInt8] = []
        var first = true
        for token in tokens(of: node) where token.type == .other {
            if !first { content.append(0x0A) }
            first = false
            text.appendText(token, to: &content)
        }
        return DocString(
            location: separator.location, mediaType: separator.text.isEmpty ? nil : text.text(separator),
            content: String(decoding: content, as: UTF8.self), delimiter: text.keyword(separator) ?? "\"\"\"")
    }

    private mutating func tableRows(_ node: AstFrame, _ text: TokenMatcher) throws(ParseError) -> [TableRow] {
        var rows: [TableRow] = []
        for token in tokens(of: node) where token.type == .tableRow {
            var cells: [TableCell] = []
            cells.reserveCapacity(token.items.count)
            for index in token.items {
                let item = text.items[index]
                cells.append(TableCell(location: Location(line: token.lineNumber, column: item.column), value: text.text(item, isTag: false)))
            }
            rows.append(TableRow(location: token.location, cells: cells, id: ids.newId()))
        }
        if let count = rows.first?.cells.count, let bad = rows.first(where: { $0.cells.count != count }) {
            throw ParseError(message: "inconsistent cell count within the table", location: bad.location)
        }
        return rows
    }

    /// The tags of a scenario, examples, rule or feature: its tag lines (the tags of the
    /// nodes inside it were dropped when those closed).
    private mutating func tags(_ node: AstFrame, _ text: TokenMatcher) -> [Tag] {
        var tags: [Tag] = []
        for token in tokens(of: node) where token.type == .tagLine {
            for index in token.items {
                let item = text.items[index]
                tags.append(Tag(location: Location(line: token.lineNumber, column: item.column), name: text.text(item, isTag: true), id: ids.newId()))
            }
        }
        return tags
    }

    private func description(_ node: AstFrame, _ text: TokenMatcher) -> String {
        var lines = tokens(of: node).filter { $0.type == .other }
        while let last = lines.last, text.isBlank(last) { lines.removeLast() }
        var content: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { content.append(0x0A) }
            text.appendText(line, to: &content)
        }
        return String(decoding: content, as: UTF8.self)
    }

    private mutating func background(_ node: AstFrame, _ text: TokenMatcher) -> Background? {
        guard let line = token(.backgroundLine, of: node) else { return nil }
        return Background(
            location: line.location, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: node.description ?? "", steps: node.steps, id: ids.newId())
    }

    private mutating func scenario(_ node: AstFrame, _ text: TokenMatcher) -> Scenario? {
        let tags = tags(node, text)
        guard let line = token(.scenarioLine, of: node) else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: node.description ?? "", steps: node.steps, examples: node.examples, id: ids.newId())
    }

    private mutating func examples(_ node: AstFrame, _ text: TokenMatcher) -> Examples? {
        let tags = tags(node, text)
        guard let line = token(.examplesLine, of: node) else { return nil }
        let rows = node.rows ?? []
        return Examples(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: node.description ?? "", tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
            id: ids.newId())
    }

    private mutating func rule(_ node: AstFrame, _ text: TokenMatcher) -> Rule? {
        let tags = tags(node, text)
        guard let line = token(.ruleLine, of: node) else { return nil }
        var children: [RuleChild] = []
        children.reserveCapacity(node.scenarios.count + 1)
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        return Rule(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: node.description ?? "", children: children, id: ids.newId())
    }

    private mutating func featureNode(_ node: AstFrame, _ text: TokenMatcher) -> Feature? {
        let tags = tags(node, text)
        guard let line = token(.featureLine, of: node) else { return nil }
        var children: [FeatureChild] = []
        children.reserveCapacity(node.scenarios.count + node.rules.count + 1)
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        for rule in node.rules { children.append(.rule(rule)) }
        return Feature(
            location: line.location, tags: tags, language: text.language(line), keyword: text.keyword(line) ?? "",
            name: text.text(line), description: node.description ?? "", children: children)
    }
}
