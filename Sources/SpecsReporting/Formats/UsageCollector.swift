import Messages
import SpecsRunner

/// What each step definition matched, gathered as each scenario ends (so the run need not
/// keep its results): what `--format usage` writes and `--fail-on-unused` checks.
public final class UsageCollector: EventConsumer {
    /// What a definition matched: the steps (text and feature line) and their durations.
    public struct Use: Sendable {
        public let definition: StepDefinitionMessage
        public var matches: [Match] = []
        public var durations: [Int] = []
    }

    /// A step a definition matched, and where it is written.
    public struct Match: Sendable {
        public let text: String
        public let uri: String
        public let line: Int
        /// `uri:line`.
        public var place: String { "\(uri):\(line)" }
    }

    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private var results = FinalResults()
    private var byDefinition: [String: Use] = [:]

    public init(ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        if case .stepDefinition(let definition) = envelope { byDefinition[definition.id] = Use(definition: definition) }
        if let result = results.take(envelope, from: ledger) { add(result) }
    }

    public func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        for result in results.close(uri, from: ledger) { add(result) }
    }

    public func finish() {
        for result in results.remaining(from: ledger) { add(result) }
    }

    /// Every definition with what it matched, in the order the definitions are written; each
    /// definition's steps by feature file and line, however the scenarios were scheduled.
    public var uses: [Use] {
        byDefinition.values.map { use in
            var sorted = use
            sorted.matches = use.matches.enumerated().sorted { lhs, rhs in
                (lhs.element.uri, lhs.element.line, lhs.offset) < (rhs.element.uri, rhs.element.line, rhs.offset)
            }.map(\.element)
            return sorted
        }.sorted { lhs, rhs in
            let left = lhs.definition.sourceReference
            let right = rhs.definition.sourceReference
            return ((left.uri ?? ""), left.location?.line ?? 0) < ((right.uri ?? ""), right.location?.line ?? 0)
        }
    }

    private func add(_ result: ScenarioResult) {
        for step in result.steps {
            guard case .step(let pickleStep, _, let definitions) = step.kind else { continue }
            for definition in definitions {
                byDefinition[definition.id]?.matches.append(
                    Match(text: pickleStep.text, uri: result.pickle.uri, line: step.line ?? result.pickle.location.line)
                )
                if definitions.count == 1, let duration = step.result?.duration,
                    step.status == .passed || step.status == .failed
                {
                    byDefinition[definition.id]?.durations.append(max(0, duration.totalNanoseconds))
                }
            }
        }
    }
}
