import Gherkin
import Messages

/// What one saved stream says of its run, read once: its metadata (`RunMetadata`), when it
/// started and finished, whether it says it passed, and where each of its test cases'
/// scenarios stands (`path:line`, the same in every run of the same files).
struct StreamFacts {
    /// The run metadata it carries, each once, in order: one for a run's stream, one for each
    /// shard for the stream a merge wrote (`specs report --format message:FILE`).
    var shardMetadata: [RunMetadata] = []
    /// Its run's metadata (the last it carries); nil for a stream without any.
    var metadata: RunMetadata? { shardMetadata.last }
    var started: Int?
    var finished: Int?
    /// What its `testRunFinished` says; nil when the stream has none (it ended early).
    var success: Bool?
    /// The places of its test cases' scenarios, in the order they were planned.
    var planned: [String] = []
    /// How many runs it holds (`testRunStarted`): more than one is streams appended to one file.
    var runs = 0
    /// Each feature file's text as the run read it, by path.
    var sources: [String: String] = [:]
    /// The Git revision its run built, as its CI told it (`meta.ci.git.revision`).
    var revision: String?

    init(_ envelopes: [Envelope]) {
        var places: [String: String] = [:]
        for envelope in envelopes {
            switch envelope {
            case .testRunStarted(let run):
                started = run.timestamp.totalNanoseconds
                runs += 1
            case .source(let source): sources[source.uri] = source.data
            case .meta(let meta): revision = meta.ci?.git?.revision ?? revision
            case .testRunFinished(let run):
                finished = run.timestamp.totalNanoseconds
                success = run.success
            case .pickle(let pickle): places[pickle.id] = Self.place(pickle)
            case .testCase(let testCase): planned.append(places[testCase.pickleId] ?? "pickle \(testCase.pickleId)")
            case .attachment(let attachment) where attachment.mediaType == RunMetadata.mediaType:
                if let metadata = RunMetadata.decode(attachment.body), !shardMetadata.contains(metadata) {
                    shardMetadata.append(metadata)
                }
            default: continue
            }
        }
    }

    /// How a scenario is known across runs: its file and the line of its scenario or example row.
    static func place(_ pickle: Pickle) -> String { "\(pickle.uri):\(pickle.location.line)" }
}
