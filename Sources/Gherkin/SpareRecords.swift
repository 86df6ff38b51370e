import Synchronization

/// The record arrays of freed documents and pickles, kept emptied for the next parse or
/// compilation to fill: reading file after file (the CLI, a run, the benchmark) then
/// allocates almost no record array.
///
/// At most `limit` sets of each are kept, and only of documents whose text is at most
/// `largestText` bytes: what is held stays bounded by a few ordinary files, never by
/// the corpus or by one huge file. An array still shared when it is taken (a copy some
/// view kept) is copied on write, as any array would be. Where `Mutex` is not available
/// (before macOS 15), nothing is kept.
enum SpareRecords {
    static let limit = 4
    static let largestText = 1 << 20

    private struct Kept {
        var documents: [AstNodes] = []
        var pickles: [PickleArrays] = []
    }

    /// ThreadSanitizer on Linux does not see this lock (a futex in the uninstrumented
    /// standard library) and reports every use from two threads as a race; it is not.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static let kept = Mutex(Kept())

    /// Empty document records, with the capacity of a freed document's when one is kept.
    static func document() -> AstNodes { reused { $0.documents.popLast() } ?? AstNodes() }

    /// Empty pickle records, with the capacity of freed pickles' when some are kept.
    static func pickles() -> PickleArrays { reused { $0.pickles.popLast() } ?? PickleArrays() }

    /// Keeps the arrays of a document being freed, unless enough are kept already.
    static func give(_ nodes: consuming AstNodes) {
        guard nodes.table.text.capacity <= largestText else { return }
        var given: AstNodes? = consume nodes
        withKept { append(&given, to: &$0.documents) }
    }

    /// Keeps the arrays of pickles being freed, unless enough are kept already.
    static func give(_ arrays: consuming PickleArrays) {
        guard arrays.steps.capacity <= largestText / 64 else { return }
        var given: PickleArrays? = consume arrays
        withKept { append(&given, to: &$0.pickles) }
    }

    /// A kept set that `take` removes, emptied outside the lock.
    private static func reused<Records: SpareSet>(_ take: (inout Kept) -> Records?) -> Records? {
        guard var records = withKept(take) else { return nil }
        records.removeAll()
        return records
    }

    private static func append<Records>(_ given: inout Records?, to list: inout [Records]) {
        if list.count < limit, let records = given.take() { list.append(records) }
    }

    /// `body` run with the kept sets locked; nil where `Mutex` is not available.
    private static func withKept<Result: Sendable>(_ body: (inout Kept) -> Result?) -> Result? {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
        return kept.withLock { body(&$0) }
    }

    /// How many document and pickle sets are kept now.
    static var count: (documents: Int, pickles: Int) {
        (withKept { $0.documents.count } ?? 0, withKept { $0.pickles.count } ?? 0)
    }
}

/// Records kept for reuse: emptied before they are filled again.
protocol SpareSet: Sendable {
    mutating func removeAll()
}

/// The arrays of pickle records that a compilation fills (the rest of `PickleNodes`
/// is the document's, shared).
struct PickleArrays: SpareSet {
    var pickles: [PickleRecord] = []
    var steps: [PickleStepRecord] = []
    var docStrings: [PickleDocStringRecord] = []
    var rows: [Span] = []
    var cells: [TextRef] = []

    /// Removes every record, keeping the arrays' capacity.
    mutating func removeAll() {
        pickles.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        docStrings.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
    }
}

extension AstNodes: SpareSet {
    /// Removes every record, keeping the arrays' capacity.
    mutating func removeAll() {
        feature = nil
        table.text.removeAll(keepingCapacity: true)
        table.ids = IdList()
        rules.removeAll(keepingCapacity: true)
        backgrounds.removeAll(keepingCapacity: true)
        scenarios.removeAll(keepingCapacity: true)
        examples.removeAll(keepingCapacity: true)
        steps.removeAll(keepingCapacity: true)
        docStrings.removeAll(keepingCapacity: true)
        rows.removeAll(keepingCapacity: true)
        cells.removeAll(keepingCapacity: true)
        tags.removeAll(keepingCapacity: true)
        comments.removeAll(keepingCapacity: true)
    }
}
