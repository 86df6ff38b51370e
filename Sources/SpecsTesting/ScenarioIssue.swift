/// Something a generated test reports: a step that did not pass, a parse error, a
/// broken definition. The message starts with the place, `Features/cart.feature:12:5:`.
struct ScenarioIssue: Sendable, Hashable {
    enum Place: Sendable, Hashable {
        case feature(ScenarioTests.FeatureFile.Key, line: Int, column: Int)
        case code(file: String, line: Int)
    }

    let message: String
    let place: Place?
}

extension ScenarioTests.FeatureFile {
    /// What an issue needs of its file.
    struct Key: Sendable, Hashable {
        let path: String
        let absolutePath: String
        let module: String
    }

    var key: Key { Key(path: path, absolutePath: absolutePath, module: module) }

    func place(line: Int, column: Int?) -> ScenarioIssue.Place {
        .feature(key, line: line, column: column ?? 1)
    }
}
