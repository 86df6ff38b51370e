import Gherkin
import Messages

/// A pickle ready to execute: hooks and steps in order, each step with its matches.
struct TestCasePlan: Sendable {
    enum Item: Sendable {
        case hook(Hook)
        case step(PickleStep, [StepMatch])
    }

    struct PlannedStep: Sendable {
        let id: String
        let item: Item
    }

    let id: String
    /// The test case's number in the run, from which its ids are made.
    let number: Int
    let pickle: Pickle
    let steps: [PlannedStep]

    /// The plan of test case `number` (`id`): `items` in order, each step's id made from the test case's.
    init(id: String, number: Int, pickle: Pickle, items: [Item]) {
        self.id = id
        self.number = number
        self.pickle = pickle
        steps = items.enumerated().map { PlannedStep(id: "\(id)s\($0.offset)", item: $0.element) }
    }

    /// The id of the test case's attempt `attempt` (its `testCaseStarted`).
    func startedId(attempt: Int) -> String { "\(id)a\(attempt)" }

    /// How many of the plan's steps (hooks aside) ended in each status, among the results of
    /// `envelopes` that belong to the attempt `startedId`.
    func stepStatuses(in envelopes: [Envelope], attempt startedId: String) -> [TestStepResultStatus: Int] {
        var isStep: Set<String> = []
        for planned in steps { if case .step = planned.item { isStep.insert(planned.id) } }
        var counts: [TestStepResultStatus: Int] = [:]
        for case .testStepFinished(let finished) in envelopes
        where finished.testCaseStartedId == startedId && isStep.contains(finished.testStepId) {
            counts[finished.testStepResult.status, default: 0] += 1
        }
        return counts
    }

    var message: TestCaseMessage {
        var testSteps: [TestStep] = []
        testSteps.reserveCapacity(steps.count)
        for planned in steps {
            switch planned.item {
            case .hook(let hook):
                testSteps.append(TestStep(id: planned.id, hookId: hook.id))
            case .step(let step, let matches):
                var definitionIds: [String] = []
                var argumentLists: [StepMatchArgumentsList] = []
                definitionIds.reserveCapacity(matches.count)
                argumentLists.reserveCapacity(matches.count)
                for match in matches {
                    definitionIds.append(match.definition.id)
                    argumentLists.append(match.message)
                }
                testSteps.append(
                    TestStep(
                        id: planned.id, pickleStepId: step.id, stepDefinitionIds: definitionIds,
                        stepMatchArgumentsLists: argumentLists))
            }
        }
        return TestCaseMessage(id: id, pickleId: pickle.id, testSteps: testSteps, testRunStartedId: nil)
    }
}

/// Builds test case plans: matching hooks around matched steps.
struct TestCasePlanner: Sendable {
    let matcher: StepMatcher
    let hooks: [Hook]
    let idPrefix: String
    /// Matches by step text: many steps share their text.
    private var cache: [ExactText: [StepMatch]] = [:]
    private static var cacheLimit: Int { 512 }

    init(matcher: StepMatcher, hooks: [Hook], idPrefix: String) {
        self.matcher = matcher
        self.hooks = hooks
        self.idPrefix = idPrefix
    }

    private mutating func matches(for text: String) -> [StepMatch] {
        let key = ExactText(text)
        if let known = cache[key] { return known }
        let found = matcher.matches(for: text)
        // Bounded, so that a long run of distinct texts does not grow it without end.
        if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[key] = found
        return found
    }

    mutating func plan(_ pickle: Pickle, number: Int) -> TestCasePlan {
        let tags = pickle.tags.map { $0.name }
        func applies(_ hook: Hook) -> Bool { hook.tagExpression?.matches(tags) ?? true }
        var items: [TestCasePlan.Item] = []
        items += hooks.filter { $0.kind == .beforeScenario && applies($0) }.map { .hook($0) }
        for step in pickle.steps { items.append(.step(step, matches(for: step.text))) }
        items += hooks.filter { $0.kind == .afterScenario && applies($0) }.reversed().map { .hook($0) }
        return TestCasePlan(id: "\(idPrefix)tc\(number)", number: number, pickle: pickle, items: items)
    }
}

extension TestCasePlan {
    /// "Fail this step, skip the rest": the envelopes that end an attempt whose step at
    /// `failing` cannot end as it would have (it timed out and did not stop, its worker was
    /// lost). That step finishes with `result`; every step after it is skipped, an
    /// after-scenario hook saying `afterHookMessage` when given; each step is told started
    /// first unless `started` holds it. The one place a test case is ended this way.
    func endingEnvelopes(
        attempt startedId: String, failing: Int, result: TestStepResult, started: Set<String>,
        afterHookMessage: String? = nil,
        clock: any RunClock
    ) -> [Envelope] {
        var envelopes: [Envelope] = []
        for (index, planned) in steps.enumerated() where index >= failing {
            if !started.contains(planned.id) {
                envelopes.append(stepStartedEvent(index, attempt: startedId, at: clock.now()))
            }
            var stepResult = TestStepResult(duration: .zero, status: .skipped)
            if index == failing {
                stepResult = result
            } else if case .hook(let hook) = planned.item, hook.kind == .afterScenario, let afterHookMessage {
                stepResult.message = afterHookMessage
            }
            envelopes.append(stepFinishedEvent(index, attempt: startedId, result: stepResult, at: clock.now()))
        }
        return envelopes
    }
}
