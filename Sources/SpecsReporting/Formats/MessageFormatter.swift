import Messages
import SpecsRunner

/// The stream itself as NDJSON, one envelope per line, flushed per line so that a
/// run that dies leaves every finished event behind.
public final class MessageFormatter: EventConsumer {
    private let out: ReportOutput
    private let flushEachLine: Bool

    public init(output: ReportOutput, flushEachLine: Bool = true) {
        out = output
        self.flushEachLine = flushEachLine
    }

    public func consume(_ envelope: Envelope) {
        out.write { NDJSON.append(envelope, to: &$0) }
        if flushEachLine { out.flush() }
    }

    public func finish() { out.close() }
}
