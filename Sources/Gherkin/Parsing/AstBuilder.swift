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

    mutating func build(_ token: Token) {
        if token.type == .comment {
            comments.append(Comment(location: token.location, text: token.text))
        } else {
            stack[stack.count - 1].tokens.append(token)
        }
    }

    /// Closes the innermost rule and adds what it produced to its parent.
    mutating func close() throws(ParseError) {
        let node = stack.removeLast()
        if node.rule == .gherkinDocument {
            stack.append(node)
            return
        }
        let value = try transform(node)
        if case .feature(let built)? = value, stack.count == 1 { feature = built }
        if let value { stack[stack.count - 1].children.append((node.rule, value)) }
    }

    private mutating func transform(_ node: AstNode) throws(ParseError) -> AstNode.Value? {
        switch node.rule {
        case .step: return step(node).map(AstNode.Value.step)
        case .docString: return docString(node).map(AstNode.Value.docString)
        case .dataTable:
            let rows = try tableRows(node)
            guard let first = rows.first else { return nil }
            return .dataTable(DataTable(location: first.location, rows: rows))
        case .background: return background(node).map(AstNode.Value.background)
        case .scenarioDefinition: return scenario(node).map(AstNode.Value.scenario)
        case .examplesDefinition: return examples(node).map(AstNode.Value.examples)
        case .examplesTable: return .rows(try tableRows(node))
        case .description: return .description(description(node))
        case .rule: return rule(node).map(AstNode.Value.rule)
        case .feature: return featureNode(node).map(AstNode.Value.feature)
        default: return .node(node)
        }
    }

    private mutating func step(_ node: AstNode) -> Step? {
        guard let line = node.token(.stepLine) else { return nil }
        var dataTable: DataTable?
        var docString: DocString?
        if case .dataTable(let table)? = node.value(.dataTable) { dataTable = table }
        if case .docString(let doc)? = node.value(.docString) { docString = doc }
        return Step(
            location: line.location, keyword: line.keyword ?? "", keywordType: line.keywordType,
            text: line.text, docString: docString, dataTable: dataTable, id: ids.newId())
    }

    private func docString(_ node: AstNode) -> DocString? {
        guard let separator = node.token(.docStringSeparator) else { return nil }
        let content = node.tokens(.other).map(\.text).joined(separator: "\n")
        return DocString(
            location: separator.location, mediaType: separator.text.isEmpty ? nil : separator.text,
            content: content, delimiter: separator.keyword ?? "\"\"\"")
    }

    private mutating func tableRows(_ node: AstNode) throws(ParseError) -> [TableRow] {
        let rows = node.tokens(.tableRow).map { token in
            TableRow(
                location: token.location,
                cells: token.items.map { TableCell(location: Location(line: token.lineNumber, column: $0.column), value: $0.text) },
                id: ids.newId())
        }
        if let count = rows.first?.cells.count, let bad = rows.first(where: { $0.cells.count != count }) {
            throw ParseError(message: "inconsistent cell count within the table", location: bad.location)
        }
        return rows
    }

    private mutating func tags(_ node: AstNode?) -> [Tag] {
        guard let tagsNode = node?.node(.tags) else { return [] }
        var tags: [Tag] = []
        for token in tagsNode.tokens(.tagLine) {
            for item in token.items {
                tags.append(Tag(location: Location(line: token.lineNumber, column: item.column), name: item.text, id: ids.newId()))
            }
        }
        return tags
    }

    private func description(_ node: AstNode) -> String {
        var lines = node.tokens(.other).map(\.text)
        while let last = lines.last, Substring(last).trimmingWhitespace().isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    private func descriptionText(_ node: AstNode?) -> String {
        if case .description(let text)? = node?.value(.description) { return text }
        return ""
    }

    private func steps(_ node: AstNode) -> [Step] {
        node.values(.step).compactMap { if case .step(let step) = $0 { return step } else { return nil } }
    }

    private mutating func background(_ node: AstNode) -> Background? {
        guard let line = node.token(.backgroundLine) else { return nil }
        return Background(
            location: line.location, keyword: line.keyword ?? "", name: line.text,
            description: descriptionText(node), steps: steps(node), id: ids.newId())
    }

    private mutating func scenario(_ node: AstNode) -> Scenario? {
        let tags = tags(node)
        guard let scenarioNode = node.node(.scenario), let line = scenarioNode.token(.scenarioLine) else { return nil }
        let examples = scenarioNode.values(.examplesDefinition).compactMap {
            if case .examples(let examples) = $0 { return examples } else { return nil }
        }
        return Scenario(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text,
            description: descriptionText(scenarioNode), steps: steps(scenarioNode), examples: examples, id: ids.newId())
    }

    private mutating func examples(_ node: AstNode) -> Examples? {
        let tags = tags(node)
        guard let examplesNode = node.node(.examples), let line = examplesNode.token(.examplesLine) else { return nil }
        var rows: [TableRow] = []
        if case .rows(let table)? = examplesNode.value(.examplesTable) { rows = table }
        return Examples(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text,
            description: descriptionText(examplesNode), tableHeader: rows.first, tableBody: Array(rows.dropFirst()),
            id: ids.newId())
    }

    private mutating func rule(_ node: AstNode) -> Rule? {
        guard let header = node.node(.ruleHeader) else { return nil }
        let tags = tags(header)
        guard let line = header.token(.ruleLine) else { return nil }
        var children: [RuleChild] = []
        if case .background(let background)? = node.value(.background) { children.append(.background(background)) }
        for case .scenario(let scenario) in node.values(.scenarioDefinition) { children.append(.scenario(scenario)) }
        return Rule(
            location: line.location, tags: tags, keyword: line.keyword ?? "", name: line.text,
            description: descriptionText(header), children: children, id: ids.newId())
    }

    private mutating func featureNode(_ node: AstNode) -> Feature? {
        guard let header = node.node(.featureHeader) else { return nil }
        let tags = tags(header)
        guard let line = header.token(.featureLine) else { return nil }
        var children: [FeatureChild] = []
        if case .background(let background)? = node.value(.background) { children.append(.background(background)) }
        for case .scenario(let scenario) in node.values(.scenarioDefinition) { children.append(.scenario(scenario)) }
        for case .rule(let rule) in node.values(.rule) { children.append(.rule(rule)) }
        return Feature(
            location: line.location, tags: tags, language: line.language, keyword: line.keyword ?? "",
            name: line.text, description: descriptionText(header), children: children)
    }
}
