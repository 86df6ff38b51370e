import SpecsRunner
import Testing

extension ScenarioTests {
    /// Wraps the generated `Features` suite: the registry's before-all hooks run before
    /// its first scenario, its after-all hooks after its last. A failing before-all
    /// hook is an issue and no scenario runs, as in the command-line runner.
    public struct RunHooks<World: AnyObject>: SuiteTrait, TestScoping {
        let registry: StepRegistry<World>

        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let runner = Runner(registry: registry)
            let before = await runner.runHooks(.beforeAll)
            for failure in before { Issue.record(Comment(rawValue: failure)) }
            if before.isEmpty { try await function() }
            for failure in await runner.runHooks(.afterAll) { Issue.record(Comment(rawValue: failure)) }
        }
    }
}
