import SpecsRunner
import Testing

extension ScenarioTests {
    /// Wraps a target's generated `Features` suite. Before its first scenario it fails the
    /// suite, saying why, when Swift Testing discovered fewer of the target's scenario tests
    /// than were generated, or when the tag selection selects none of the scenario tests the
    /// run includes; then the registry's before-all hooks run, and its after-all hooks after
    /// the last scenario. A failing before-all hook is an issue and no scenario runs, as in
    /// the command-line runner.
    public struct FeaturesSuite<World: AnyObject>: SuiteTrait, TestScoping {
        let registry: StepRegistry<World>
        let module: String
        let generated: Int
        let form: Form

        /// Counts, then runs the hooks around the suite's tests.
        public func provideScope(
            for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
        ) async throws {
            let census = ScenarioCensus.shared.withLock { $0 }
            let problems = [
                census.discoveryProblem(module: module, generated: generated, form: form),
                census.selectionProblem(module: module, selection: TagSelection.origin),
            ]
            for problem in problems.compactMap({ $0 }) {
                Issue.record(Comment(rawValue: problem), sourceLocation: test.sourceLocation)
            }
            let runner = Runner(registry: registry)
            let before = await runner.runHooks(.beforeAll)
            for failure in before { Issue.record(Comment(rawValue: failure)) }
            if before.isEmpty { try await function() }
            for failure in await runner.runHooks(.afterAll) { Issue.record(Comment(rawValue: failure)) }
        }
    }

    /// The trait of a target's generated `Features` suite: `generated` is how many scenario
    /// tests the generator wrote for `module`, in `form`; see ``FeaturesSuite``.
    public static func features<World>(
        of registry: StepRegistry<World>, module: String, generated: Int, form: Form
    ) -> FeaturesSuite<World> {
        FeaturesSuite(registry: registry, module: module, generated: generated, form: form)
    }
}
