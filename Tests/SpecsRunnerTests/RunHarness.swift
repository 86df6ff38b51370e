import Foundation
import Gherkin
import Locking
import Messages
import SpecsReporting
import SpecsRunner

/// Runs feature text written in a test against a registry, and reads the results.
final class Journal: Sendable {
    /// Appended from steps, read after the run.
    private let entries = Locked<[String]>([])
    func add(_ entry: String) { entries.withLock { $0.append(entry) } }
    var all: [String] { entries.withLock { $0 } }
}

final class TestWorld {
    var value = 0
    var text = ""
}

struct RunHarness {
    var features: [(name: String, text: String)]
    var options = RunOptions()
    /// The run's clock: a stepping one by default, so that outputs compare byte for byte.
    var clock: any RunClock = SteppingClock()

    init(_ features: (String, String)...) { self.features = features.map { ($0.0, $0.1) } }

    func run(_ registry: StepRegistry<TestWorld>, lines: Set<Int> = []) async throws -> (RunSummary, [Envelope]) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("specs-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [FeaturePath] = []
        for feature in features {
            let path = directory.appendingPathComponent(feature.name).path
            try feature.text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(FeaturePath(argument: path + lines.sorted().map { ":\($0)" }.joined()))
        }
        var ids = IncrementingIdGenerator()
        let loaded = FeatureLoader.load(paths, ids: &ids).map { feature in
            // Report paths relative to the temporary directory so outputs compare.
            LoadedFeature(
                source: Source(
                    uri: URL(fileURLWithPath: feature.source.uri).lastPathComponent, data: feature.source.data),
                document: feature.document.map {
                    var d = $0
                    d.uri = URL(fileURLWithPath: d.uri ?? "").lastPathComponent
                    return d
                },
                pickles: feature.pickles.map {
                    var p = $0
                    p.uri = URL(fileURLWithPath: p.uri).lastPathComponent
                    return p
                },
                errors: feature.errors, lines: feature.lines)
        }
        let recorder = EventRecorder()
        let summary = await Runner(registry: registry, options: options, clock: clock).run(loaded, to: recorder)
        return (summary, recorder.envelopes)
    }
}

extension Array where Element == Envelope {
    /// A ledger fed with the envelopes.
    var ledger: RunLedger {
        let ledger = RunLedger()
        for envelope in self { ledger.consume(envelope) }
        return ledger
    }

    /// Step statuses of final attempts, in order.
    var stepStatuses: [TestStepResultStatus] {
        let ledger = RunLedger()
        for envelope in self { ledger.consume(envelope) }
        return ledger.scenarioResults.flatMap { $0.steps.map(\.status) }
    }

    var scenarioNames: [String] {
        let ledger = RunLedger()
        for envelope in self { ledger.consume(envelope) }
        return ledger.scenarioResults.map(\.pickle.name)
    }

    var scenarioStatuses: [TestStepResultStatus] {
        let ledger = RunLedger()
        for envelope in self { ledger.consume(envelope) }
        return ledger.scenarioResults.map(\.status)
    }

    /// The envelopes with ids, timestamps and durations replaced, for comparing runs.
    var normalised: [String] {
        map { NDJSON.line($0) }.map { line in
            var text = line
            for pattern in [#""seconds":\d+"#, #""nanos":\d+"#] {
                text = text.replacingOccurrences(of: pattern, with: "\"n\":0", options: .regularExpression)
            }
            return text
        }
    }
}
