import Messages
import SpecsRunner

/// The stream itself as NDJSON, one envelope per line, flushed when each test case
/// finishes and at the end, so that a run stopped half way leaves every finished test
/// case behind (in the report's partial file until the run ends).
public final class MessageFormatter: EventConsumer {
    private let out: ReportOutput

    public init(output: ReportOutput) {
        out = output
    }

    public func consume(_ envelope: Envelope) {
        out.write { NDJSON.append(envelope, to: &$0) }
        switch envelope {
        case .testCaseFinished, .testRunFinished: out.flush()
        default: break
        }
    }

    public func finish() { out.close() }
}
