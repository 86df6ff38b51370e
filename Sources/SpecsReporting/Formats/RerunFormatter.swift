import Messages
import SpecsRunner

/// `--format rerun[:FILE]`: where each scenario and example row that did not pass stands,
/// as Cucumber's rerun formatter writes it: a line per file, `path:line:line...`, files and
/// lines sorted, so that merged shards write what the whole run would. Every scenario that
/// did not pass is named: failed, never finished, never started (an interrupted run, after
/// `--fail-fast`, definitions not registered), in no stream of a merge or in a merged dry
/// run's; a dry run (`--dry-run`) names each scenario it planned, none of which it ran, so
/// that `specs @FILE` runs them, as a merge of its stream fails. Each file that does not
/// parse is named by its path (with the lines the run was asked for in it, `file:12`), beside
/// the scenarios, so that `specs @FILE` reads it again and fails with its parse error until it
/// is fixed. A failed run that names neither
/// (nothing selected, a failed before-all hook), or that failed for a reason the places do
/// not cover (a failed run hook, an interruption before any scenario was planned, a merged
/// stream cut short, workers that did not start, a check of the command's), writes a `# FAILED: ...` line, so that
/// `specs @FILE` never takes it for a run that passed and refuses it: the suite must run again.
/// A run that passed writes an empty file, and `specs @FILE` of it runs nothing. The places
/// are written before the verdict is decided (`VerdictReader`), the note once it is.
package final class RerunFormatter: VerdictReader {
    private let feed: LedgerFeed
    private let out: ReportOutput
    private let board: VerdictBoard?
    /// Whether the run is a dry run: then every planned scenario is named.
    private let dryRun: Bool
    /// A dry run's pickles by id, and the places of those planned (by file).
    private var dryPickles: [String: (uri: String, line: Int)] = [:]
    private var dryPlanned: [String: Set<Int>] = [:]
    /// The lines the run was asked for in each file (`file.feature:12`): a file that could not
    /// be read or parsed is named with them, so that `specs @FILE` selects what the run did.
    private let selectedLines: [String: Set<Int>]

    package init(
        output: ReportOutput, ledger shared: RunLedger? = nil, verdict board: VerdictBoard? = nil, dryRun: Bool = false,
        selectedLines: [String: Set<Int>] = [:]
    ) {
        feed = LedgerFeed(shared)
        out = output
        self.board = board
        self.dryRun = dryRun
        self.selectedLines = selectedLines
    }

    package func consume(_ envelope: Envelope) {
        feed.consume(envelope)
        guard dryRun else { return }
        switch envelope {
        case .pickle(let pickle): dryPickles[pickle.id] = (pickle.uri, pickle.location.line)
        case .testCase(let testCase):
            if let place = dryPickles[testCase.pickleId] { dryPlanned[place.uri, default: []].insert(place.line) }
        default: break
        }
    }

    package func closeDocument(_ uri: String) { feed.closeDocument(uri) }

    /// Whether any place is named: the places are written before the verdict is decided.
    private var named: Bool?

    /// Writes the places, which do not depend on the verdict, and flushes them: a rerun file
    /// that cannot be written (a full disk) is then known before any report shows the verdict.
    package func prepare() {
        guard named == nil else { return }
        let ledger = feed.ledger
        let result = ledger.result
        var lines = dryPlanned
        for testCaseId in result.tally.notPassed + result.tally.neverStarted {
            guard let scenario = ledger.scenarioResult(testCaseId: testCaseId),
                !scenario.started || scenario.status.needsAttention
            else { continue }
            lines[scenario.pickle.uri, default: []].insert(scenario.pickle.location.line)
        }
        for place in result.inNoStream + result.onlyMatched {
            guard let colon = place.lastIndex(of: ":"), let line = Int(place[place.index(after: colon)...]) else {
                continue
            }
            lines[String(place[..<colon]), default: []].insert(line)
        }
        // A file that does not parse is named by its path (with the lines the run was asked for
        // in it, if any): `specs @FILE` reads it again and fails with its parse error until it
        // is fixed, then runs all of it, or those lines.
        let unparsable = Set(result.unparsable.map { String($0[..<($0.lastIndex(of: ":") ?? $0.endIndex)]) })
            .subtracting(["?"])
        for uri in Set(lines.keys).union(unparsable).sorted() {
            let named = unparsable.contains(uri) ? selectedLines[uri, default: []] : lines[uri, default: []]
            let places = named.sorted().map { ":\($0)" }.joined()
            out.write(Self.readable(uri) + places + "\n")
        }
        named = !lines.isEmpty || !unparsable.isEmpty
        out.flush()
    }

    /// A path as a rerun file line gives it back: one that starts with `#` would read as a note,
    /// and one that starts with a space or a tab would lose it, so such a relative path is
    /// written from `./`, which names the same file.
    static func readable(_ path: String) -> String {
        guard let first = path.first, first == "#" || first == " " || first == "\t" else { return path }
        return "./" + path
    }

    package func finish() {
        prepare()
        let ledger = feed.ledger
        let result = ledger.result
        let verdict = board?.verdict(or: ledger) ?? RunVerdict(result)
        let covered = verdict.problems.allSatisfy { $0.isCovered(planned: result.testCases > 0) }
        if !verdict.passed && (named != true || !covered) {
            let reasons = verdict.problems.map(VerdictText.sentence).joined(separator: "; ")
            out.write("# FAILED: " + reasons.replacing("\n", with: " ") + "\n")
        }
        out.close()
    }
}

extension RunVerdict.Problem {
    /// Whether running again the places a rerun file lists settles the problem: scenarios
    /// that did not pass or never ran, files that do not parse, and what a merge lacks are
    /// named there, as is every scenario an interruption left unfinished once the run had
    /// `planned` its test cases; a failed run hook, an interruption before the plan, a stream
    /// cut short, workers that did not start and the command's own checks are not.
    fileprivate func isCovered(planned: Bool) -> Bool {
        switch self {
        case .scenarios, .unparsableFiles, .definitionErrors, .notOneRun, .missingPickles, .unsound, .notRun:
            return true
        case .incomplete:
            // A stream cut short names the test cases planned before the cut, and says how
            // many its run planned only at its end: the others are in no stream.
            return false
        case .interrupted:
            return planned
        case .runHookFailed, .workersNotStarted, .runEndedWithError, .nothingSelected, .unusablePaths, .coverage,
            .unusedDefinitions, .reportsNotWritten:
            return false
        }
    }
}
