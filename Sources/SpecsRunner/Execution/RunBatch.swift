import Foundation
import Gherkin
import Messages
import TagExpressions

/// A batch of a run, made ready before its turn: its files loaded, what is told of them in
/// order (each file's source, document, parse errors and pickles, then the `testCase` of
/// each selected pickle), and its test cases planned.
struct RunBatch: Sendable {
    var envelopes: [Envelope] = []
    var plans: [TestCasePlan] = []
    /// The batch's files, closed once its test cases have run.
    var uris: [String] = []
    var selected = 0
    /// The scenarios of the batch's files, selected or not.
    var loaded = 0
    /// Whether lines (`path:LINE`) left some of the files' scenarios out.
    var selectedByLine = false
    /// The scenarios the batch selected before sharding (a sharded run is one batch).
    var suite = SuiteFingerprint()
    /// Of a sharded run, the lines of the scenarios the whole suite selected, by file.
    var suitePlaces: [String: [Int]] = [:]
    /// The files of the batch that do not parse, each by `path:line` of its first error.
    var unparsable: [String] = []
    /// The size of the batch's feature text, in UTF-8 bytes.
    var bytes = 0
}

/// Makes a run's batches one after another, file by file. It touches no consumer, so the
/// next batches are made while the one before them runs (`UpcomingBatches`).
struct RunBatchMaker<Features: FeatureSupply>: Sendable {
    /// How many pickles (or files) a batch gathers before its test cases run. The next
    /// batches are made while one runs, so workers do not wait between two; a run holds
    /// those few batches' files and no others.
    static var batchSize: Int { 32 }
    /// How much feature text a batch gathers at most (a file larger than it is a batch of its
    /// own): a suite of a few files of large tables holds those few, not 32 of them.
    static var batchBytes: Int { 1 << 20 }

    let features: Features
    let options: RunOptions
    let runId: String
    /// False when nothing may be planned: a before-all hook failed. (Definitions refused plan
    /// the selected test cases, which then never start.)
    let plansTestCases: Bool
    private let selection: Selection
    private var planner: TestCasePlanner
    private var nextFile = 0
    /// Test cases planned so far: the next one's number.
    private var planned = 0

    init(features: Features, options: RunOptions, runId: String, plansTestCases: Bool, planner: TestCasePlanner) {
        self.features = features
        self.options = options
        self.runId = runId
        self.plansTestCases = plansTestCases
        self.planner = planner
        selection = Selection(options: options)
    }

    var isDone: Bool { nextFile >= features.count }

    /// The next batch. A batch ends at enough pickles or files, selected or not, so a run that
    /// selects few holds no more than one that selects all. A reverse or random order, or a
    /// shard, needs every pickle first: that run is one batch.
    mutating func next() -> RunBatch {
        let whole = ScenarioOrder.needsWholeRun(options.order, sharded: options.shard != nil)
        var batch = RunBatch()
        var candidates: [Candidate] = []
        var announced = 0
        while nextFile < features.count {
            let file = nextFile
            nextFile += 1
            let feature = features.feature(at: file)
            announce(feature, into: &batch)
            announced += feature.pickles.count
            batch.loaded += feature.pickles.count
            if feature.selectedPickles.count != feature.pickles.count { batch.selectedByLine = true }
            let named = feature.picklesNamedByARerunFile
            candidates += feature.selectedPickles.filter { selection.selects($0) || named.contains($0.id) }
                .map { Candidate(pickle: $0, file: file) }
            batch.uris.append(feature.source.uri)
            batch.bytes += feature.source.data.utf8.count
            if !whole && (max(announced, batch.uris.count) >= Self.batchSize || batch.bytes >= Self.batchBytes) {
                break
            }
        }
        for candidate in candidates {
            batch.suite.add(
                uri: candidate.pickle.uri, line: candidate.pickle.location.line, name: candidate.pickle.name)
            if options.shard != nil {
                batch.suitePlaces[candidate.pickle.uri, default: []].append(candidate.pickle.location.line)
            }
        }
        if whole {
            if let shard = options.shard {
                candidates = ScenarioOrder.shard(
                    candidates, index: shard.index, count: shard.count, durations: options.shardDurations)
            }
            candidates = ScenarioOrder.apply(options.order, to: candidates)
        }
        batch.selected = candidates.count
        guard plansTestCases else { return batch }
        batch.plans.reserveCapacity(candidates.count)
        for candidate in candidates {
            let plan = planner.plan(candidate.pickle, number: planned)
            planned += 1
            var message = plan.message
            message.testRunStartedId = runId
            batch.envelopes.append(.testCase(message))
            batch.plans.append(plan)
        }
        return batch
    }

    /// A feature's source, document, parse errors and pickles.
    private func announce(_ feature: LoadedFeature, into batch: inout RunBatch) {
        batch.envelopes.append(.source(feature.source))
        if let document = feature.document { batch.envelopes.append(.gherkinDocument(document)) }
        if let first = feature.errors.first { batch.unparsable.append("\(feature.source.uri):\(first.location.line)") }
        for error in feature.errors {
            batch.envelopes.append(
                .parseError(
                    ParseErrorMessage(
                        source: SourceReference(uri: feature.source.uri, location: error.location),
                        message: error.description)))
        }
        for pickle in feature.pickles { batch.envelopes.append(.pickle(pickle)) }
    }
}

/// Which pickles `--tags` and `--name` select.
struct Selection: Sendable {
    let tags: TagExpression
    let names: [NSRegularExpression]

    init(options: RunOptions) {
        tags = options.tags
        names = options.names.compactMap { try? NSRegularExpression(pattern: $0) }
    }

    func selects(_ pickle: Pickle) -> Bool {
        guard tags.evaluate(pickle.tags.map { $0.name }) else { return false }
        guard !names.isEmpty else { return true }
        let range = NSRange(location: 0, length: pickle.name.utf16.count)
        return names.contains { $0.firstMatch(in: pickle.name, range: range) != nil }
    }
}
