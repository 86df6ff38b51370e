/// Compiles a `GherkinDocument` into pickles, in document order.
public struct PickleCompiler: Sendable {
    public init() {}

    public func compile<Ids: IdGenerator>(_ document: GherkinDocument, uri: String, ids: inout Ids) -> [Pickle] {
        let storage = document.storage
        guard let feature = storage.nodes.feature else { return [] }
        let source = IdSource(ids)
        let (pickles, used) = storage.nodes.table.text.withUnsafeBufferPointer { text in
            var compilation = PickleCompilation(storage, feature: feature, uri: uri, ids: source, text: text)
            compilation.run(feature)
            return compilation.finish()
        }
        used.advance(&ids)
        return pickles.pickles
    }
}

/// One compilation: reads the document's records and adds pickle records, with text
/// kept as the document's byte ranges unless a placeholder changed it.
private struct PickleCompilation: ~Copyable {
    private let storage: AstStorage
    /// The document's records, read in place.
    private var ast: AstNodes { _read { yield storage.nodes } }
    /// How many ids the document has: the pickles' own are numbered after them.
    private let documentIds: Int32
    private var out: PickleNodes
    private var ids: IdSource
    /// The document's text and table cells, borrowed while compiling (`storage`
    /// keeps the cells alive).
    private let text: UnsafeBufferPointer<UInt8>
    private let cells: UnsafeBufferPointer<CellRecord>
    /// The text that placeholders changed, numbered on from the document's text; it
    /// becomes the pickles' own text when the compilation ends.
    private var substitutedText: ScratchBuffer<UInt8>
    /// The templates of the texts substituted for the current examples block, in the
    /// order every row substitutes them (`templateCursor` is where this row is), with
    /// their pieces.
    private var templates = ScratchBuffer<(text: TextRef, template: Substitution.Template)>(capacity: 16)
    private var templatePieces = ScratchBuffer<Substitution.Piece>(capacity: 32)
    private var templateCursor = 0

    /// A compilation of `feature`, with room for the records it will add.
    init(_ storage: AstStorage, feature: FeatureRecord, uri: String, ids: IdSource, text: UnsafeBufferPointer<UInt8>) {
        self.storage = storage
        documentIds = Int32(truncatingIfNeeded: storage.nodes.table.ids.count)
        out = PickleNodes(
            base: storage, uri: uri, language: storage.nodes.table.string(feature.language), columns: SpareRecords.pickles())
        self.ids = ids
        self.text = text
        cells = storage.nodes.cells.buffer
        // Substituted text: a name and a step text or two per example row, typically;
        // every table row is counted, which is more than enough.
        substitutedText = ScratchBuffer(capacity: storage.nodes.rows.count * 64)
        // Columns left by freed pickles have room already; new ones get what this
        // document needs, counted.
        guard out.steps.capacity == 0 else { return }
        let total = ReservedCounts(feature, in: storage.nodes)
        out.pickles.reserveCapacity(total.pickles)
        out.steps.reserveCapacity(total.steps)
        out.docStrings.reserveCapacity(total.docStrings)
        out.rows.reserveCapacity(total.rows)
        out.cells.reserveCapacity(total.cells)
    }

    /// The pickle records, moved into their storage, and the ids handed out.
    consuming func finish() -> (PickleStorage, IdSource) {
        ids.complete(&out.text.own.ids)
        out.text.own.text = Array(substitutedText.elements(0..<substitutedText.count))
        return (PickleStorage(out), ids)
    }

    mutating func run(_ feature: FeatureRecord) {
        let background = ast.steps(ofBackground: feature.background)
        for scenario in feature.scenarios.range {
            compile(scenario, tags: (feature.tags, .empty), background: (background, .empty))
        }
        for index in feature.rules.range {
            let rule = ast.rules[index]
            for scenario in rule.scenarios.range {
                compile(scenario, tags: (feature.tags, rule.tags), background: (background, ast.steps(ofBackground: rule.background)))
            }
        }
    }

    /// A new id, as an index into all the pickles' ids (the document's first).
    @inline(__always) private mutating func newId() -> Int32 {
        let own = ids.newId(into: &out.text.own.ids)
        return documentIds + own
    }

    private mutating func compile(_ index: Int, tags outer: (Span, Span), background: (Span, Span)) {
        let scenario = ast.scenarios[index]
        guard !scenario.examples.isEmpty else {
            let steps = pickleSteps(scenario, background: background, .none, rowId: -1, literal: 0)
            let tags = PickleTagSpans(feature: outer.0, rule: outer.1, scenario: scenario.tags, examples: .empty)
            let id = newId()
            out.pickles.append(PickleRecord(
                id: id, position: scenario.header.position, name: scenario.header.name, steps: steps, tags: tags,
                scenarioId: scenario.id, rowId: -1))
            return
        }
        let literal = literalSteps(scenario.steps)
        for examplesIndex in scenario.examples.range {
            let examples = ast.examples[examplesIndex]
            guard !examples.rows.isEmpty else { continue }
            let placeholders = Substitution.Placeholders(text: text, names: cells(ast.rows[Int(examples.rows.start)].cells))
            // Every row of the block has the same tags.
            let tags = PickleTagSpans(feature: outer.0, rule: outer.1, scenario: scenario.tags, examples: examples.tags)
            templates.removeAll(from: 0)
            templatePieces.removeAll(from: 0)
            for rowIndex in Int(examples.rows.start) + 1..<Int(examples.rows.end) {
                let row = ast.rows[rowIndex]
                templateCursor = 0
                let substitution = Substitution(placeholders, row: cells(row.cells))
                let steps = pickleSteps(scenario, background: background, substitution, rowId: row.id, literal: literal)
                let id = newId()
                let name = substituted(scenario.header.name, substitution)
                out.pickles.append(PickleRecord(
                    id: id, position: row.position, name: name, steps: steps,
                    tags: tags, scenarioId: scenario.id, rowId: row.id))
            }
        }
    }

    private func bytes(_ ref: TextRef) -> UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(rebasing: text[ref.range]) }

    private func cells(_ span: Span) -> UnsafeBufferPointer<CellRecord> { UnsafeBufferPointer(rebasing: cells[span.range]) }

    /// The text with the row's values in its placeholders: the same range when none
    /// changed it, else the new text added to the pickles' own. Every row of a block
    /// substitutes the same texts in the same order, so the first row finds each text's
    /// template and the others reuse it.
    private mutating func substituted(_ ref: TextRef, _ substitution: Substitution) -> TextRef {
        guard !substitution.isNone, ref.count > 0 else { return ref }
        let template: Substitution.Template
        if templateCursor < templates.count, templates[templateCursor].text == ref {
            template = templates[templateCursor].template
        } else {
            template = substitution.template(of: bytes(ref), into: &templatePieces)
            if templateCursor == templates.count { templates.append((ref, template)) }
        }
        templateCursor += 1
        let start = substitutedText.count
        guard substitution.apply(bytes(ref), template, templatePieces, into: &substitutedText) else { return ref }
        return TextRef(start: text.count + start, count: substitutedText.count - start)
    }

    /// The feature's then the rule's background steps, then the scenario's, substituted for an example row; none
    /// at all when the scenario has no steps of its own. Bit `i` of `literal` says that the scenario's step `i`
    /// holds no `<` anywhere, so that no row can change it.
    private mutating func pickleSteps(
        _ scenario: ScenarioRecord, background: (Span, Span), _ substitution: Substitution, rowId: Int32, literal: UInt64
    ) -> Span {
        let first = out.steps.count
        guard !scenario.steps.isEmpty else { return Span(first, first) }
        var keywordType = StepKeywordType.unknown
        for step in background.0.range { plainStep(step, &keywordType, rowId: -1) }
        for step in background.1.range { plainStep(step, &keywordType, rowId: -1) }
        if substitution.isNone {
            for step in scenario.steps.range { plainStep(step, &keywordType, rowId: -1) }
        } else {
            var literal = literal
            for step in scenario.steps.range {
                if literal & 1 != 0 {
                    plainStep(step, &keywordType, rowId: rowId)
                } else {
                    pickleStep(step, &keywordType, substitution, rowId: rowId)
                }
                literal >>= 1
            }
        }
        return Span(first, out.steps.count)
    }

    /// Bit `i` set when step `i` of `steps` (of the first 64) has no `<` in its text,
    /// doc string or table: an example row leaves it as it is.
    private func literalSteps(_ steps: Span) -> UInt64 {
        var literal: UInt64 = 0
        for (offset, index) in steps.range.prefix(64).enumerated() {
            let step = ast.steps[index]
            guard !holdsOpenBracket(step.text) else { continue }
            if let doc = documentDocString(of: step) {
                guard !holdsOpenBracket(doc.content), !holdsOpenBracket(doc.mediaType) else { continue }
            }
            guard !ast.rows[step.table.range].contains(where: { row in
                cells(row.cells).contains { holdsOpenBracket($0.value) }
            }) else { continue }
            literal |= 1 << UInt64(offset)
        }
        return literal
    }

    private func holdsOpenBracket(_ ref: TextRef) -> Bool { Substitution.firstOpening(in: bytes(ref)) != nil }

    /// A step that no example row changes (a background's, a plain scenario's, or an
    /// outline's without placeholders): it keeps its document's text and table. Inlined
    /// into its loops: the call and its frame cost a tenth of the step.
    @inline(__always) private mutating func plainStep(_ index: Int, _ keywordType: inout StepKeywordType, rowId: Int32) {
        let step = ast.steps[index]
        if let type = step.keywordType, type != .conjunction { keywordType = type }
        var docString: Int32 = -1
        var order: Int8 = 0
        if let doc = documentDocString(of: step) {
            docString = addDocString(mediaType: doc.mediaType, content: doc.content)
            if !step.table.isEmpty { order = argumentOrder(docStringLine: doc.position.line, table: step.table) }
        }
        let hasTable = !step.table.isEmpty
        out.steps.append(PickleStepRecord(
            id: newId(), text: step.text, type: keywordType.pickleStepType, docString: docString,
            table: hasTable ? step.table : .empty, tableInDocument: hasTable, argumentOrder: order, stepId: step.id, rowId: rowId))
    }

    /// The step's doc string in the document, if it has one.
    private func documentDocString(of step: StepRecord) -> DocStringRecord? {
        step.docString < 0 ? nil : ast.docStrings[Int(step.docString)]
    }

    /// Adds a pickle doc string (an absent media type stays absent); its index.
    private mutating func addDocString(mediaType: TextRef, content: TextRef) -> Int32 {
        out.docStrings.append(PickleDocStringRecord(mediaType: mediaType.isAbsent ? .absent : mediaType, content: content))
        return Int32(out.docStrings.count - 1)
    }

    /// 1 when the step's table comes before its doc string, 2 when it comes after.
    private func argumentOrder(docStringLine: Int32, table: Span) -> Int8 {
        docStringLine > ast.rows[Int(table.start)].position.line ? 1 : 2
    }

    /// A step of an outline for one example row: its text, doc string and table with
    /// the row's values in their placeholders, the table copied to hold them.
    private mutating func pickleStep(
        _ index: Int, _ keywordType: inout StepKeywordType, _ substitution: Substitution, rowId: Int32
    ) {
        let step = ast.steps[index]
        if let type = step.keywordType, type != .conjunction { keywordType = type }
        var docString: Int32 = -1
        var docLine: Int32 = 0
        if let doc = documentDocString(of: step) {
            docLine = doc.position.line
            docString = addDocString(mediaType: substituted(doc.mediaType, substitution), content: substituted(doc.content, substitution))
        }
        var table = Span.empty
        var order: Int8 = 0
        if !step.table.isEmpty {
            let firstRow = out.rows.count
            for rowIndex in step.table.range {
                let firstCell = out.cells.count
                for cell in ast.rows[rowIndex].cells.range {
                    let value = substituted(ast.cells[cell].value, substitution)
                    out.cells.append(value)
                }
                out.rows.append(Span(firstCell, out.cells.count))
            }
            table = Span(firstRow, out.rows.count)
        }
        if docString >= 0, !step.table.isEmpty {
            order = argumentOrder(docStringLine: docLine, table: step.table)
        }
        let id = newId()
        let text = substituted(step.text, substitution)
        out.steps.append(PickleStepRecord(
            id: id, text: text, type: keywordType.pickleStepType, docString: docString,
            table: table, tableInDocument: false, argumentOrder: order, stepId: step.id, rowId: rowId))
    }
}

extension StepKeywordType {
    var pickleStepType: PickleStepType {
        switch self {
        case .context: .context
        case .action: .action
        case .outcome: .outcome
        case .unknown, .conjunction: .unknown
        }
    }
}

/// How many records of each kind a compilation adds.
private struct ReservedCounts {
    var pickles = 0, steps = 0, docStrings = 0, rows = 0, cells = 0

    /// Adds the step records of `other` (the steps of one more span).
    mutating func add(_ other: ReservedCounts) { add(other, times: 1) }

    /// Adds the step records of `other`, `times` over (one set per pickle).
    mutating func add(_ other: ReservedCounts, times: Int) {
        steps += other.steps * times
        docStrings += other.docStrings * times
        rows += other.rows * times
        cells += other.cells * times
    }
}

extension ReservedCounts {
    /// The records compiling `feature` adds: a pickle per scenario or example row, each
    /// with its backgrounds' steps and its own, and their arguments.
    init(_ feature: FeatureRecord, in ast: borrowing AstNodes) {
        self.init()
        func count(_ scenarios: Span, background: ReservedCounts) {
            for index in scenarios.range {
                let scenario = ast.scenarios[index]
                var rows = scenario.examples.isEmpty ? 1 : 0
                for examplesIndex in scenario.examples.range {
                    let examples = ast.examples[examplesIndex]
                    let count = max(examples.rows.count - 1, 0)
                    rows += count
                }
                pickles += rows
                if !scenario.steps.isEmpty {
                    var steps = background
                    steps.add(Self(arguments: scenario.steps, in: ast, copiesTables: !scenario.examples.isEmpty))
                    add(steps, times: rows)
                }
            }
        }
        let background = Self(arguments: ast.steps(ofBackground: feature.background), in: ast, copiesTables: false)
        count(feature.scenarios, background: background)
        for index in feature.rules.range {
            let rule = ast.rules[index]
            var both = background
            both.add(Self(arguments: ast.steps(ofBackground: rule.background), in: ast, copiesTables: false))
            count(rule.scenarios, background: both)
        }
    }

    /// The steps of `span` with their doc strings, and their table rows and cells when
    /// the tables are copied to be substituted (outline steps).
    private init(arguments span: Span, in ast: borrowing AstNodes, copiesTables: Bool) {
        self.init()
        steps = span.count
        for index in span.range {
            let step = ast.steps[index]
            if step.docString >= 0 { docStrings += 1 }
            guard copiesTables, !step.table.isEmpty else { continue }
            rows += step.table.count
            // A table's rows are side by side, and so are their cells.
            cells += Int(ast.rows[Int(step.table.end) - 1].cells.end - ast.rows[Int(step.table.start)].cells.start)
        }
    }
}
