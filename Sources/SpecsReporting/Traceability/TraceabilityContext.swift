import Foundation
import Locking
import SpecsRunner
import Traceability

/// What traceability outputs need besides the run: the tests that exist and, when
/// given, their results.
package struct TraceabilityContext: Sendable {
    /// Finds the tests that exist, when they are first needed: a run that reports no
    /// traceability never scans for them, and one that does scans once.
    private let findInventory: @Sendable () -> TestInventory
    private let foundInventory = Locked<TestInventory?>(nil)
    package var results: TestResults?
    /// Tells this context's reports apart in a ledger's cache.
    private let identity = UUID()

    package init(inventory: @escaping @autoclosure @Sendable () -> TestInventory, results: TestResults?) {
        findInventory = inventory
        self.results = results
    }

    /// The tests that exist, found on the first call.
    package func inventory() -> TestInventory {
        foundInventory.withLock { found in
            if let found { return found }
            let inventory = findInventory()
            found = inventory
            return inventory
        }
    }

    /// The report for a finished run, computed once however many outputs ask for it.
    package func report(_ ledger: RunLedger) -> TraceabilityReport {
        if let cached = ledger.cachedReport, cached.context == identity { return cached.report }
        let report = TraceabilityReport.build(
            scenarios: ledger.scenarioResults.map(Self.record), inventory: inventory(), results: results)
        ledger.cachedReport = (identity, report)
        return report
    }

    /// The rows of some scenarios, for an output that takes them a file at a time.
    package func rows(_ results: [ScenarioResult]) -> [TraceabilityRow] {
        let inventory = inventory()
        return results.map { TraceabilityReport.row(for: Self.record($0), inventory: inventory, results: self.results) }
    }

    private static func record(_ result: ScenarioResult) -> ScenarioRecord {
        ScenarioRecord(
            name: result.pickle.name, uri: result.pickle.uri, line: result.pickle.location.line, status: result.status,
            tags: result.pickle.tags.enumerated().map {
                ($1.name, result.tagLocations.indices.contains($0) ? result.tagLocations[$0] : nil)
            })
    }
}
