import Testing

extension Trait where Self == ConditionTrait {
    /// The trait of a generated scenario test, the one at `line` of `file`: it runs when
    /// `SPECS_TAGS` (or the tags of `specs.json`) select a scenario with these tags, and is
    /// skipped, saying why, when not. Swift Testing makes it when it builds the test, so
    /// making it counts the test as discovered; evaluating it counts the test as included
    /// in the run. One short call per test, so that a suite of thousands compiles quickly.
    public static func scenario(_ file: ScenarioTests.FeatureFile, line: Int, tags: [String]) -> Self {
        let test = ScenarioCensus.Test(module: file.module, path: file.path, line: line)
        ScenarioCensus.shared.withLock { $0.discover(test, tags: tags) }
        return .enabled("not selected by the tags of SPECS_TAGS or specs.json") {
            let selected = ScenarioTests.isSelected(tags: tags)
            ScenarioCensus.shared.withLock { $0.include(test, selected: selected) }
            return selected
        }
    }
}
