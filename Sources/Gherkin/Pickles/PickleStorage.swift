/// Text and ids of pickles: the document's table, shared as it is, then the text and
/// ids the compiler made (substituted text, pickle ids), numbered on from the document's.
struct PickleText: Sendable {
    let base: TextTable
    var own = TextTable()

    init(base: TextTable) { self.base = base }

    func string(_ ref: TextRef) -> String {
        ref.start < base.text.count
            ? base.string(ref)
            : own.string(TextRef(start: ref.start - base.text.count, count: ref.count))
    }

    func optionalString(_ ref: TextRef) -> String? { ref.isAbsent ? nil : string(ref) }

    func id(_ index: Int32) -> String {
        let index = Int(index)
        return index < base.ids.count ? base.ids[index] : own.ids[index - base.ids.count]
    }

    mutating func id(_ id: String) -> Int32 { Int32(truncatingIfNeeded: base.ids.count) + own.id(id) }

    mutating func append(_ string: String) -> TextRef {
        let ref = own.append(string)
        return TextRef(start: base.text.count + ref.start, count: ref.count)
    }

    mutating func append(_ string: String?) -> TextRef { string.map { append($0) } ?? .absent }
}

struct PickleRecord: Sendable {
    var id: Int32
    var position: Position
    var name: TextRef
    var steps: Span
    var tags: PickleTagSpans
    var scenarioId: Int32
    /// The example row's id, or -1.
    var rowId: Int32
}

struct PickleStepRecord: Sendable {
    var id: Int32
    var text: TextRef
    var type: PickleStepType?
    /// An index into `PickleNodes.docStrings`, or -1.
    var docString: Int32
    /// The rows of its table, empty when it has none: the document's rows when
    /// `tableInDocument` (nothing was substituted), else the pickles' own.
    var table: Span
    var tableInDocument: Bool
    /// With both a table and a doc string: 1 when the table comes first, 2 when the doc string does; else 0.
    var argumentOrder: Int8
    var stepId: Int32
    var rowId: Int32
}

struct PickleDocStringRecord: Sendable {
    var mediaType: TextRef
    var content: TextRef
}

/// A pickle's tags: spans of its document's tags, feature's first, then the rule's,
/// the scenario's and the examples'. Pickles share the document's tag records.
struct PickleTagSpans: Sendable {
    var feature: Span, rule: Span, scenario: Span, examples: Span

    var count: Int { feature.count + rule.count + scenario.count + examples.count }

    /// Calls `body` with the index of each tag, in order.
    func forEachIndex(_ body: (Int) -> Void) {
        for index in feature.range { body(index) }
        for index in rule.range { body(index) }
        for index in scenario.range { body(index) }
        for index in examples.range { body(index) }
    }
}

/// The pickles of one document as flat records. It owns its record columns: when it
/// goes, they go to the next compilation (or are freed).
struct PickleNodes: ~Copyable, Sendable {
    var text: PickleText
    var uri: String
    var language: String
    var pickles = RecordColumn<PickleRecord>()
    var steps = RecordColumn<PickleStepRecord>()
    var docStrings = RecordColumn<PickleDocStringRecord>()
    /// Each row's cells, as a span of `cells`: the tables that placeholders were
    /// substituted in.
    var rows = RecordColumn<Span>()
    var cells = RecordColumn<TextRef>()
    /// The document, whose tags pickles point into, and whose table rows and cells
    /// steps with nothing substituted in their tables point into.
    let document: AstStorage

    /// The pickles of `document`, none yet, in `columns` (empty), sharing the
    /// document's text, tags and tables.
    init(base document: AstStorage, uri: String, language: String, columns: PickleColumns) {
        text = PickleText(base: document.nodes.table)
        self.document = document
        self.uri = uri
        self.language = language
        pickles = columns.pickles
        steps = columns.steps
        docStrings = columns.docStrings
        rows = columns.rows
        cells = columns.cells
    }

    deinit {
        SpareRecords.give(PickleColumns(pickles: pickles, steps: steps, docStrings: docStrings, rows: rows, cells: cells))
    }

    var tags: RecordColumn<TagRecord> { document.nodes.tags }

    /// A step's table rows, with their values as strings.
    func tableRows(_ step: PickleStepRecord) -> [PickleTableRow] {
        let inDocument = step.tableInDocument
        return step.table.range.map { row in
            let cellRange = inDocument ? document.nodes.rows[row].cells.range : rows[row].range
            return PickleTableRow(cells: cellRange.map { cell in
                PickleTableCell(value: text.string(inDocument ? document.nodes.cells[cell].value : cells[cell]))
            })
        }
    }
}

/// The pickles of one document, shared by every view into them. Immutable.
final class PickleStorage: Sendable {
    let nodes: PickleNodes

    init(_ nodes: consuming PickleNodes) { self.nodes = nodes }

    func string(_ ref: TextRef) -> String { nodes.text.string(ref) }
    func id(_ index: Int32) -> String { nodes.text.id(index) }

    /// Views of all its pickles.
    var pickles: [Pickle] {
        (0..<nodes.pickles.count).map { Pickle(storage: self, index: $0) }
    }
}
