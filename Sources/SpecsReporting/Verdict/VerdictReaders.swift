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

/// A format that shows the verdict and writes, before it is decided, what does not depend on
/// it (the message stream's envelopes, JUnit's declaration, the features of Cucumber JSON):
/// a file that cannot be written is then known before any report shows the verdict.
package protocol VerdictReader: EventConsumer {
    /// Writes and flushes what does not depend on the verdict.
    func prepare()
}

/// The formats that show the verdict, held back at the run's end until it is decided.
///
/// How the order works: the run (or the merged streams) reaches its end and every other
/// consumer finishes first (the ledger, the terminal formats, the coverage gate,
/// `--fail-on-unused`); their report files are closed and checked. The readers then write
/// what does not depend on the verdict (`prepare()`), and their files that could not be
/// written so far are checked. Only then is the verdict whole (the run's problems, the
/// coverage, the reports not written), and `finish(with:checked:)` posts it and finishes the
/// readers one after another, in the order they were added: after each, its file is checked
/// and the next reads the verdict with it. A reader's own file that cannot be written is the
/// one problem it cannot show; a write that fails only after its `prepare()` is not shown by
/// the readers finished before it either. The readers added `last` (the rerun file, whose
/// note must say that a report was not written) are finished after the others' files are
/// checked, by `finishLast(with:)`.
package final class VerdictReaders: EventConsumer {
    private var readers: [(reader: any EventConsumer, output: ReportOutput?)] = []
    /// The readers finished after the others' files are checked.
    private var lastReaders: [any EventConsumer] = []
    /// Where the readers read the verdict.
    package let board = VerdictBoard()

    /// No reader yet.
    package init() {}

    /// Holds back a reader's end until the verdict is posted, finished after those added
    /// before it; `output`: its file, checked before the next is finished; `last`: until the
    /// other readers' files are checked too (`finishLast(with:)`).
    package func add(_ reader: any EventConsumer, output: ReportOutput? = nil, last: Bool = false) {
        if last { lastReaders.append(reader) } else { readers.append((reader, output)) }
    }

    /// Each reader takes the envelope as it comes.
    package func consume(_ envelope: Envelope) {
        for entry in readers { entry.reader.consume(envelope) }
        for reader in lastReaders { reader.consume(envelope) }
    }

    /// Each reader lets go of the document as it comes.
    package func closeDocument(_ uri: String) {
        for entry in readers { entry.reader.closeDocument(uri) }
        for reader in lastReaders { reader.closeDocument(uri) }
    }

    /// The stream's end is not yet the verdict's: the readers wait for `finish(with:checked:)`.
    package func finish() {}

    /// Lets each reader write what does not depend on the verdict (those added `last` too:
    /// the places of a rerun file).
    package func prepare() {
        for entry in readers { (entry.reader as? any VerdictReader)?.prepare() }
        for reader in lastReaders { (reader as? any VerdictReader)?.prepare() }
    }

    /// Posts the verdict and lets each reader but those added `last` write it, one after
    /// another: `checked` closes the file of the reader just finished and returns the verdict
    /// with it if it could not be written, which the next reader reads.
    package func finish(with verdict: RunVerdict, checked: (ReportOutput?) -> RunVerdict) {
        board.post(verdict)
        for entry in readers {
            entry.reader.finish()
            board.post(checked(entry.output))
        }
    }

    /// Posts the verdict with the other readers' files that could not be written, and lets
    /// the readers added `last` write it.
    package func finishLast(with verdict: RunVerdict) {
        board.post(verdict)
        for reader in lastReaders { reader.finish() }
    }
}
