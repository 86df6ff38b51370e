import Gherkin
import Messages

/// A scenario as traceability sees it: where it is, how it ended, and its tags.
public struct ScenarioRecord: Sendable {
    public let name: String
    public let uri: String
    public let line: Int
    public let status: TestStepResultStatus
    public let tags: [(name: String, location: Location?)]

    public init(
        name: String, uri: String, line: Int, status: TestStepResultStatus, tags: [(name: String, location: Location?)]
    ) {
        self.name = name
        self.uri = uri
        self.line = line
        self.status = status
        self.tags = tags
    }
}

/// A link checked against the inventory and the results.
public struct LinkCheck: Sendable {
    public let link: TestLink
    public let test: TestIdentifier?
    public let outcome: TestResults.Outcome?
    public let nearest: [String]

    public var exists: Bool { test != nil }
}

/// One row of the traceability matrix.
public struct TraceabilityRow: Sendable {
    public let scenario: ScenarioRecord
    public let links: [LinkCheck]
    public let covered: Bool
    /// Why the scenario is not covered; empty when it is.
    public let reasons: [String]

    /// The suites of the linked tests: the components the scenario is verified in.
    public var components: [String] { Array(Set(links.map(\.link.suite))).sorted() }
}

/// Every scenario linked to the tests that verify it, and the coverage figure.
public struct TraceabilityReport: Sendable {
    public let rows: [TraceabilityRow]
    /// Tests that no scenario links (informative).
    public let unlinkedTests: [TestIdentifier]
    /// Whether test results were given (otherwise existence alone counts).
    public let resultsKnown: Bool

    public var coveredCount: Int { rows.filter(\.covered).count }

    /// Covered scenarios as a percentage of all scenarios (100 when there are none).
    public var coverage: Double {
        rows.isEmpty ? 100 : Double(coveredCount) * 100 / Double(rows.count)
    }

    /// Links to tests that do not exist: errors in their own right.
    public var missingLinks: [(row: TraceabilityRow, check: LinkCheck)] {
        rows.flatMap { row in row.links.filter { !$0.exists }.map { (row, $0) } }
    }

    public static func build(
        scenarios: [ScenarioRecord], inventory: TestInventory, results: TestResults?
    ) -> TraceabilityReport {
        let rows = scenarios.map { row(for: $0, inventory: inventory, results: results) }
        return TraceabilityReport(
            rows: rows, unlinkedTests: unlinked(inventory, linked: rows.flatMap(\.links).compactMap(\.test)),
            resultsKnown: results != nil)
    }

    /// One scenario's row: its links checked against the inventory and the results.
    public static func row(
        for scenario: ScenarioRecord, inventory: TestInventory, results: TestResults?
    ) -> TraceabilityRow {
        let checks = scenario.tags.compactMap { TestLink(tag: $0.name, location: $0.location) }.map {
            link -> LinkCheck in
            let test = inventory.test(for: link)
            return LinkCheck(
                link: link, test: test, outcome: test.flatMap { results?.outcome(for: $0) },
                nearest: test == nil ? inventory.nearest(to: link) : [])
        }
        var reasons: [String] = []
        if scenario.status != .passed { reasons.append("scenario \(scenario.status.rawValue.lowercased())") }
        if checks.isEmpty { reasons.append("no @xctest link") }
        for check in checks where !check.exists {
            let place = check.link.location.map { "\(scenario.uri):\($0.line)" } ?? scenario.uri
            let nearest = check.nearest.isEmpty ? "" : "; nearest: " + check.nearest.joined(separator: ", ")
            reasons.append("linked test \(check.link.name) does not exist (tag at \(place)\(nearest))")
        }
        if results == nil, !checks.isEmpty {
            reasons.append("no test results to show the linked test passed (give --xunit)")
        } else {
            for check in checks where check.exists && check.outcome != .passed {
                reasons.append("linked test \(check.link.name) \(Self.describe(check.outcome))")
            }
        }
        return TraceabilityRow(scenario: scenario, links: checks, covered: reasons.isEmpty, reasons: reasons)
    }

    /// Why a linked test's result is no proof.
    static func describe(_ outcome: TestResults.Outcome?) -> String {
        guard let outcome else { return "has no result" }
        guard outcome == .unconfirmed else { return outcome.rawValue }
        return "passed or was skipped: the xUnit file of `swift test` cannot tell which, and a skipped test proves "
            + "nothing; give what `swift test` printed with --test-output (XCTest prints each passed test with "
            + "`swift test --parallel --verbose`, or without --parallel)"
    }

    /// The inventory's tests that are not among the `linked` ones, in order.
    public static func unlinked(_ inventory: TestInventory, linked: some Sequence<TestIdentifier>) -> [TestIdentifier] {
        inventory.tests.subtracting(linked).sorted()
    }
}
