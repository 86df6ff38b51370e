import Gherkin

/// Unique, readable names for scenarios: an outline row is named after its
/// scenario and its example values, `Pay (amount: 10, currency: EUR)`.
enum ScenarioNaming {
    static func names(for results: [ScenarioResult]) -> [String: String] {
        var names: [String: String] = [:]
        var used: [String: Int] = [:]
        for result in results {
            var name = result.pickle.name
            if result.pickle.astNodeIds.count > 1, let values = exampleValues(result) { name += " (\(values))" }
            let key = result.pickle.uri + "\u{0}" + name
            used[key, default: 0] += 1
            if let count = used[key], count > 1 { name += " #\(count)" }
            names[result.testCaseId] = name
        }
        return names
    }

    private static func exampleValues(_ result: ScenarioResult) -> String? {
        guard let scenario = result.scenario?.scenario else { return nil }
        let rowId = result.pickle.astNodeIds[1]
        for examples in scenario.examples {
            guard let header = examples.tableHeader, let row = examples.tableBody.first(where: { $0.id == rowId }) else { continue }
            return zip(header.cells, row.cells).map { "\($0.value): \($1.value)" }.joined(separator: ", ")
        }
        return nil
    }
}
