import Testing

extension Trait where Self == ConditionTrait {
    /// The trait of a generated scenario test: it runs when `SPECS_TAGS` (or the tags of
    /// `specs.json`) select a scenario with these tags, and is skipped, saying why, when not.
    /// One short call per test, so that a suite of thousands compiles quickly.
    public static func scenario(tags: [String]) -> Self {
        .enabled("not selected by the tags of SPECS_TAGS or specs.json") { ScenarioTests.isSelected(tags: tags) }
    }
}
