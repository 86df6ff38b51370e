import Synchronization

/// The record columns of freed documents and pickles, kept emptied for the next parse
/// or compilation to fill: reading file after file (the CLI, a run, the benchmark) then
/// allocates almost no record memory.
///
/// At most `limit` sets of each are kept, and only of documents whose text is at most
/// `largestText` bytes: what is held stays bounded by a few ordinary files, never by
/// the corpus or by one huge file. Columns given and not kept are freed. Where `Mutex`
/// is not available (before macOS 15), nothing is kept.
enum SpareRecords {
    static let limit = 4
    static let largestText = 1 << 20

    private struct Kept {
        var documents: [DocumentColumns] = []
        var pickles: [PickleColumns] = []
    }

    /// ThreadSanitizer on Linux does not see this lock (a futex in the uninstrumented
    /// standard library) and reports every use from two threads as a race; it is not.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static let kept = Mutex(Kept())

    /// Empty document records, with the capacity of a freed document's when one is kept.
    static func document() -> AstNodes {
        guard var spare = withKept({ $0.documents.popLast() }) else { return AstNodes() }
        spare.removeAll()
        return AstNodes(reusing: spare)
    }

    /// Empty pickle records, with the capacity of freed pickles' when some are kept.
    static func pickles() -> PickleColumns {
        guard var spare = withKept({ $0.pickles.popLast() }) else { return PickleColumns() }
        spare.removeAll()
        return spare
    }

    /// Keeps the columns of a document being freed, unless enough are kept already
    /// (or they are too large to keep); else frees them.
    static func give(_ columns: consuming DocumentColumns) {
        // A set with no memory (a document of no steps) is not worth a place.
        let keeps = columns.steps.capacity > 0 && columns.text.capacity <= largestText
        guard keeps, withKept({ append(columns, to: &$0.documents) }) == true else { return columns.deallocate() }
    }

    /// Keeps the columns of pickles being freed, unless enough are kept already (or
    /// they are too large to keep); else frees them.
    static func give(_ columns: consuming PickleColumns) {
        let keeps = columns.steps.capacity > 0 && columns.steps.capacity <= largestText / 64
        guard keeps, withKept({ append(columns, to: &$0.pickles) }) == true else { return columns.deallocate() }
    }

    /// Whether `records` was kept.
    private static func append<Records>(_ records: Records, to list: inout [Records]) -> Bool {
        guard list.count < limit else { return false }
        list.append(records)
        return true
    }

    /// `body` run with the kept sets locked; nil where `Mutex` is not available.
    private static func withKept<Result: Sendable>(_ body: (inout Kept) -> Result?) -> Result? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        return kept.withLock { body(&$0) }
    }

    /// Frees every kept set (for tests that need none kept).
    static func freeKept() {
        let kept = withKept { kept -> Kept? in
            defer { kept = Kept() }
            return kept
        }
        for var documents in kept?.documents ?? [] { documents.deallocate() }
        for var pickles in kept?.pickles ?? [] { pickles.deallocate() }
    }

    /// How many document and pickle sets are kept now.
    static var count: (documents: Int, pickles: Int) {
        (withKept { $0.documents.count } ?? 0, withKept { $0.pickles.count } ?? 0)
    }
}

/// The columns of a freed document, kept for the next parse, and its text's array.
struct DocumentColumns: Sendable {
    var text: [UInt8]
    var rules: RecordColumn<RuleRecord>
    var backgrounds: RecordColumn<BackgroundRecord>
    var scenarios: RecordColumn<ScenarioRecord>
    var examples: RecordColumn<ExamplesRecord>
    var steps: RecordColumn<StepRecord>
    var docStrings: RecordColumn<DocStringRecord>
    var rows: RecordColumn<RowRecord>
    var cells: RecordColumn<CellRecord>
    var tags: RecordColumn<TagRecord>
    var comments: RecordColumn<CommentRecord>

    /// Forgets every record, keeping the memory.
    mutating func removeAll() {
        text.removeAll(keepingCapacity: true)
        rules.removeAll()
        backgrounds.removeAll()
        scenarios.removeAll()
        examples.removeAll()
        steps.removeAll()
        docStrings.removeAll()
        rows.removeAll()
        cells.removeAll()
        tags.removeAll()
        comments.removeAll()
    }

    /// Frees every column (the text is an array, released as arrays are).
    mutating func deallocate() {
        rules.deallocate()
        backgrounds.deallocate()
        scenarios.deallocate()
        examples.deallocate()
        steps.deallocate()
        docStrings.deallocate()
        rows.deallocate()
        cells.deallocate()
        tags.deallocate()
        comments.deallocate()
    }
}

/// The columns of pickle records that a compilation fills (the rest of `PickleNodes`
/// is the document's, shared).
struct PickleColumns: Sendable {
    var pickles = RecordColumn<PickleRecord>()
    var steps = RecordColumn<PickleStepRecord>()
    var docStrings = RecordColumn<PickleDocStringRecord>()
    var rows = RecordColumn<Span>()
    var cells = RecordColumn<TextRef>()

    /// Forgets every record, keeping the memory.
    mutating func removeAll() {
        pickles.removeAll()
        steps.removeAll()
        docStrings.removeAll()
        rows.removeAll()
        cells.removeAll()
    }

    /// Frees every column.
    mutating func deallocate() {
        pickles.deallocate()
        steps.deallocate()
        docStrings.deallocate()
        rows.deallocate()
        cells.deallocate()
    }
}
