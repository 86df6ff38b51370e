import Foundation
import Gherkin
import Messages
import SpecsRunner

/// JUnit XML: one `testsuite` for the run, one `testcase` per scenario or example
/// row (`classname` the feature). As Cucumber maps outcomes in strict mode: failed,
/// ambiguous, undefined and pending are `failure`s, skipped is `skipped`. The verdict is read,
/// never judged again: a scenario of the suite that no stream of a merge holds is a `failure`
/// (`not run`) under its own name, so that a merge counts its whole suite and no more; a file
/// that does not parse is a `testcase` of its own with a `failure` (`parse error`); and a
/// failed verdict that no `testcase` shows (a dry run merged, a scenario run twice, the
/// coverage gate) is one `testcase` `run` with a `failure` (`verdict`) per problem: a failed
/// run or merge never reads as `failures="0"`.
package final class JUnitFormatter: VerdictReader {
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
    /// Of `failures`, the scenarios the run never started: they show no reason of the verdict.
    private var notRun = 0
    private var skipped = 0
    private let board: VerdictBoard?
    /// Whether what does not depend on the verdict is written.
    private var prepared = false

    package init(
        output: ReportOutput, suiteName: String = "specs", ledger shared: RunLedger? = nil,
        verdict board: VerdictBoard? = nil
    ) {
        feed = LedgerFeed(shared)
        out = output
        self.suiteName = suiteName
        self.board = board
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        // Each scenario is written when its final attempt ends, while its messages are at hand.
        if let result = results.take(envelope, from: ledger) { write(result) }
    }

    package func closeDocument(_ uri: String) {
        feed.closeDocument(uri)
        // Its test cases that never ended are written now, named among the file's others;
        // then the file is let go.
        for result in results.close(uri, from: ledger) { write(result) }
        naming.forget(uri: uri)
    }

    /// Writes the scenarios left and the XML declaration, which do not depend on the verdict.
    package func prepare() {
        guard !prepared else { return }
        prepared = true
        for result in results.remaining(from: ledger) { write(result) }
        writeNotRun(ledger.result.inNoStream)
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
        out.flush()
    }

    package func finish() {
        prepare()
        let total = ledger.result.duration ?? 0
        let timestamp = ledger.runStarted.map { TimeText.iso8601(seconds: $0.seconds) } ?? ""
        let verdictCases = verdictCases()
        let failures = self.failures + verdictCases.count
        out.write(
            "<testsuite name=\"\(XMLText.escape(suiteName))\" tests=\"\(count + verdictCases.count)\" failures=\"\(failures)\" skipped=\"\(skipped)\" errors=\"0\" time=\"\(TimeText.seconds(nanoseconds: total))\" timestamp=\"\(timestamp)\">\n"
        )
        for (name, type, problems) in verdictCases {
            out.write("  <testcase classname=\"specs\" name=\"\(XMLText.escape(name))\" time=\"0\">\n")
            for problem in problems {
                out.write(
                    "    <failure type=\"\(type)\" message=\"\(XMLText.escape(problem))\">\(XMLText.escape(problem))</failure>\n"
                )
            }
            out.write("  </testcase>\n")
        }
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
        if let reason = result.notRunMessage {
            // A scenario the run never started is no skip of its own: it fails, as a merge's is.
            failures += 1
            notRun += 1
            text +=
                "    <failure type=\"not run\" message=\"\(XMLText.escape(reason))\">\(XMLText.escape(reason))</failure>\n"
            text += "    <system-out>\(XMLText.escape(steps))</system-out>\n  </testcase>\n"
            return cases.append(text)
        }
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

    /// The scenarios of the suite in no stream of a merge, each a `failure` under its name.
    private func writeNotRun(_ places: [String]) {
        guard !places.isEmpty else { return }
        var pickles: [String: Pickle] = [:]
        for pickle in ledger.pickles.values { pickles["\(pickle.uri):\(pickle.location.line)"] = pickle }
        for place in places {
            count += 1
            failures += 1
            let pickle = pickles[place]
            let message = "not run: \(place) is in no stream of the merge"
            let feature = pickle.flatMap { ledger.documents[$0.uri]?.feature?.name } ?? pickle?.uri ?? place
            cases.append(
                "  <testcase classname=\"\(XMLText.escape(feature))\" name=\"\(XMLText.escape(pickle?.name ?? place))\" time=\"0\">\n"
                    + "    <failure type=\"not run\" message=\"\(XMLText.escape(message))\">\(XMLText.escape(message))</failure>\n"
                    + "  </testcase>\n")
        }
    }

    /// The testcases of the verdict (`VerdictCases`).
    private func verdictCases() -> [VerdictCases.Case] {
        VerdictCases.cases(
            of: board?.verdict(or: ledger) ?? RunVerdict(ledger.result), failedScenarios: failures - notRun)
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
