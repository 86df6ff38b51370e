import Messages

/// Hands a format each scenario's whole result once: when its final attempt ends, while
/// its messages are at hand, or, for one that never ended (not run, cut short), when its
/// document closes or, for documents never closed (a stream read from files), at the end.
/// It remembers only the test cases of open documents.
struct FinalResults {
    /// The test cases of each open document, in plan order.
    private var planned: [String: [String]] = [:]
    /// The test cases of open documents already handed out.
    private var taken: Set<String> = []

    /// The result this envelope completes, if any.
    mutating func take(_ envelope: Envelope, from ledger: RunLedger) -> ScenarioResult? {
        switch envelope {
        case .testCase(let testCase):
            if let uri = ledger.pickles[testCase.pickleId]?.uri { planned[uri, default: []].append(testCase.id) }
            return nil
        case .testCaseFinished(let finished) where !finished.willBeRetried:
            guard let testCaseId = ledger.attempt(finished.testCaseStartedId)?.testCaseId,
                taken.insert(testCaseId).inserted
            else { return nil }
            return ledger.scenarioResult(testCaseId: testCaseId)
        default:
            return nil
        }
    }

    /// The test cases of an open document, in plan order.
    func testCases(of uri: String) -> [String] { planned[uri] ?? [] }

    /// The results of the document's test cases that never ended; the document is then forgotten.
    mutating func close(_ uri: String, from ledger: RunLedger) -> [ScenarioResult] {
        let testCases = planned.removeValue(forKey: uri) ?? []
        defer { for testCaseId in testCases { taken.remove(testCaseId) } }
        return testCases.filter { !taken.contains($0) }.compactMap(ledger.scenarioResult(testCaseId:))
    }

    /// The results of open documents' test cases that never ended, in plan order.
    mutating func remaining(from ledger: RunLedger) -> [ScenarioResult] {
        let open = Set(planned.values.joined())
        defer {
            planned = [:]
            taken = []
        }
        return ledger.testCaseOrder.filter { open.contains($0) && !taken.contains($0) }.compactMap(
            ledger.scenarioResult(testCaseId:))
    }
}
