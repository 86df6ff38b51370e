/// Turns the rules the parser opens and closes into the records of a document,
/// handing out ids as each node is finished (children first).
///
/// Open rules are frames on a stack and their tokens share one buffer: a rule's tokens
/// are the buffer from its frame's start, and closing a rule that makes a node adds
/// its record, tells the parent where it is, and drops those tokens. Rules that make no
/// node of their own (headers, tags, scenario, examples) leave their tokens for the
/// parent to read. Text stays a byte range of the source where it can; text that is
/// not one (unescaped, or joined from lines apart) is added after the source.
struct AstBuilder: ~Copyable {
    private(set) var idSource: IdSource
    /// The open rules, innermost last.
    private var stack = ScratchBuffer<AstFrame>(capacity: 8)
    /// The open rules' tokens, in order.
    private var tokens = ScratchBuffer<Token>(capacity: 16)
    private(set) var nodes = SpareRecords.document()
    /// The source, which text ranges point into.
    private let source: SourceBytes
    /// Text that is not a range of the source (unescaped, or joined from lines apart):
    /// it goes after the source in the document's text, numbered on from its end.
    private var addedText: ScratchBuffer<UInt8>

    init(source: SourceBytes, ids: IdSource) {
        idSource = ids
        self.source = source
        addedText = ScratchBuffer(capacity: source.count / 8 + 64)
        nodes.reserve(forSourceBytes: source.count)
        stack.append(AstFrame(.gherkinDocument, tokenStart: 0))
    }

    var top: RuleType { stack[stack.count - 1].rule }
    /// How many rules are open, the document's included.
    var depth: Int { stack.count }

    /// The records built, moved out of the builder, with the document's text made
    /// once: the source, then the added text.
    consuming func takeNodes() -> AstNodes {
        idSource.complete(&nodes.table.ids)
        nodes.table.text.reserveCapacity(source.count + addedText.count)
        nodes.table.text.append(contentsOf: source.base)
        nodes.table.text.append(contentsOf: addedText.elements(0..<addedText.count))
        return nodes
    }

    mutating func open(_ rule: RuleType) {
        stack.append(AstFrame(rule, tokenStart: tokens.count))
    }

    mutating func build(_ token: Token) {
        if token.type == .comment { addComment(token) } else { tokens.append(token) }
    }

    /// Out of line, so that `build` needs no stack frame for the usual line.
    @inline(never) private mutating func addComment(_ token: Token) {
        nodes.comments.append(CommentRecord(position: position(token), text: TextRef(token.text)))
    }

    /// Closes the innermost rule and adds what it produced to its parent. The matcher,
    /// whose items and keywords the tokens refer to, is only read; it is passed `inout`,
    /// here and below, because a borrowed matcher is copied to the stack on every close
    /// (about 24 instructions, a tenth of closing a step).
    @inline(__always) mutating func close(_ text: inout TokenMatcher) throws(ParseError) {
        guard stack.count > 1 else { return }
        let node = stack.removeLast()
        let parent = stack.count - 1
        defer {
            if node.makesNode { tokens.removeAll(from: node.tokenStart) }
        }
        switch node.rule {
        case .step: if let step = step(node, &text) { stack[parent].steps.add(step) }
        case .docString: stack[parent].docString = docString(node, &text)
        case .dataTable: stack[parent].dataTable = try tableRows(node, &text)
        case .background: stack[parent].background = background(node, &text)
        case .scenarioDefinition: if let scenario = scenario(node, &text) { stack[parent].scenarios.add(scenario) }
        case .examplesDefinition: if let examples = examples(node, &text) { stack[parent].examples.add(examples) }
        case .examplesTable: stack[parent].rows = try tableRows(node, &text)
        case .description: stack[parent].description = description(node, &text)
        case .rule: if let rule = rule(node, &text) { stack[parent].rules.add(rule) }
        case .feature: feature(node, &text)
        default: stack[parent].adopt(node)
        }
    }

    /// The node's tokens: the buffer from where it was opened.
    private func tokens(of node: AstFrame) -> UnsafeBufferPointer<Token> { tokens.elements(node.tokenStart..<tokens.count) }

    /// The first of the node's tokens of a type.
    @inline(__always) private func token(_ type: TokenType, of node: AstFrame) -> Token? {
        for token in tokens(of: node) where token.type == type { return token }
        return nil
    }

    private func position(_ token: Token) -> Position { Position(line: token.lineNumber, column: token.column) }

    @inline(__always) private mutating func newId() -> Int32 { idSource.newId(into: &nodes.table.ids) }

    // MARK: Text

    /// The token's text: its source range, or unescaped after the source.
    private mutating func ref(_ token: Token, _ text: inout TokenMatcher) -> TextRef {
        guard token.unescapeDelimiter != Token.noKeyword else { return TextRef(token.text) }
        return appended { text.appendText(token, to: &$0) }
    }

    @inline(__always) private func keyword(_ token: Token, _ text: inout TokenMatcher) -> TextRef {
        text.keywordRange(token).map(TextRef.init) ?? .empty
    }

    /// The text that `write` adds after the source.
    private mutating func appended(_ write: (inout ScratchBuffer<UInt8>) -> Void) -> TextRef {
        let start = addedText.count
        write(&addedText)
        return TextRef(start: source.count + start, count: addedText.count - start)
    }

    private mutating func added(_ bytes: some Collection<UInt8>) -> TextRef {
        appended { text in for byte in bytes { text.append(byte) } }
    }

    /// Lines joined with line feeds: their source range when each starts just past the
    /// line feed that ends the one before (no carriage return, no indentation dropped);
    /// else a copy after the source.
    private mutating func joined(_ lines: some Collection<Token>, _ text: inout TokenMatcher) -> TextRef {
        guard let first = lines.first else { return .empty }
        var previousEnd: Int?
        var inPlace = true
        for line in lines {
            if line.unescapeDelimiter != Token.noKeyword || previousEnd.map({ line.text.lowerBound != $0 + 1 }) == true {
                inPlace = false
                break
            }
            previousEnd = line.text.upperBound
        }
        if inPlace, let previousEnd { return TextRef(first.text.lowerBound..<previousEnd) }
        return appended { bytes in
            for (index, line) in lines.enumerated() {
                if index > 0 { bytes.append(0x0A) }
                text.appendText(line, to: &bytes)
            }
        }
    }

    // MARK: Nodes

    @inline(__always) private mutating func step(_ node: AstFrame, _ text: inout TokenMatcher) -> Int? {
        guard let line = token(.stepLine, of: node) else { return nil }
        let record = StepRecord(
            position: position(line), keyword: keyword(line, &text), keywordType: line.keywordType, text: ref(line, &text),
            docString: node.docString, table: node.dataTable, id: newId())
        nodes.steps.append(record)
        return nodes.steps.count - 1
    }

    private mutating func docString(_ node: AstFrame, _ text: inout TokenMatcher) -> Int32 {
        guard let separator = token(.docStringSeparator, of: node) else { return -1 }
        let content = joined(tokens(of: node).lazy.filter { $0.type == .other }, &text)
        nodes.docStrings.append(DocStringRecord(
            position: position(separator), mediaType: separator.text.isEmpty ? .absent : TextRef(separator.text),
            content: content, delimiter: keyword(separator, &text)))
        return Int32(nodes.docStrings.count - 1)
    }

    private mutating func tableRows(_ node: AstFrame, _ text: inout TokenMatcher) throws(ParseError) -> Span {
        let first = nodes.rows.count
        var width = -1
        var inconsistent: Position?
        for token in tokens(of: node) where token.type == .tableRow {
            let cellStart = nodes.cells.count
            for index in token.items {
                let item = text.items[index]
                let value = item.unescaped.map { added(text.unescapedText($0).utf8) } ?? TextRef(item.range)
                nodes.cells.append(CellRecord(position: Position(line: token.lineNumber, column: item.column), value: value))
            }
            let count = token.items.count
            if width < 0 { width = count } else if count != width, inconsistent == nil { inconsistent = position(token) }
            nodes.rows.append(RowRecord(position: position(token), cells: Span(cellStart, nodes.cells.count), id: newId()))
        }
        if let inconsistent {
            throw ParseError(message: "inconsistent cell count within the table", location: inconsistent.location)
        }
        return Span(first, nodes.rows.count)
    }

    /// The tags of a scenario, examples, rule or feature: its tag lines (the tags of the
    /// nodes inside it were dropped when those closed).
    private mutating func tags(_ node: AstFrame, _ text: inout TokenMatcher) -> Span {
        let first = nodes.tags.count
        for token in tokens(of: node) where token.type == .tagLine {
            for index in token.items {
                let item = text.items[index]
                let name: TextRef
                if let range = text.tagRange(item) {
                    name = TextRef(range)
                } else {
                    name = added([UInt8(ascii: "@")] + text.source.base[item.range])
                }
                nodes.tags.append(TagRecord(position: Position(line: token.lineNumber, column: item.column), name: name, id: newId()))
            }
        }
        return Span(first, nodes.tags.count)
    }

    private mutating func description(_ node: AstFrame, _ text: inout TokenMatcher) -> TextRef {
        // A description's tokens are its lines (its comments are kept apart).
        var end = tokens.count
        while end > node.tokenStart, text.isBlank(tokens[end - 1]) { end -= 1 }
        return joined(tokens.elements(node.tokenStart..<end), &text)
    }

    private mutating func header(_ line: Token, _ node: AstFrame, _ text: inout TokenMatcher) -> HeaderRecord {
        HeaderRecord(position: position(line), keyword: keyword(line, &text), name: ref(line, &text), description: node.description ?? .empty)
    }

    private mutating func background(_ node: AstFrame, _ text: inout TokenMatcher) -> Int32 {
        guard let line = token(.backgroundLine, of: node) else { return -1 }
        let header = header(line, node, &text)
        nodes.backgrounds.append(BackgroundRecord(header: header, steps: node.steps, id: newId()))
        return Int32(nodes.backgrounds.count - 1)
    }

    private mutating func scenario(_ node: AstFrame, _ text: inout TokenMatcher) -> Int? {
        let tags = tags(node, &text)
        guard let line = token(.scenarioLine, of: node) else { return nil }
        let header = header(line, node, &text)
        nodes.scenarios.append(ScenarioRecord(header: header, tags: tags, steps: node.steps, examples: node.examples, id: newId()))
        return nodes.scenarios.count - 1
    }

    private mutating func examples(_ node: AstFrame, _ text: inout TokenMatcher) -> Int? {
        let tags = tags(node, &text)
        guard let line = token(.examplesLine, of: node) else { return nil }
        let header = header(line, node, &text)
        nodes.examples.append(ExamplesRecord(header: header, tags: tags, rows: node.rows ?? .empty, id: newId()))
        return nodes.examples.count - 1
    }

    private mutating func rule(_ node: AstFrame, _ text: inout TokenMatcher) -> Int? {
        let tags = tags(node, &text)
        guard let line = token(.ruleLine, of: node) else { return nil }
        let header = header(line, node, &text)
        nodes.rules.append(RuleRecord(
            header: header, tags: tags, background: node.background, scenarios: node.scenarios, id: newId()))
        return nodes.rules.count - 1
    }

    private mutating func feature(_ node: AstFrame, _ text: inout TokenMatcher) {
        let tags = tags(node, &text)
        guard let line = token(.featureLine, of: node) else { return }
        let header = header(line, node, &text)
        var language = text.language(line)
        let languageRef = language.withUTF8 { added($0) }
        nodes.feature = FeatureRecord(
            header: header, tags: tags, language: languageRef, background: node.background, scenarios: node.scenarios,
            rules: node.rules)
    }
}
