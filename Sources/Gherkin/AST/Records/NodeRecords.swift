// The nodes of a parsed document as flat records of numbers: text as byte ranges,
// children as spans of the arrays of `AstNodes`, ids as indices into the text table.

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

/// Every node of one document, by kind, children before their parents.
struct AstNodes: Sendable {
    var table = TextTable()
    var feature: FeatureRecord?
    var rules: [RuleRecord] = []
    var backgrounds: [BackgroundRecord] = []
    var scenarios: [ScenarioRecord] = []
    var examples: [ExamplesRecord] = []
    var steps: [StepRecord] = []
    var docStrings: [DocStringRecord] = []
    var rows: [RowRecord] = []
    var cells: [CellRecord] = []
    var tags: [TagRecord] = []
    var comments: [CommentRecord] = []

    /// Reserves room for what a source of `bytes` bytes typically holds (a step every
    /// 90 bytes, a cell every 50, ...), so that most documents never grow an array.
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

    init(_ nodes: AstNodes) { self.nodes = nodes }

    /// Its arrays go to the next parse.
    deinit { SpareRecords.give(nodes) }

    func string(_ ref: TextRef) -> String { nodes.table.string(ref) }
    func id(_ index: Int32) -> String { nodes.table.ids[Int(index)] }
}
