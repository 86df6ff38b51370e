import Traceability

/// What traceability outputs need besides the run: the tests that exist and, when
/// given, their results.
public struct TraceabilityContext: Sendable {
    public var inventory: TestInventory
    public var results: TestResults?

    public init(inventory: TestInventory, results: TestResults?) {
        self.inventory = inventory
        self.results = results
    }

    /// The report for a finished run.
    public func report(_ ledger: RunLedger) -> TraceabilityReport {
        let records = ledger.scenarioResults.map { result in
            ScenarioRecord(
                name: result.pickle.name, uri: result.pickle.uri, line: result.pickle.location.line, status: result.status,
                tags: result.pickle.tags.map { ($0.name, ledger.astTag($0.astNodeId)?.location) })
        }
        return TraceabilityReport.build(scenarios: records, inventory: inventory, results: results)
    }
}
