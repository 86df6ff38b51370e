import Messages

/// The scenario a hook runs around: its name, tags and place in the feature file.
public struct ScenarioInfo: Sendable, Hashable {
    /// The scenario's name, as the feature file writes it (an example row's values filled in).
    public let name: String
    /// Its tags and those it inherits (feature, rule, examples), with their `@`.
    public let tags: [String]
    /// The feature file (`Features/cart.feature`) and the line of the scenario or example row.
    public let uri: String
    /// The line of the scenario (or of the example row) in `uri`.
    public let line: Int
}

/// What a scenario or step hook is told: the scenario, and in an after hook how the
/// scenario (or, in `afterStep`, the step) ended.
public struct HookContext: Sendable, Hashable {
    /// The scenario the hook runs around.
    public let scenario: ScenarioInfo
    /// The step's text, in `beforeStep` and `afterStep`.
    public let step: String?
    /// How the scenario or step ended; nil in before hooks.
    public let status: TestStepResultStatus?
}
