import Gherkin

/// Unique, readable names for scenarios: an outline row is named after its
/// scenario and its example values, `Pay (amount: 10, currency: EUR)`.
struct ScenarioNaming {
    private var used: [String: Int] = [:]
    private var rowValues: [String: String] = [:]
    private var readOutlines: Set<String> = []

    /// Linear in the number of results: each outline's rows are read once, not per row.
    static func names(for results: [ScenarioResult]) -> [String: String] {
        var naming = ScenarioNaming()
        var names: [String: String] = [:]
        for result in results { names[result.testCaseId] = naming.name(for: result) }
        return names
    }

    /// The name of the next result, in run order: a name met before in the same file gets `#2`, `#3`, ...
    mutating func name(for result: ScenarioResult) -> String {
        var name = result.pickle.name
        if result.pickle.astNodeIds.count > 1, let scenario = result.scenario?.scenario {
            if readOutlines.insert(scenario.id).inserted { Self.index(scenario, into: &rowValues) }
            if let values = rowValues[result.pickle.astNodeIds[1]] { name += " (\(values))" }
        }
        let key = result.pickle.uri + "\u{0}" + name
        used[key, default: 0] += 1
        if let count = used[key], count > 1 { name += " #\(count)" }
        return name
    }

    /// `header: value, ...` of every example row of an outline, by row id.
    private static func index(_ scenario: Scenario, into values: inout [String: String]) {
        for examples in scenario.examples {
            guard let header = examples.tableHeader else { continue }
            let names = header.cells.map(\.value)
            for row in examples.tableBody {
                values[row.id] = zip(names, row.cells).map { "\($0): \($1.value)" }.joined(separator: ", ")
            }
        }
    }
}
