/// Turns the rules the parser opens and closes into the nodes of a document, handing
/// out ids as each node is finished (children first), as the official builders do.
///
/// Open rules are frames on a stack and their tokens share one buffer: a rule's tokens
/// are the buffer from its frame's start, and closing a rule that makes a node gives
/// the node to its parent and drops those tokens. Rules that make no node of their own
/// (headers, tags, scenario, examples) leave their tokens for the parent to read.
struct AstBuilder {
    /// Where ids come from (an existential: the parser's code is not specialised per generator).
    var ids: any IdGenerator
    /// The open rules, innermost last.
    private var stack: [AstFrame] = [AstFrame(.gherkinDocument, tokenStart: 0)]
    /// The open rules' tokens, in order.
    private var tokens: [Token] = []
    private(set) var feature: Feature?
    private(set) var comments: [Comment] = []

    init(ids: any IdGenerator) {
        self.ids = ids
        tokens.reserveCapacity(16)
    }

    var top: RuleType { stack[stack.count - 1].rule }
    /// How many rules are open, the document's included.
    var depth: Int { stack.count }

    mutating func open(_ rule: RuleType) {
        stack.append(AstFrame(rule, tokenStart: tokens.count))
    }

    mutating func build(_ token: Token, _ text: borrowing TokenMatcher) {
        if token.type == .comment {
            comments.append(Comment(location: token.location, text: text.string(token.text)))
        } else {
            tokens.append(token)
        }
    }

    /// Closes the innermost rule and gives what it made to its parent.
    mutating func close(_ text: borrowing TokenMatcher) throws(ParseError) {
        guard stack.count > 1 else { return }
        let node = stack.removeLast()
        let parent = stack.count - 1
        defer {
            if node.makesNode { tokens.removeSubrange(node.tokenStart...) }
        }
        switch node.rule {
        case .step: if let step = step(node, text) { stack[parent].steps.append(step) }
        case .docString: stack[parent].docString = docString(node, text)
        case .dataTable:
            let rows = try tableRows(node, text)
            stack[parent].dataTable = rows.first.map { DataTable(location: $0.location, rows: rows) }
        case .background: stack[parent].background = background(node, text)
        case .scenarioDefinition: if let scenario = scenario(node, text) { stack[parent].scenarios.append(scenario) }
        case .examplesDefinition: if let examples = examples(node, text) { stack[parent].examples.append(examples) }
        case .examplesTable: stack[parent].rows = try tableRows(node, text)
        case .description: stack[parent].description = description(node, text)
        case .rule: if let rule = rule(node, text) { stack[parent].rules.append(rule) }
        case .feature: feature = feature(node, text)
        default: stack[parent].adopt(node)
        }
    }

    /// The node's tokens: the buffer from where it was opened.
    private func tokens(of node: AstFrame) -> ArraySlice<Token> { tokens[node.tokenStart...] }

    /// The first of the node's tokens of a type.
    private func token(_ type: TokenType, of node: AstFrame) -> Token? {
        tokens(of: node).first { $0.type == type }
    }

    // MARK: Nodes

    private mutating func step(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Step? {
        guard let line = token(.stepLine, of: node) else { return nil }
        return Step(
            location: line.location, keyword: text.keyword(line), keywordType: line.keywordType, text: text.text(line),
            docString: node.docString, dataTable: node.dataTable, id: ids.newId())
    }

    private func docString(_ node: AstFrame, _ text: borrowing TokenMatcher) -> DocString? {
        guard let separator = token(.docStringSeparator, of: node) else { return nil }
        return DocString(
            location: separator.location, mediaType: separator.text.isEmpty ? nil : text.string(separator.text),
            content: text.joined(tokens(of: node).filter { $0.type == .other }), delimiter: text.keyword(separator))
    }

    private mutating func tableRows(_ node: AstFrame, _ text: borrowing TokenMatcher) throws(ParseError) -> [TableRow] {
        var rows: [TableRow] = []
        var inconsistent: Location?
        for token in tokens(of: node) where token.type == .tableRow {
            let cells = token.items.map { index in
                let item = text.items[index]
                return TableCell(
                    location: Location(line: token.lineNumber, column: item.column), value: text.value(item))
            }
            if let width = rows.first?.cells.count, cells.count != width, inconsistent == nil {
                inconsistent = token.location
            }
            rows.append(TableRow(location: token.location, cells: cells, id: ids.newId()))
        }
        if let inconsistent {
            throw ParseError(message: "inconsistent cell count within the table", location: inconsistent)
        }
        return rows
    }

    /// The tags of a scenario, examples, rule or feature: its tag lines (the tags of the
    /// nodes inside it were dropped when those closed).
    private mutating func tags(_ node: AstFrame, _ text: borrowing TokenMatcher) -> [Tag] {
        var tags: [Tag] = []
        for token in tokens(of: node) where token.type == .tagLine {
            for index in token.items {
                let item = text.items[index]
                tags.append(
                    Tag(
                        location: Location(line: token.lineNumber, column: item.column), name: text.tagName(item),
                        id: ids.newId()))
            }
        }
        return tags
    }

    private func description(_ node: AstFrame, _ text: borrowing TokenMatcher) -> String {
        // A description's tokens are its lines (its comments are kept apart).
        var lines = tokens(of: node)
        while let last = lines.last, text.isBlank(last) { lines.removeLast() }
        return text.joined(lines)
    }

    private mutating func background(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Background? {
        guard let line = token(.backgroundLine, of: node) else { return nil }
        return Background(
            location: line.location, keyword: text.keyword(line), name: text.text(line),
            description: node.description ?? "",
            steps: node.steps, id: ids.newId())
    }

    private mutating func scenario(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Scenario? {
        let tags = tags(node, text)
        guard let line = token(.scenarioLine, of: node) else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: text.keyword(line), name: text.text(line),
            description: node.description ?? "", steps: node.steps, examples: node.examples, id: ids.newId())
    }

    private mutating func examples(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Examples? {
        let tags = tags(node, text)
        guard let line = token(.examplesLine, of: node) else { return nil }
        let rows = node.rows ?? []
        return Examples(
            location: line.location, tags: tags, keyword: text.keyword(line), name: text.text(line),
            description: node.description ?? "", tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
            id: ids.newId())
    }

    private mutating func rule(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Rule? {
        let tags = tags(node, text)
        guard let line = token(.ruleLine, of: node) else { return nil }
        var children = node.background.map { [RuleChild.background($0)] } ?? []
        children.append(contentsOf: node.scenarios.lazy.map(RuleChild.scenario))
        return Rule(
            location: line.location, tags: tags, keyword: text.keyword(line), name: text.text(line),
            description: node.description ?? "", children: children, id: ids.newId())
    }

    private mutating func feature(_ node: AstFrame, _ text: borrowing TokenMatcher) -> Feature? {
        let tags = tags(node, text)
        guard let line = token(.featureLine, of: node) else { return nil }
        var children = node.background.map { [FeatureChild.background($0)] } ?? []
        children.append(contentsOf: node.scenarios.lazy.map(FeatureChild.scenario))
        children.append(contentsOf: node.rules.lazy.map(FeatureChild.rule))
        return Feature(
            location: line.location, tags: tags, language: text.language(line), keyword: text.keyword(line),
            name: text.text(line), description: node.description ?? "", children: children)
    }
}
