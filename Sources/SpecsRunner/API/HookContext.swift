import Messages

/// The scenario a hook runs around: its name, tags and place in the feature file.
public struct ScenarioInfo: Sendable, Hashable {
    public let name: String
    public let tags: [String]
    /// The feature file (`Features/cart.feature`) and the line of the scenario or example row.
    public let uri: String
    public let line: Int
}

/// What a scenario or step hook is told: the scenario, and in an after hook how the
/// scenario (or, in `afterStep`, the step) ended.
public struct HookContext: Sendable, Hashable {
    public let scenario: ScenarioInfo
    /// The step's text, in `beforeStep` and `afterStep`.
    public let step: String?
    /// How the scenario or step ended; nil in before hooks.
    public let status: TestStepResultStatus?
}
