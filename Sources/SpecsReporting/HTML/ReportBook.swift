import Gherkin
import Messages
import Traceability

/// The run as a book a product owner reads: folders of feature files, each feature with
/// its rules and scenarios in the order the file has them (whatever order they ran in,
/// however many shards they ran in), each scenario with its results (one per example
/// row for an outline) and its traceability row. The book is written a feature at a time
/// (`BookBinder`); this is one feature and the rules the report words statuses by.
enum ReportBook {
    struct FeatureEntry {
        let uri: String
        let feature: Feature
        var items: [Item]
        var scenarios: [ScenarioEntry] {
            items.flatMap { item -> [ScenarioEntry] in
                switch item {
                case .scenario(let entry): [entry]
                case .rule(_, let entries): entries
                }
            }
        }
        /// The folder the feature file is in, as the book heads it.
        var folder: String { uri.lastIndex(of: "/").map { String(uri[..<$0]) } ?? "." }
    }

    enum Item {
        case rule(Rule, [ScenarioEntry])
        case scenario(ScenarioEntry)
    }

    struct ScenarioEntry {
        let scenario: Scenario
        let uri: String
        /// The scenario's results: one, or one per example row in the file's order.
        let results: [ScenarioResult]
        let rows: [TraceabilityRow]
        /// The scenario's fragment id: its file and line.
        let anchor: String
        var isOutline: Bool { !scenario.examples.isEmpty }
        var status: String { ReportBook.worst(results.map(ReportBook.status)) }
        var covered: Bool { !rows.isEmpty && rows.allSatisfy(\.covered) }
    }

    /// A feature with the scenarios of `results` (each with its traceability row, in the
    /// same order), as the file has them; nil when none of them is the feature's.
    static func feature(
        uri: String, feature: Feature, results: [ScenarioResult], rows: [TraceabilityRow]
    ) -> FeatureEntry? {
        var rowByTestCase: [String: TraceabilityRow] = [:]
        for (result, row) in zip(results, rows) { rowByTestCase[result.testCaseId] = row }
        var byScenario: [String: [ScenarioResult]] = [:]
        for result in results {
            guard let id = result.pickle.astNodeIds.first else { continue }
            byScenario[id, default: []].append(result)
        }
        let fileAnchor = "s-" + anchor(uri) + "-"
        func entry(_ scenario: Scenario) -> ScenarioEntry? {
            guard let found = byScenario[scenario.id], !found.isEmpty else { return nil }
            let ordered = found.sorted { $0.pickle.location.line < $1.pickle.location.line }
            return ScenarioEntry(
                scenario: scenario, uri: uri, results: ordered,
                rows: ordered.compactMap { rowByTestCase[$0.testCaseId] },
                anchor: fileAnchor + "\(scenario.location.line)")
        }
        var items: [Item] = []
        /// The rule being walked and its scenarios' entries so far.
        var open: (rule: Rule, entries: [ScenarioEntry])?
        func closeRule() {
            if let open, !open.entries.isEmpty { items.append(.rule(open.rule, open.entries)) }
            open = nil
        }
        feature.walk { block in
            switch block {
            case .rule(let rule):
                closeRule()
                open = (rule, [])
            case .background: break
            case .scenario(let scenario, let rule):
                guard let found = entry(scenario) else { break }
                if rule == nil { items.append(.scenario(found)) } else { open?.entries.append(found) }
            }
        }
        closeRule()
        return items.isEmpty ? nil : FeatureEntry(uri: uri, feature: feature, items: items)
    }

    /// A result's status as the report names it: `not-run` for one that never started.
    static func status(_ result: ScenarioResult) -> String {
        result.started ? result.status.rawValue.lowercased() : "not-run"
    }

    /// The statuses as the report names them, in the one order (`worstFirst`), with a
    /// scenario that never started (`not-run`) before the skipped ones.
    static let severity = TestStepResultStatus.worstFirst.flatMap { status in
        (status == .skipped ? ["not-run"] : []) + [status.rawValue.lowercased()]
    }

    static func worst(_ statuses: [String]) -> String {
        statuses.min { (severity.firstIndex(of: $0) ?? 99) < (severity.firstIndex(of: $1) ?? 99) } ?? "passed"
    }

    static func needsAttention(_ status: String) -> Bool {
        TestStepResultStatus(rawValue: status.uppercased())?.needsAttention ?? false
    }

    /// A fragment id made of a path's letters and digits.
    static func anchor(_ text: String) -> String {
        String(text.map { $0.isLetter || $0.isNumber ? $0 : "-" })
    }
}
