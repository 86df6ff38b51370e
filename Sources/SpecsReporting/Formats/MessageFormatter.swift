import Messages
import SpecsRunner

/// The stream itself as NDJSON, one envelope per line, flushed when each test case
/// finishes and at the end, so that a run stopped half way leaves every finished test
/// case behind (in the report's partial file until the run ends).
///
/// Given the run's verdict (`board`), the stream's last line is written once the verdict is
/// decided: its `testRunFinished` says `success` as the exit code does (a merge's verdict,
/// a coverage gate, a report not written), and a stream whose runs never finished (a cut
/// shard) still ends with one, unsuccessful.
package final class MessageFormatter: VerdictReader {
    private let out: ReportOutput
    private let board: VerdictBoard?
    private var runStarted: TestRunStarted?
    private var runFinished: TestRunFinished?
    private var lastTimestamp: Timestamp?

    /// Writes to `output`; with `board`, the last line waits for the verdict posted there.
    package init(output: ReportOutput, verdict board: VerdictBoard? = nil) {
        out = output
        self.board = board
    }

    package func consume(_ envelope: Envelope) {
        switch envelope {
        case .testRunStarted(let started):
            runStarted = started
            lastTimestamp = started.timestamp
        case .testCaseFinished(let finished): lastTimestamp = finished.timestamp
        case .testRunFinished(let finished) where board != nil:
            runFinished = finished
            return
        default: break
        }
        out.write { NDJSON.append(envelope, to: &$0) }
        switch envelope {
        case .testCaseFinished, .testRunFinished: out.flush()
        default: break
        }
    }

    /// Writes out every envelope but the last line, which waits for the verdict.
    package func prepare() { out.flush() }

    package func finish() {
        if let board, let verdict = board.posted {
            var finished =
                runFinished
                ?? TestRunFinished(
                    success: false, timestamp: lastTimestamp ?? Timestamp(seconds: 0, nanos: 0),
                    testRunStartedId: runStarted?.id)
            finished.success = verdict.passed
            out.write { NDJSON.append(.testRunFinished(finished), to: &$0) }
        } else if let runFinished {
            out.write { NDJSON.append(.testRunFinished(runFinished), to: &$0) }
        }
        out.close()
    }
}
