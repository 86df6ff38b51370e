import Foundation

/// What specs says of a run beyond what Cucumber Messages has fields for, so that a merge
/// of shards knows the whole: which suite the run belongs to (a fingerprint of the selected
/// scenarios and of the options that select them), which shard of how many it ran, and how
/// many scenarios the suite selected and this run planned (when it ran is in the stream's
/// `testRunStarted` and `testRunFinished`). It travels as an `attachment` of
/// the test run (`testRunStartedId` set), media type `RunMetadata.mediaType`, a JSON body:
/// other tools read the stream as it is and show the attachment, or skip it.
public struct RunMetadata: Sendable, Hashable, Codable {
    /// The media type of the attachment that carries the metadata.
    public static let mediaType = "application/vnd.specs.run+json"

    /// The suite's fingerprint: equal for every shard of one suite, run with the same options.
    public var suite: String
    /// This run's shard, 1-based; 1 of 1 for a run that is not sharded.
    public var shard: Int
    /// How many shards the suite was split into; 1 for a run that is not sharded.
    public var shards: Int
    /// How many scenarios (pickles) the suite selected, over all shards.
    public var selected: Int
    /// How many of them this shard planned.
    public var planned: Int
    /// How many scenarios the files read hold, selected or not (absent in earlier streams).
    public var loaded: Int?
    /// What selected the scenarios, as options read (`--tags 'not @wip'`); nil when nothing did.
    public var filter: String?
    /// What the shard plan came from: `count` (an even split), or `durations <digest>` of
    /// the `--shard-durations` read; every shard of a suite must say the same, or some
    /// scenarios ran in no shard and others in two. Nil for a run that is not sharded.
    public var plan: String?
    /// A sharded run's selected scenarios, the whole suite's, by file: the lines of each
    /// scenario or example row, so that a merge names the scenarios no shard ran.
    public var scenarios: [String: [Int]]?
    /// True for a `--dry-run`: steps were matched to their definitions, none was run.
    public var dryRun: Bool?
    /// The signal that stopped the run before its end (`SIGTERM`), if one did.
    public var interrupted: String?
    /// How many step definitions, hooks or parameter types could not be registered (no scenario was then run).
    public var definitionErrors: Int?
    /// Why worker processes could not be started (`too many open files (limit 16)`), if they
    /// could not: the scenarios left were not run.
    public var workersNotStarted: String?
    /// True for a shard asked to fail on unused step definitions (`--fail-on-unused`, or
    /// specs.json's): it leaves them to the merge, which holds the whole suite and judges them.
    public var failOnUnused: Bool?
    /// Whether the shard's own run passed (its `testRunFinished`), as a merge marks each
    /// shard it merged: the merge's stream stands for them, and its own `success` (the merge's
    /// verdict, shards missing included) says nothing of each. Absent in a run's own stream.
    public var passed: Bool?
    /// How long the shard's own run took (its `testRunStarted` to `testRunFinished`), in
    /// nanoseconds, as a merge marks each shard it merged beside `passed`, so that a later merge
    /// still shows each shard's time. Absent in a run's own stream.
    public var nanoseconds: Int?

    /// The metadata of shard `shard` of `shards` of the suite `suite`; the optional facts are absent.
    public init(suite: String, shard: Int, shards: Int, selected: Int, planned: Int) {
        self.suite = suite
        self.shard = shard
        self.shards = shards
        self.selected = selected
        self.planned = planned
    }

    /// The metadata a stream carries, if it carries any (the last one, when several).
    public static func find(in envelopes: [Envelope]) -> RunMetadata? {
        for case .attachment(let attachment) in envelopes.reversed() where attachment.mediaType == mediaType {
            if let metadata = decode(attachment.body) { return metadata }
        }
        return nil
    }

    /// The JSON body of the attachment, keys sorted.
    public var body: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// The metadata of an attachment's JSON body, or nil when the body is not metadata.
    public static func decode(_ body: String) -> RunMetadata? {
        try? JSONDecoder().decode(RunMetadata.self, from: Data(body.utf8))
    }
}

/// A suite's fingerprint, made from its selected scenarios in any order (each adds its own
/// hash) and the options that select them: FNV-1a, 64 bits, in hexadecimal.
public struct SuiteFingerprint: Sendable, Hashable {
    private var scenarios: UInt64 = 0
    /// How many scenarios were added.
    public private(set) var count = 0

    /// The fingerprint of no scenario yet.
    public init() {}

    /// Adds a selected scenario, known by its file, line and name.
    public mutating func add(uri: String, line: Int, name: String) {
        scenarios &+= Self.hash("\(uri)\n\(line)\n\(name)")
        count += 1
    }

    /// Adds the scenarios of another fingerprint (another part of the same suite).
    public mutating func add(_ other: SuiteFingerprint) {
        scenarios &+= other.scenarios
        count += other.count
    }

    /// The fingerprint of these scenarios as selected by `options` (tags, names, paths...).
    public func value(options: [String]) -> String {
        Self.hex(Self.hash(options.joined(separator: "\u{0}") + "\u{0}\(scenarios)\u{0}\(count)"))
    }

    /// A hash as 16 hexadecimal digits.
    package static func hex(_ hash: UInt64) -> String {
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// FNV-1a of `text`, 64 bits.
    package static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }
}
