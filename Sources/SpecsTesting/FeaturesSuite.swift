import SpecsRunner
import Testing

extension ScenarioTests {
    /// Wraps a target's generated `Features` suite. Before its first scenario it fails the
    /// suite, saying why, when Swift Testing discovered fewer of the target's scenario tests
    /// than were generated, or when the tag selection selects none of the scenario tests the
    /// run includes; then the registry's before-all hooks run, and its after-all hooks after
    /// the last scenario. A failing before-all hook is an issue and no scenario runs, as in
    /// the command-line runner. Its issues are at the generated suite, not in this library.
    /// For generated code only.
    @_documentation(visibility: internal)
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
            ].compactMap { $0 }
            // The suite's check test tells them, where an xUnit report shows them; when the run
            // leaves it out, the suite does.
            let checked = SuiteProblems.shared.withLock { state in
                state.set(problems, of: module)
                return state.checked.contains(module)
            }
            if !checked {
                for problem in problems {
                    Issue.record(Comment(rawValue: problem), sourceLocation: test.sourceLocation)
                }
            }
            let runner = Runner(registry: registry)
            let before = await runner.runHooks(.beforeAll)
            SuiteProblems.shared.withLock { $0.set(beforeAllFailures: before, of: module) }
            if !checked {
                for failure in before { Issue.record(Comment(rawValue: failure), sourceLocation: test.sourceLocation) }
            }
            // After a failed before-all hook no scenario runs, as in the command-line runner:
            // each scenario test fails, saying so (`ScenarioTests.run`).
            try await function()
            // An after-all hook ends after every test: its failure is the suite's alone (it is
            // in the exit code and the output; Swift Testing's xUnit report leaves it out).
            for failure in await runner.runHooks(.afterAll) {
                Issue.record(Comment(rawValue: failure), sourceLocation: test.sourceLocation)
            }
        }
    }

    /// The trait of a target's generated `Features` suite: `generated` is how many scenario
    /// tests the generator wrote for `module`, in `form`; see ``FeaturesSuite``.
    /// For generated code only.
    @_documentation(visibility: internal)
    public static func features<World>(
        of registry: StepRegistry<World>, module: String, generated: Int, form: Form
    ) -> FeaturesSuite<World> {
        FeaturesSuite(registry: registry, module: module, generated: generated, form: form)
    }
}
