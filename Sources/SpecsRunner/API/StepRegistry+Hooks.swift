import TagExpressions

/// The hooks a registry holds: around each scenario and step, around the run, and around
/// each process that runs scenarios.
extension StepRegistry {
    /// Runs before each scenario (whose tags match `tags`, when given).
    public mutating func before(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World) async throws -> Void
    ) { before(name, tags: tags, file: file, line: line, column: column) { world, _ in try await body(world) } }

    /// Runs before each scenario, told which scenario it is.
    public mutating func before(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, HookContext) async throws -> Void
    ) { addScenarioHook(.beforeScenario, name, tags, CodeLocation(file: file, line: line, column: column), body) }

    /// Runs after each scenario (whose tags match `tags`, when given), even a failed or timed-out one.
    public mutating func after(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World) async throws -> Void
    ) { after(name, tags: tags, file: file, line: line, column: column) { world, _ in try await body(world) } }

    /// Runs after each scenario, told which scenario it was and how it ended.
    public mutating func after(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, HookContext) async throws -> Void
    ) { addScenarioHook(.afterScenario, name, tags, CodeLocation(file: file, line: line, column: column), body) }

    /// Runs before each step.
    public mutating func beforeStep(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World) async throws -> Void
    ) { beforeStep(name, tags: tags, file: file, line: line, column: column) { world, _ in try await body(world) } }

    /// Runs before each step, told the scenario and the step.
    public mutating func beforeStep(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, HookContext) async throws -> Void
    ) { addScenarioHook(.beforeStep, name, tags, CodeLocation(file: file, line: line, column: column), body) }

    /// Runs after each step, even one that failed.
    public mutating func afterStep(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World) async throws -> Void
    ) { afterStep(name, tags: tags, file: file, line: line, column: column) { world, _ in try await body(world) } }

    /// Runs after each step, told the scenario, the step and how it ended.
    public mutating func afterStep(
        _ name: String? = nil, tags: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable (World, HookContext) async throws -> Void
    ) { addScenarioHook(.afterStep, name, tags, CodeLocation(file: file, line: line, column: column), body) }

    private mutating func addScenarioHook(
        _ kind: Hook.Kind, _ name: String?, _ tags: String?, _ location: CodeLocation,
        _ body: @escaping @Sendable (World, HookContext) async throws -> Void
    ) {
        addHook(kind, name, tags, location) { world, context in
            guard let world, let context else { return }
            try await body(try Self.typed(world), context)
        }
    }

    /// Runs once before any scenario of the run: before the first worker process starts
    /// (`--parallel 4` too), in the process that runs the workers. For what each process
    /// that runs scenarios must set up itself, `beforeWorker`.
    public mutating func beforeAll(
        _ name: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        let location = CodeLocation(file: file, line: line, column: column)
        addHook(.beforeAll, name, nil, location) { _, _ in try await body() }
    }

    /// Runs once after every scenario of the run, after the last worker process ended;
    /// after-all hooks run in reverse order of registration.
    public mutating func afterAll(
        _ name: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        let location = CodeLocation(file: file, line: line, column: column)
        addHook(.afterAll, name, nil, location) { _, _ in try await body() }
    }

    /// Runs once in each process that runs scenarios, before its first scenario: each worker
    /// process (four with `--parallel 4`, and a worker started again after a crash), the
    /// runner itself with `--in-process` (after the before-all hooks), and a `swift test`
    /// process. For per-process state: a connection, a temporary folder, a port of its own.
    /// When one fails, that process runs no scenario.
    public mutating func beforeWorker(
        _ name: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        let location = CodeLocation(file: file, line: line, column: column)
        addHook(.beforeWorker, name, nil, location) { _, _ in try await body() }
    }

    /// Runs once in each process that runs scenarios, after its last scenario (not in a worker
    /// that crashed or was stopped); in reverse order of registration.
    public mutating func afterWorker(
        _ name: String? = nil, file: String = #filePath, line: Int = #line, column: Int = #column,
        _ body: @escaping @Sendable () async throws -> Void
    ) {
        let location = CodeLocation(file: file, line: line, column: column)
        addHook(.afterWorker, name, nil, location) { _, _ in try await body() }
    }

    private mutating func addHook(
        _ kind: Hook.Kind, _ name: String?, _ tags: String?, _ location: CodeLocation,
        _ body: @escaping @Sendable (AnyObject?, HookContext?) async throws -> Void
    ) {
        var filter: TagFilter?
        if let tags {
            do {
                filter = TagFilter(source: tags, expression: try TagExpressionParser.parse(tags))
            } catch {
                problems.append(
                    DefinitionProblem(
                        location: location, message: error.message, undefinedParameterType: nil, expression: tags))
                return
            }
        }
        hooks.append(
            Hook(
                id: newId(), kind: kind, name: name, tagExpressionSource: tags, tagExpression: filter,
                location: location, body: body))
    }
}
