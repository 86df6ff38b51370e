// The nodes of a parsed document as flat records of numbers: text as byte ranges,
// children as spans of the record columns of `AstNodes`, ids as indices into the text table.

struct TagRecord: Sendable {
    var position: Position
    var name: TextRef
    var id: Int32
}

struct CommentRecord: Sendable {
    var position: Position
    var text: TextRef
}

struct CellRecord: Sendable {
    var position: Position
    var value: TextRef
}

struct RowRecord: Sendable {
    var position: Position
    var cells: Span
    var id: Int32
}

struct DocStringRecord: Sendable {
    var position: Position
    var mediaType: TextRef
    var content: TextRef
    var delimiter: TextRef
}

struct StepRecord: Sendable {
    var position: Position
    var keyword: TextRef
    var keywordType: StepKeywordType?
    var text: TextRef
    /// An index into `AstNodes.docStrings`, or -1.
    var docString: Int32
    /// The rows of its data table; empty when it has none.
    var table: Span
    var id: Int32
}

/// What titled nodes share: where, keyword, name and description.
struct HeaderRecord: Sendable {
    var position: Position
    var keyword: TextRef
    var name: TextRef
    var description: TextRef
}

struct BackgroundRecord: Sendable {
    var header: HeaderRecord
    var steps: Span
    var id: Int32
}

struct ScenarioRecord: Sendable {
    var header: HeaderRecord
    var tags: Span
    var steps: Span
    var examples: Span
    var id: Int32
}

struct ExamplesRecord: Sendable {
    var header: HeaderRecord
    var tags: Span
    /// The header row first, then the body.
    var rows: Span
    var id: Int32
}

struct RuleRecord: Sendable {
    var header: HeaderRecord
    var tags: Span
    /// An index into `AstNodes.backgrounds`, or -1.
    var background: Int32
    var scenarios: Span
    var id: Int32
}

struct FeatureRecord: Sendable {
    var header: HeaderRecord
    var tags: Span
    var language: TextRef
    var background: Int32
    var scenarios: Span
    var rules: Span
}

/// Every node of one document, by kind, children before their parents. It owns its
/// record columns: when it goes, they go to the next parse (or are freed).
struct AstNodes: ~Copyable, Sendable {
    var table = TextTable()
    var feature: FeatureRecord?
    var rules = RecordColumn<RuleRecord>()
    var backgrounds = RecordColumn<BackgroundRecord>()
    var scenarios = RecordColumn<ScenarioRecord>()
    var examples = RecordColumn<ExamplesRecord>()
    var steps = RecordColumn<StepRecord>()
    var docStrings = RecordColumn<DocStringRecord>()
    var rows = RecordColumn<RowRecord>()
    var cells = RecordColumn<CellRecord>()
    var tags = RecordColumn<TagRecord>()
    var comments = RecordColumn<CommentRecord>()

    /// No nodes, in new memory.
    init() {}

    /// No nodes, in the memory of a freed document's (emptied).
    init(reusing spare: DocumentColumns) {
        table.text = spare.text
        rules = spare.rules
        backgrounds = spare.backgrounds
        scenarios = spare.scenarios
        examples = spare.examples
        steps = spare.steps
        docStrings = spare.docStrings
        rows = spare.rows
        cells = spare.cells
        tags = spare.tags
        comments = spare.comments
    }

    deinit {
        SpareRecords.give(DocumentColumns(
            text: table.text, rules: rules, backgrounds: backgrounds, scenarios: scenarios, examples: examples, steps: steps,
            docStrings: docStrings, rows: rows, cells: cells, tags: tags, comments: comments))
    }

    /// Reserves room for what a source of `bytes` bytes typically holds (a step every
    /// 90 bytes, a cell every 50, ...), so that most documents never grow a column.
    mutating func reserve(forSourceBytes bytes: Int) {
        scenarios.reserveCapacity(bytes / 256 + 1)
        examples.reserveCapacity(bytes / 1024 + 1)
        steps.reserveCapacity(bytes / 80 + 1)
        docStrings.reserveCapacity(bytes / 2048 + 1)
        rows.reserveCapacity(bytes / 160 + 1)
        cells.reserveCapacity(bytes / 48 + 1)
        tags.reserveCapacity(bytes / 192 + 1)
        comments.reserveCapacity(bytes / 768 + 1)
    }

    /// The steps of a background, none for -1.
    func steps(ofBackground index: Int32) -> Span {
        index < 0 ? .empty : backgrounds[Int(index)].steps
    }
}

/// The nodes of one parsed document, shared by every view into it. Immutable.
final class AstStorage: Sendable {
    let nodes: AstNodes

    init(_ nodes: consuming AstNodes) { self.nodes = nodes }

    func string(_ ref: TextRef) -> String { nodes.table.string(ref) }
    func id(_ index: Int32) -> String { nodes.table.ids[Int(index)] }
}
