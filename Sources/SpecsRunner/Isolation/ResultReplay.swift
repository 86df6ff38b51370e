import Messages

/// Makes a test case's envelopes again, in the supervisor, from what its worker told of it
/// (`ResultLine`): the plan the supervisor sent holds every id, so the worker sent positions,
/// statuses and times, and the envelopes are made by the functions that make them in process
/// (`TestCaseEvents`). An event that does not fit the plan (a step it lacks, a step ended
/// before it started, an attempt out of turn) is refused with the reason.
struct ResultReplay {
    let plan: TestCasePlan
    let workerId: String
    /// The attempt under way, when one started, and its id.
    private(set) var attempt: Int?
    private var attemptId = ""
    /// Whether the attempt under way finished.
    private(set) var attemptFinished = false
    /// The steps of the attempt under way that started, and that finished, by position.
    private var started: Set<Int> = []
    private var finished: Set<Int> = []

    init(plan: TestCasePlan, workerId: String) {
        self.plan = plan
        self.workerId = workerId
    }

    /// Whether any event of the test case arrived.
    var began: Bool { attempt != nil }

    /// The envelope of `event`, or why it does not fit the plan.
    mutating func envelope(_ event: ResultLine.Event) -> Result<Envelope, ReplayError> {
        switch event {
        case .started(let number, let time):
            guard number == (attempt.map { $0 + 1 } ?? 0), attempt == nil || attemptFinished else {
                return .failure(ReplayError("attempt \(number) started out of turn"))
            }
            attempt = number
            attemptId = plan.startedId(attempt: number)
            attemptFinished = false
            started = []
            finished = []
            return .success(plan.startedEvent(attempt: number, workerId: workerId, at: time))
        case .stepStarted(let step, let time):
            guard let startedId = open(), plan.steps.indices.contains(step), !started.contains(step) else {
                return .failure(ReplayError("step \(step) started out of turn"))
            }
            started.insert(step)
            return .success(plan.stepStartedEvent(step, attempt: startedId, at: time))
        case .stepFinished(let step, let result, let time):
            guard let startedId = open(), started.contains(step), !finished.contains(step) else {
                return .failure(ReplayError("step \(step) finished without having started"))
            }
            finished.insert(step)
            return .success(plan.stepFinishedEvent(step, attempt: startedId, result: result, at: time))
        case .suggestion(let step, let code):
            guard open() != nil, started.contains(step), let suggestion = plan.suggestionEvent(step, code: code) else {
                return .failure(ReplayError("a snippet for step \(step), which is no running step"))
            }
            return .success(suggestion)
        case .attachment(let step, let attachment, let time):
            guard let startedId = open(), started.contains(step) else {
                return .failure(ReplayError("an attachment of step \(step), which is no running step"))
            }
            return .success(plan.attachmentEvent(attachment, step: step, attempt: startedId, at: time))
        case .finished(let retried, let time):
            guard let startedId = open() else {
                return .failure(ReplayError("an attempt finished that had not started"))
            }
            attemptFinished = true
            return .success(plan.finishedEvent(attempt: startedId, willBeRetried: retried, at: time))
        }
    }

    /// The id of the attempt under way, when one is.
    private func open() -> String? {
        guard attempt != nil, !attemptFinished else { return nil }
        return attemptId
    }
}

/// Why an event a worker told does not fit the test case's plan.
struct ReplayError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
