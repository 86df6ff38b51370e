import Messages

/// The events of a test case, made from its plan: the one place each of them becomes an
/// envelope. The run in process makes them as its steps run; a worker's supervisor makes the
/// same ones again from the compact results its worker sends (`ResultLine`), so that every
/// report reads one stream whichever process ran the steps.
extension TestCasePlan {
    /// Attempt `attempt` started.
    func startedEvent(attempt: Int, workerId: String?, at timestamp: Timestamp) -> Envelope {
        .testCaseStarted(
            TestCaseStarted(
                attempt: attempt, id: startedId(attempt: attempt), testCaseId: id, workerId: workerId,
                timestamp: timestamp))
    }

    /// Step `index` of attempt `startedId` started.
    func stepStartedEvent(_ index: Int, attempt startedId: String, at timestamp: Timestamp) -> Envelope {
        .testStepStarted(
            TestStepStarted(testCaseStartedId: startedId, testStepId: steps[index].id, timestamp: timestamp))
    }

    /// Step `index` of attempt `startedId` ended with `result`.
    func stepFinishedEvent(
        _ index: Int, attempt startedId: String, result: TestStepResult, at timestamp: Timestamp
    ) -> Envelope {
        .testStepFinished(
            TestStepFinished(
                testCaseStartedId: startedId, testStepId: steps[index].id, testStepResult: result,
                timestamp: timestamp))
    }

    /// What to write for step `index`, undefined: the snippet `code`. Nil when the step is a hook.
    func suggestionEvent(_ index: Int, code: String) -> Envelope? {
        guard case .step(let step, _) = steps[index].item else { return nil }
        return .suggestion(
            SuggestionMessage(
                id: "\(steps[index].id)-suggestion", pickleStepId: step.id,
                snippets: [.init(language: "swift", code: code)]))
    }

    /// What step `index` of attempt `startedId` attached.
    func attachmentEvent(
        _ attachment: PendingAttachment, step index: Int, attempt startedId: String, at timestamp: Timestamp
    ) -> Envelope {
        attachment.envelope(testCaseStartedId: startedId, testStepId: steps[index].id, timestamp: timestamp)
    }

    /// Attempt `startedId` finished.
    func finishedEvent(attempt startedId: String, willBeRetried: Bool, at timestamp: Timestamp) -> Envelope {
        .testCaseFinished(
            TestCaseFinished(testCaseStartedId: startedId, timestamp: timestamp, willBeRetried: willBeRetried))
    }

    /// The position of the step `testStepId` names in this plan (`<id>s<index>`); nil for
    /// another test case's step.
    func stepIndex(of testStepId: String) -> Int? {
        guard testStepId.utf8.count > id.utf8.count + 1, testStepId.hasPrefix(id) else { return nil }
        let rest = testStepId.utf8.dropFirst(id.utf8.count)
        guard rest.first == UInt8(ascii: "s"), let index = Int(Substring(rest.dropFirst())),
            steps.indices.contains(index)
        else { return nil }
        return index
    }
}
