import Messages

/// Whether saved streams make a whole, read from the metadata each carries
/// (`RunMetadata`): one suite, each of its shards once, none missing. A merge that lacks a
/// shard, holds one twice or mixes suites is named for what it is, and the scenarios no
/// stream holds are counted as not run, never as passed.
public struct ShardCheck: Sendable {
    /// What keeps the streams from being one whole run, worded.
    public private(set) var problems: [String] = []
    /// Streams that carry no metadata (another tool's, or an older specs'): they cannot be checked.
    public private(set) var unchecked: [String] = []
    /// How many of the suite's selected scenarios are in no stream.
    public private(set) var scenariosInNoStream = 0
    /// Each shard's own time (its stream's `testRunStarted` to `testRunFinished`), in shard order.
    public private(set) var shardTimes: [RunLedger.ShardTime] = []

    /// Checks the streams, each by its path and envelopes (each read once).
    public init(_ streams: [(path: String, envelopes: [Envelope])]) {
        let facts = streams.map { StreamFacts($0.envelopes) }
        self.init(zip(streams, facts).map { ($0.path, $1.metadata) })
        guard streams.count > 1 else { return }
        shardTimes = facts.compactMap { facts -> RunLedger.ShardTime? in
            guard let metadata = facts.metadata, let start = facts.started, let end = facts.finished else { return nil }
            return RunLedger.ShardTime(shard: metadata.shard, of: metadata.shards, nanoseconds: max(0, end - start))
        }.sorted { $0.shard < $1.shard }
    }

    /// What a stream says of its run: its metadata and when it started and finished.
    private struct StreamFacts {
        var metadata: RunMetadata?
        var started: Int?
        var finished: Int?

        init(_ envelopes: [Envelope]) {
            for envelope in envelopes {
                switch envelope {
                case .testRunStarted(let run): started = run.timestamp.totalNanoseconds
                case .testRunFinished(let run): finished = run.timestamp.totalNanoseconds
                case .attachment(let attachment) where attachment.mediaType == RunMetadata.mediaType:
                    metadata = RunMetadata.find(in: [envelope]) ?? metadata
                default: continue
                }
            }
        }
    }

    /// Checks the streams, each by its path and its metadata, if any.
    public init(_ streams: [(path: String, metadata: RunMetadata?)]) {
        let described = streams.compactMap { stream in stream.metadata.map { (path: stream.path, metadata: $0) } }
        unchecked = streams.filter { $0.metadata == nil }.map(\.path)
        guard let first = described.first else { return }
        let suites = Dictionary(grouping: described, by: \.metadata.suite)
        if suites.count > 1 {
            let groups = suites.values.map { group in
                "\(Self.list(group.map(\.path))) (\(group[0].metadata.selected) scenario\(group[0].metadata.selected == 1 ? "" : "s"))"
            }.sorted()
            problems.append(
                "the streams come from different suites (other scenarios or other selecting options): "
                    + groups.joined(separator: "; "))
            return
        }
        let counts = Set(described.map(\.metadata.shards))
        if counts.count > 1 {
            problems.append(
                "the streams split the suite into different numbers of shards: "
                    + described.map { "\($0.path) is shard \($0.metadata.shard) of \($0.metadata.shards)" }.joined(
                        separator: ", "))
            return
        }
        let total = first.metadata.shards
        let byShard = Dictionary(grouping: described, by: \.metadata.shard)
        for shard in byShard.keys.sorted() where byShard[shard]!.count > 1 {
            problems.append(
                "shard \(shard) of \(total) is given more than once: \(Self.list(byShard[shard]!.map(\.path)))")
        }
        let missing = (1...max(1, total)).filter { byShard[$0] == nil }
        let planned = byShard.values.reduce(0) { $0 + $1[0].metadata.planned }
        scenariosInNoStream = max(0, first.metadata.selected - planned)
        if !missing.isEmpty {
            let shards = missing.map { "\($0)" }.joined(separator: ", ")
            problems.append(
                "shard\(missing.count == 1 ? "" : "s") \(shards) of \(total) \(missing.count == 1 ? "is" : "are") missing: "
                    + "\(scenariosInNoStream) of the suite's \(first.metadata.selected) scenarios are in no stream and were not run"
            )
        }
    }

    private static func list(_ paths: [String]) -> String {
        paths.count <= 1 ? paths.joined() : paths.dropLast().joined(separator: ", ") + " and " + paths.last!
    }
}
