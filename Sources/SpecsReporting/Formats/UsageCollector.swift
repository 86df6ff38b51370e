import Messages
import SpecsRunner

/// What each step definition matched, gathered as each scenario ends (so the run need not
/// keep its results): what `--format usage` writes and `--fail-on-unused` checks.
package final class UsageCollector: EventConsumer {
    /// What a definition matched: the steps (text and feature line) and their durations.
    package struct Use: Sendable {
        package let definition: StepDefinitionMessage
        package var matches: [Match] = []
        package var durations: [Int] = []
    }

    /// A step a definition matched, and where it is written.
    package struct Match: Sendable {
        package let text: String
        package let uri: String
        package let line: Int
        /// `uri:line`.
        package var place: String { "\(uri):\(line)" }
    }

    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private var results = FinalResults()
    private var byDefinition: [String: Use] = [:]

    package init(ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        // Merged streams define each definition once per shard: what it matched is kept.
        if case .stepDefinition(let definition) = envelope, byDefinition[definition.id] == nil {
            byDefinition[definition.id] = Use(definition: definition)
        }
        if let result = results.take(envelope, from: ledger) { add(result) }
    }

    package func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        for result in results.close(uri, from: ledger) { add(result) }
    }

    package func finish() {
        for result in results.remaining(from: ledger) { add(result) }
    }

    /// Every definition with what it matched, in the order the definitions are written; each
    /// definition's steps by feature file and line, however the scenarios were scheduled.
    package var uses: [Use] {
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
