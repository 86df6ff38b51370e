import CucumberExpressions
import Gherkin
import Messages
import XCTest

@testable import SpecsRunner

/// The supervisor sends each worker the run's settings and each test case's plan: the
/// worker rebuilds the plan from the line alone, with its own definitions, and reads no file.
final class WorkerPlanTests: XCTestCase {
    private static let feature = """
        @wip
        Feature: Sent whole

          Scenario: a table, a doc string and an undefined step
            Given the count is 2
            And the rows:
              | name     | note          |
              | a\\\\b     | tab\\tand pipe\\| |
            When the note says:
              \"\"\"markdown
              line one
              a backslash \\ and a separator \u{1F} inside
              \"\"\"
            Then nothing defines this
        """

    private func registry() -> StepRegistry<TestWorld> {
        var steps = StepRegistry { TestWorld() }
        steps.given("the count is {int}") { (world, count: Int) in world.value = count }
        steps.given("the rows:") { (_, _: SpecsRunner.DataTable) in }
        steps.when("the note says:") { (_, _: SpecsRunner.DocString) in }
        steps.before(tags: "@wip") { _ in }
        steps.after { _ in }
        return steps
    }

    private func planned() throws -> (TestCasePlan, StepRegistry<TestWorld>) {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(Self.feature, uri: "features/sent.feature", ids: &ids)
        let pickle = try XCTUnwrap(PickleCompiler().compile(document, uri: "features/sent.feature", ids: &ids).first)
        let registry = registry()
        var planner = Runner(registry: registry).makePlanner()
        return (planner.plan(pickle, number: 7), registry)
    }

    func test_decode_planSentAsALine_isThePlanTheSupervisorMade() throws {
        let (plan, registry) = try planned()
        let line = PlanLine.encode(plan)
        XCTAssertFalse(line.contains("\n"))
        let definitions = PlanDefinitions(
            hooks: registry.hooks, definitions: registry.steps, parameterTypes: registry.parameterTypes)
        let decoded = try XCTUnwrap(PlanLine.decode(line, using: definitions))
        XCTAssertEqual(decoded.message, plan.message)
        XCTAssertEqual(decoded.number, 7)
        XCTAssertEqual(decoded.steps.map(\.id), plan.steps.map(\.id))
        XCTAssertEqual(decoded.pickle.name, plan.pickle.name)
        XCTAssertEqual(decoded.pickle.uri, plan.pickle.uri)
        XCTAssertEqual(decoded.pickle.location, plan.pickle.location)
        XCTAssertEqual(decoded.pickle.tags.map(\.name), ["@wip"])
        XCTAssertEqual(decoded.pickle.steps.map(\.text), plan.pickle.steps.map(\.text))
        XCTAssertEqual(decoded.pickle.steps.map(\.type), plan.pickle.steps.map(\.type))
        XCTAssertEqual(decoded.pickle.steps.map(\.argument), plan.pickle.steps.map(\.argument))
        let doc = try XCTUnwrap(decoded.pickle.steps[2].argument?.docString)
        XCTAssertEqual(doc.mediaType, "markdown")
        XCTAssertEqual(doc.content, "line one\na backslash \\ and a separator \u{1F} inside")
    }

    func test_decode_stepsSentBefore_areNamedByTheirPlaceAndReadAsTheSamePlan() throws {
        let (plan, registry) = try planned()
        let definitions = PlanDefinitions(
            hooks: registry.hooks, definitions: registry.steps, parameterTypes: registry.parameterTypes)
        var sent = SentSteps()
        let first = PlanLine.encode(plan, sent: &sent)
        let second = PlanLine.encode(plan, sent: &sent)
        XCTAssertLessThan(second.utf8.count, first.utf8.count, second)
        XCTAssertFalse(second.contains("the count is"), second)
        var known = KnownSteps()
        let decodedFirst = try XCTUnwrap(PlanLine.decode(first, using: definitions, known: &known))
        let decodedSecond = try XCTUnwrap(PlanLine.decode(second, using: definitions, known: &known))
        for decoded in [decodedFirst, decodedSecond] {
            XCTAssertEqual(decoded.message, plan.message)
            XCTAssertEqual(decoded.pickle.steps.map(\.text), plan.pickle.steps.map(\.text))
            XCTAssertEqual(decoded.pickle.steps.map(\.type), plan.pickle.steps.map(\.type))
            XCTAssertEqual(decoded.pickle.steps.map(\.argument), plan.pickle.steps.map(\.argument))
        }
        // A worker that was not sent the first request cannot read the second.
        XCTAssertNil(PlanLine.decode(second, using: definitions))
    }

    /// A step sent before is named by its place only when its text is the same scalar for
    /// scalar: a decomposed accent is another text, whose matches may differ.
    func test_sentSteps_precomposedAndDecomposedTexts_areTwoSteps() {
        var sent = SentSteps()
        let precomposed = SentSteps.Key(text: ExactText("un password v\u{E1}lido"), type: .context)
        let decomposed = SentSteps.Key(text: ExactText("un password va\u{301}lido"), type: .context)
        sent.add(precomposed)
        XCTAssertEqual(sent.index(of: precomposed), 0)
        XCTAssertNil(sent.index(of: decomposed))
    }

    func test_decode_stepNamingADefinitionTheWorkerLacks_isNoRequest() throws {
        let (plan, _) = try planned()
        let none = PlanDefinitions(hooks: [], definitions: [], parameterTypes: ParameterTypeRegistry())
        XCTAssertNil(PlanLine.decode(PlanLine.encode(plan), using: none))
    }

    func test_decode_truncatedOrOldRequest_isNoRequest() throws {
        let (plan, registry) = try planned()
        let definitions = PlanDefinitions(
            hooks: registry.hooks, definitions: registry.steps, parameterTypes: registry.parameterTypes)
        let line = PlanLine.encode(plan)
        XCTAssertNil(PlanLine.decode(String(line.dropLast(3)), using: definitions))
        XCTAssertNil(PlanLine.decode("0 0 0 7", using: definitions))
        XCTAssertNil(PlanLine.decode(line + "\u{1F}x", using: definitions))
    }

    func test_options_settingsLineOfTheSupervisor_givesTheWorkerItsOptions() throws {
        var options = RunOptions()
        options.dryRun = true
        options.retry = 2
        options.stepTimeout = 0.25
        options.tags = .always
        let read = try XCTUnwrap(WorkerProtocol.options(WorkerProtocol.settings(options)))
        XCTAssertTrue(read.dryRun)
        XCTAssertEqual(read.retry, 2)
        XCTAssertEqual(read.stepTimeout, 0.25)
        XCTAssertTrue(read.abandonedStepEndsProcess)
        XCTAssertNil(WorkerProtocol.options("#run dry-run=maybe retry=1 timeout=1"))
        XCTAssertNil(WorkerProtocol.options("0 0 0 7"))
    }

    func test_done_lineOfTheWorker_carriesTheStatusItDecided() throws {
        let line = WorkerProtocol.done(
            3, nanoseconds: 1200, status: .undefined, steps: [.passed: 2, .undefined: 1, .skipped: 1])
        let done = try XCTUnwrap(WorkerProtocol.Done(line))
        XCTAssertEqual(done.number, 3)
        XCTAssertEqual(done.nanoseconds, 1200)
        XCTAssertEqual(done.status, .undefined)
        XCTAssertEqual(done.steps, [.passed: 2, .undefined: 1, .skipped: 1])
        XCTAssertNil(WorkerProtocol.Done("#done 3 9 1200 NOT_A_STATUS "))
        XCTAssertEqual(
            WorkerProtocol.Done(WorkerProtocol.done(0, nanoseconds: 0, status: .passed, steps: [:]))?.steps, [:])
    }
}
