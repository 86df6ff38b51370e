import Gherkin

/// Unique, readable names for scenarios: an outline row is named after its
/// scenario and its example values, `Pay (amount: 10, currency: EUR)`.
struct ScenarioNaming {
    /// What naming has seen of one file: names used, and its outlines' rows.
    private struct File {
        var used: [String: Int] = [:]
        var rowValues: [String: String] = [:]
        var readOutlines: Set<String> = []
    }
    private var files: [String: File] = [:]

    /// The name of the next result, in run order: a name met before in the same file gets `#2`, `#3`, ...
    mutating func name(for result: ScenarioResult) -> String {
        var name = result.pickle.name
        var file = files.removeValue(forKey: result.pickle.uri) ?? File()
        defer { files[result.pickle.uri] = file }
        if result.pickle.astNodeIds.count > 1, let scenario = result.scenario?.scenario {
            if file.readOutlines.insert(scenario.id).inserted { Self.index(scenario, into: &file.rowValues) }
            if let values = file.rowValues[result.pickle.astNodeIds[1]] { name += " (\(values))" }
        }
        file.used[name, default: 0] += 1
        if let count = file.used[name], count > 1 { name += " #\(count)" }
        return name
    }

    /// Lets go of what was seen of a file whose scenarios have all been named.
    mutating func forget(uri: String) {
        files[uri] = nil
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
