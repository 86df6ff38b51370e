/// Turns the rules the parser opens and closes into the `GherkinDocument` tree,
/// handing out ids as each node is finished (children first).
struct AstBuilder {
    var ids: any IdGenerator
    private var stack: [AstNode] = [AstNode(.gherkinDocument)]
    private(set) var comments: [Comment] = []
    private(set) var feature: Feature?

    init(ids: any IdGenerator) { self.ids = ids }

    var top: RuleType { stack[stack.count - 1].rule }
    var depth: Int { stack.count }

    mutating func open(_ rule: RuleType) { stack.append(AstNode(rule)) }

    mutating func build(_ token: Token, _ text: TokenMatcher) {
        if token.type == .comment {
            comments.append(Comment(location: token.location, text: text.text(token)))
        } else {
            stack[stack.count - 1].tokens.append(token)
        }
    }

    /// Closes the innermost rule and adds what it produced to its parent.
    mutating func close(_ text: TokenMatcher) throws(ParseError) {
        let node = stack[stack.count - 1]
        guard node.rule != .gherkinDocument else { return }
        stack.removeLast()
        let parent = stack[stack.count - 1]
        switch node.rule {
        case .step: if let step = step(node, text) { parent.steps.append(step) }
        case .docString: parent.docString = docString(node, text)
        case .dataTable:
            let rows = try tableRows(node, text)
            if let first = rows.first { parent.dataTable = DataTable(location: first.location, rows: rows) }
        case .background: parent.background = background(node, text)
        case .scenarioDefinition: if let scenario = scenario(node, text) { parent.scenarios.append(scenario) }
        case .examplesDefinition: if let examples = examples(node, text) { parent.examples.append(examples) }
        case .examplesTable: parent.rows = try tableRows(node, text)
        case .description: parent.description = description(node, text)
        case .rule: if let rule = rule(node, text) { parent.rules.append(rule) }
        case .feature:
            parent.feature = featureNode(node, text)
            if stack.count == 1 { feature = parent.feature }
        default: parent.nodes.append(node)
        }
    }

    private mutating func step(_ node: AstNode, _ text: TokenMatcher) -> Step? {
        guard let line = node.token(.stepLine) else { return nil }
        return Step(
            location: line.location, keyword: text.keyword(line) ?? "", keywordType: line.keywordType,
            text: text.text(line), docString: node.docString, dataTable: node.dataTable, id: ids.newId())
    }

    private func docString(_ node: AstNode, _ text: TokenMatcher) -> DocString? {
        guard let separator = node.token(.docStringSeparator) else { return nil }
        var content: [UInt8] = []
        var first = true
        for token in node.tokens where token.type == .other {
            if !first { content.append(0x0A) }
            first = false
            text.appendText(token, to: &content)
        }
        return DocString(
            location: separator.location, mediaType: separator.text.isEmpty ? nil : text.text(separator),
            content: String(decoding: content, as: UTF8.self), delimiter: text.keyword(separator) ?? "\"\"\"")
    }

    private mutating func tableRows(_ node: AstNode, _ text: TokenMatcher) throws(ParseError) -> [TableRow] {
        var rows: [TableRow] = []
        for token in node.tokens where token.type == .tableRow {
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

    private mutating func tags(_ node: AstNode?, _ text: TokenMatcher) -> [Tag] {
        guard let tagsNode = node?.node(.tags) else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tokens where token.type == .tagLine {
            for index in token.items {
                let item = text.items[index]
                tags.append(Tag(location: Location(line: token.lineNumber, column: item.column), name: text.text(item, isTag: true), id: ids.newId()))
            }
        }
        return tags
    }

    private func description(_ node: AstNode, _ text: TokenMatcher) -> String {
        var lines = node.tokens.filter { $0.type == .other }
        while let last = lines.last, text.isBlank(last) { lines.removeLast() }
        var content: [UInt8] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { content.append(0x0A) }
            text.appendText(line, to: &content)
        }
        return String(decoding: content, as: UTF8.self)
    }

    private func descriptionText(_ node: AstNode) -> String { node.description ?? "" }

    private mutating func background(_ node: AstNode, _ text: TokenMatcher) -> Background? {
        guard let line = node.token(.backgroundLine) else { return nil }
        return Background(
            location: line.location, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: descriptionText(node), steps: node.steps, id: ids.newId())
    }

    private mutating func scenario(_ node: AstNode, _ text: TokenMatcher) -> Scenario? {
        let tags = tags(node, text)
        guard let scenarioNode = node.node(.scenario), let line = scenarioNode.token(.scenarioLine) else { return nil }
        return Scenario(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: descriptionText(scenarioNode), steps: scenarioNode.steps, examples: scenarioNode.examples, id: ids.newId())
    }

    private mutating func examples(_ node: AstNode, _ text: TokenMatcher) -> Examples? {
        let tags = tags(node, text)
        guard let examplesNode = node.node(.examples), let line = examplesNode.token(.examplesLine) else { return nil }
        let rows = examplesNode.rows ?? []
        return Examples(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: descriptionText(examplesNode), tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
            id: ids.newId())
    }

    private mutating func rule(_ node: AstNode, _ text: TokenMatcher) -> Rule? {
        guard let header = node.node(.ruleHeader) else { return nil }
        let tags = tags(header, text)
        guard let line = header.token(.ruleLine) else { return nil }
        var children: [RuleChild] = []
        children.reserveCapacity(node.scenarios.count + 1)
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        return Rule(
            location: line.location, tags: tags, keyword: text.keyword(line) ?? "", name: text.text(line),
            description: descriptionText(header), children: children, id: ids.newId())
    }

    private mutating func featureNode(_ node: AstNode, _ text: TokenMatcher) -> Feature? {
        guard let header = node.node(.featureHeader) else { return nil }
        let tags = tags(header, text)
        guard let line = header.token(.featureLine) else { return nil }
        var children: [FeatureChild] = []
        children.reserveCapacity(node.scenarios.count + node.rules.count + 1)
        if let background = node.background { children.append(.background(background)) }
        for scenario in node.scenarios { children.append(.scenario(scenario)) }
        for rule in node.rules { children.append(.rule(rule)) }
        return Feature(
            location: line.location, tags: tags, language: text.language(line), keyword: text.keyword(line) ?? "",
            name: text.text(line), description: descriptionText(header), children: children)
    }
}
