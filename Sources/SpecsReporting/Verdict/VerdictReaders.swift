import Messages
import SpecsRunner

/// The run's verdict, once decided, for the outputs that show it (the message stream's
/// `testRunFinished`, the HTML book, JUnit, the rerun file, CI annotations): they read it here
/// at their end and judge nothing themselves.
/// A format used on its own (no command deciding) reads what its ledger's result gives,
/// through the same `RunVerdict(RunResult)` that `specs report` starts from.
package final class VerdictBoard {
    /// The verdict the command posted, once it has.
    package private(set) var posted: RunVerdict?

    /// A board with no verdict posted yet.
    package init() {}

    /// Makes `verdict` the one every reader shows.
    package func post(_ verdict: RunVerdict) { posted = verdict }

    /// The posted verdict, or the one the ledger's result gives on its own.
    func verdict(or ledger: RunLedger) -> RunVerdict { posted ?? RunVerdict(ledger.result) }
}

/// The formats that show the verdict, held back at the run's end until it is decided.
///
/// How the order works: the run (or the merged streams) reaches its end and every other
/// consumer finishes first (the ledger, the terminal formats, Cucumber JSON, the coverage
/// gate, `--fail-on-unused`); their report files are closed and checked. Only then
/// is the verdict whole (the run's problems, the coverage, the reports not written), and
/// `finish(with:)` posts it and finishes the readers, which write it. A reader's own file
/// that cannot be written is added to the exit code and the last lines after that: it is
/// the one problem the other readers cannot show, as they are written by then. The readers
/// added `last` (the rerun file, whose note must say that a report was not written) are
/// finished after the others' files are checked, by `finishLast(with:)`.
package final class VerdictReaders: EventConsumer {
    private var readers: [any EventConsumer] = []
    /// The readers finished after the others' files are checked.
    private var lastReaders: [any EventConsumer] = []
    /// Where the readers read the verdict.
    package let board = VerdictBoard()

    /// No reader yet.
    package init() {}

    /// Holds back a reader's end until the verdict is posted; `last`: until the other
    /// readers' files are checked too (`finishLast(with:)`).
    package func add(_ reader: any EventConsumer, last: Bool = false) {
        if last { lastReaders.append(reader) } else { readers.append(reader) }
    }

    /// Each reader takes the envelope as it comes.
    package func consume(_ envelope: Envelope) {
        for reader in readers { reader.consume(envelope) }
        for reader in lastReaders { reader.consume(envelope) }
    }

    /// Each reader lets go of the document as it comes.
    package func closeDocument(_ uri: String) {
        for reader in readers { reader.closeDocument(uri) }
        for reader in lastReaders { reader.closeDocument(uri) }
    }

    /// The stream's end is not yet the verdict's: the readers wait for `finish(with:)`.
    package func finish() {}

    /// Posts the verdict and lets each reader but those added `last` write it.
    package func finish(with verdict: RunVerdict) {
        board.post(verdict)
        for reader in readers { reader.finish() }
    }

    /// Posts the verdict with the other readers' files that could not be written, and lets
    /// the readers added `last` write it.
    package func finishLast(with verdict: RunVerdict) {
        board.post(verdict)
        for reader in lastReaders { reader.finish() }
    }
}
