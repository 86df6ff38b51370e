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

    private struct Kept: ~Copyable {
        var documents: [AstNodes] = []
        var pickles: [PickleArrays] = []
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    private static let kept = Mutex(Kept())

    /// Empty document records, with the capacity of a freed document's when one is kept.
    static func document() -> AstNodes {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
              var nodes = kept.withLock({ $0.documents.popLast() }) else { return AstNodes() }
        nodes.removeAll()
        return nodes
    }

    /// Keeps the arrays of a document being freed, unless enough are kept already.
    static func give(_ nodes: consuming AstNodes) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
              nodes.table.text.capacity <= largestText else { return }
        var given: AstNodes? = consume nodes
        kept.withLock { kept in
            if kept.documents.count < limit, let nodes = given.take() { kept.documents.append(nodes) }
        }
    }

    /// Empty pickle records, with the capacity of freed pickles' when some are kept.
    static func pickles() -> PickleArrays {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
              var arrays = kept.withLock({ $0.pickles.popLast() }) else { return PickleArrays() }
        arrays.removeAll()
        return arrays
    }

    /// Keeps the arrays of pickles being freed, unless enough are kept already.
    static func give(_ arrays: consuming PickleArrays) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *),
              arrays.steps.capacity <= largestText / 64 else { return }
        var given: PickleArrays? = consume arrays
        kept.withLock { kept in
            if kept.pickles.count < limit, let arrays = given.take() { kept.pickles.append(arrays) }
        }
    }

    /// How many document and pickle sets are kept now.
    static var count: (documents: Int, pickles: Int) {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return (0, 0) }
        return kept.withLock { ($0.documents.count, $0.pickles.count) }
    }
}

/// The arrays of pickle records that a compilation fills (the rest of `PickleNodes`
/// is the document's, shared).
struct PickleArrays: Sendable {
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

extension AstNodes {
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
