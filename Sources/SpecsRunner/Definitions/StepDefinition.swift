import CucumberExpressions

/// A registered step: its expression, where it was written and what it runs.
struct StepDefinition: Sendable {
    /// What a step may carry after its expression's parameters.
    enum TrailingArgument: Sendable { case none, dataTable, docString }

    let id: String
    let expression: any StepExpression
    let isRegularExpression: Bool
    let location: CodeLocation
    let trailing: TrailingArgument
    /// Run with the scenario's world, as the registry made it.
    let body: @Sendable (AnyObject, [any Sendable]) async throws -> Void
}

/// A hook: code run around scenarios, steps, each process that runs scenarios, or the whole run.
struct Hook: Sendable {
    enum Kind: Sendable {
        case beforeScenario, afterScenario, beforeStep, afterStep, beforeAll, afterAll, beforeWorker, afterWorker
    }

    let id: String
    let kind: Kind
    let name: String?
    let tagExpressionSource: String?
    let tagExpression: TagFilter?
    let location: CodeLocation
    /// Run with the world (nil for run-level hooks) and, for scenario and step hooks, the context.
    let body: @Sendable (AnyObject?, HookContext?) async throws -> Void
}
