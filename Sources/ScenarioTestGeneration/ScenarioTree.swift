import Gherkin

/// What a feature file becomes in Swift Testing: suites for the feature, its rules and
/// its outlines, and one test per pickle (a scenario, or one row of an outline's examples).
indirect enum ScenarioTree: Sendable, Hashable {
    case suite(name: TestName, children: [ScenarioTree])
    /// `line` selects the pickle when the test runs: the scenario's line or its example row's.
    case test(name: TestName, line: Int, tags: [String])

    var name: TestName {
        switch self {
        case .suite(let name, _), .test(let name, _, _): name
        }
    }

    /// The feature's suite, or nil for a file without a feature or without scenarios.
    static func build(_ document: GherkinDocument, pickles: [Pickle]) -> ScenarioTree? {
        guard let feature = document.feature else { return nil }
        var byLine: [Int: Pickle] = [:]
        for pickle in pickles { byLine[pickle.location.line] = pickle }
        let children = feature.children.compactMap { child -> (ScenarioTree, Int)? in
            switch child {
            case .background: return nil
            case .scenario(let scenario): return node(scenario, byLine).map { ($0, scenario.location.line) }
            case .rule(let rule): return node(rule, byLine).map { ($0, rule.location.line) }
            }
        }
        guard !children.isEmpty else { return nil }
        return .suite(name: header(feature.keyword, feature.name), children: unique(children))
    }

    private static func node(_ rule: Rule, _ byLine: [Int: Pickle]) -> ScenarioTree? {
        let children = rule.children.compactMap { child -> (ScenarioTree, Int)? in
            guard case .scenario(let scenario) = child else { return nil }
            return node(scenario, byLine).map { ($0, scenario.location.line) }
        }
        guard !children.isEmpty else { return nil }
        return .suite(name: header(rule.keyword, rule.name), children: unique(children))
    }

    private static func node(_ scenario: Scenario, _ byLine: [Int: Pickle]) -> ScenarioTree? {
        let name = header(scenario.keyword, scenario.name)
        guard !scenario.examples.isEmpty else {
            guard let pickle = byLine[scenario.location.line] else { return nil }
            return .test(name: name, line: pickle.location.line, tags: pickle.tags.map(\.name))
        }
        var rows: [(ScenarioTree, Int)] = []
        for examples in scenario.examples {
            let label = examples.name.isEmpty ? examples.keyword + ":" : examples.keyword + ": " + examples.name
            for row in examples.tableBody {
                guard let pickle = byLine[row.location.line] else { continue }
                let cells = row.cells.map(\.value).joined(separator: " | ")
                rows.append(
                    (
                        .test(
                            name: TestName("\(label) | \(cells) |"), line: row.location.line,
                            tags: pickle.tags.map(\.name)), row.location.line
                    ))
            }
        }
        guard !rows.isEmpty else { return nil }
        return .suite(name: name, children: unique(rows))
    }

    private static func header(_ keyword: String, _ name: String) -> TestName {
        TestName(name.isEmpty ? keyword + ":" : keyword + ": " + name)
    }

    /// Children whose names meet get their line as a suffix.
    private static func unique(_ children: [(ScenarioTree, Int)]) -> [ScenarioTree] {
        let names = UniqueNames.resolve(children.map { ($0.0.name, "(line \($0.1))") })
        return zip(children, names).map { child, name in child.0.renamed(name) }
    }

    /// How many tests the tree holds: its scenarios and example rows.
    var testCount: Int {
        switch self {
        case .suite(_, let children): children.reduce(0) { $0 + $1.testCount }
        case .test: 1
        }
    }

    func renamed(_ name: TestName) -> ScenarioTree {
        switch self {
        case .suite(_, let children): .suite(name: name, children: children)
        case .test(_, let line, let tags): .test(name: name, line: line, tags: tags)
        }
    }
}
