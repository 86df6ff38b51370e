import Foundation
import Traceability

/// What traceability outputs need besides the run: the tests that exist and, when
/// given, their results.
public struct TraceabilityContext: Sendable {
    /// Finds the tests that exist, when a report is first built: a run that reports no
    /// traceability never scans for them.
    private let findInventory: @Sendable () -> TestInventory
    public var results: TestResults?
    /// Tells this context's reports apart in a ledger's cache.
    private let identity = UUID()

    public init(inventory: @escaping @autoclosure @Sendable () -> TestInventory, results: TestResults?) {
        findInventory = inventory
        self.results = results
    }

    /// The report for a finished run, computed once however many outputs ask for it.
    public func report(_ ledger: RunLedger) -> TraceabilityReport {
        if let cached = ledger.cachedReport, cached.context == identity { return cached.report }
        let report = build(ledger)
        ledger.cachedReport = (identity, report)
        return report
    }

    private func build(_ ledger: RunLedger) -> TraceabilityReport {
        let records = ledger.scenarioResults.map { result in
            ScenarioRecord(
                name: result.pickle.name, uri: result.pickle.uri, line: result.pickle.location.line, status: result.status,
                tags: result.pickle.tags.enumerated().map { ($1.name, result.tagLocations.indices.contains($0) ? result.tagLocations[$0] : nil) })
        }
        return TraceabilityReport.build(scenarios: records, inventory: findInventory(), results: results)
    }
}
