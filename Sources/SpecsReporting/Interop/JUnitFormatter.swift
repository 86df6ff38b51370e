import Foundation
import Messages
import SpecsRunner

/// JUnit XML: one `testsuite` for the run, one `testcase` per scenario or example
/// row (`classname` the feature). As Cucumber maps outcomes in strict mode: failed,
/// ambiguous, undefined and pending are `failure`s, skipped is `skipped`.
public final class JUnitFormatter: EventConsumer {
    private let feed: LedgerFeed
    private var ledger: RunLedger { feed.ledger }
    private let out: ReportOutput
    private let suiteName: String
    /// The `testcase` elements written so far, in the order their scenarios ended.
    private let cases = SpillBuffer()
    /// How many `testcase`s were written.
    private var count = 0
    private var naming = ScenarioNaming()
    private var results = FinalResults()
    private var failures = 0
    private var skipped = 0

    public init(output: ReportOutput, suiteName: String = "specs", ledger shared: RunLedger? = nil) {
        feed = LedgerFeed(shared)
        out = output
        self.suiteName = suiteName
    }

    public func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        // Each scenario is written when its final attempt ends, while its messages are at hand.
        if let result = results.take(envelope, from: ledger) { write(result) }
    }

    public func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        // Its test cases that never ended are written now, named among the file's others;
        // then the file is let go.
        for result in results.close(uri, from: ledger) { write(result) }
        naming.forget(uri: uri)
    }

    public func finish() {
        for result in results.remaining(from: ledger) { write(result) }
        let total = ledger.result.duration ?? 0
        let timestamp = ledger.runStarted.map { TimeText.iso8601(seconds: $0.seconds) } ?? ""
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.write(
            "<testsuite name=\"\(XMLText.escape(suiteName))\" tests=\"\(count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" errors=\"0\" time=\"\(TimeText.seconds(nanoseconds: total))\" timestamp=\"\(timestamp)\">\n"
        )
        cases.drain(into: out)
        out.write("</testsuite>\n")
        out.close()
    }

    private func write(_ result: ScenarioResult) {
        count += 1
        let feature = result.featureName ?? result.pickle.uri
        var text =
            "  <testcase classname=\"\(XMLText.escape(feature))\" name=\"\(XMLText.escape(naming.name(for: result)))\" time=\"\(TimeText.seconds(nanoseconds: result.duration))\">\n"
        let steps = stepLines(result)
        switch result.status {
        case .failed, .ambiguous, .undefined, .pending, .unknown:
            failures += 1
            let failing = result.failure
            let message =
                failing.map { step -> String in
                    step.status == .undefined
                        ? "Undefined step: \(step.keyword)\(step.text)" + (step.result?.message.map { "\n" + $0 } ?? "")
                        : (step.result?.message ?? step.status.rawValue.lowercased())
                } ?? result.status.rawValue.lowercased()
            let type = failing?.result?.exception?.type ?? result.status.rawValue.lowercased()
            text +=
                "    <failure type=\"\(XMLText.escape(type))\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(steps + "\n" + message))</failure>\n"
        case .skipped:
            skipped += 1
            let reason = result.steps.first { $0.status == .skipped && $0.result?.message != nil }?.result?.message
            text += "    <skipped\(reason.map { " message=\"\(XMLText.escape($0))\"" } ?? "")/>\n"
        case .passed:
            break
        }
        text += Self.reruns(result)
        text += "    <system-out>\(XMLText.escape(steps))</system-out>\n  </testcase>\n"
        cases.append(text)
    }

    /// The retried attempts that did not pass, as Maven Surefire marks reruns: `flakyFailure`
    /// for a scenario that passed on a retry, `rerunFailure` for one that never did.
    private static func reruns(_ result: ScenarioResult) -> String {
        let element = result.status == .passed ? "flakyFailure" : "rerunFailure"
        return result.earlierFailures.map { failure in
            let type = failure.type ?? failure.status.rawValue.lowercased()
            return
                "    <\(element) message=\"\(XMLText.escape(failure.message))\" type=\"\(XMLText.escape(type))\"><stackTrace>\(XMLText.escape("attempt \(failure.attempt + 1): " + failure.message))</stackTrace></\(element)>\n"
        }.joined()
    }

    /// The steps as Cucumber writes them: keyword and text, dots, then the status.
    private func stepLines(_ result: ScenarioResult) -> String {
        result.steps.compactMap { step -> String? in
            guard case .step = step.kind else { return nil }
            let text = step.keyword + step.text
            let dots = String(repeating: ".", count: max(3, 76 - text.count))
            return text + dots + step.status.rawValue.lowercased()
        }.joined(separator: "\n")
    }
}
