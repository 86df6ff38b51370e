import Foundation
import Messages
import SpecsRunner

/// `--history DIR`: each run leaves a small record there (its pass rate, its coverage and
/// each scenario's result); the report reads the last ones to draw the trend and to mark
/// scenarios that are new, newly failing, fixed or flaky.
package enum RunHistory {
    struct Record: Codable, Sendable {
        /// The layout of the record: `currentVersion` when written; none in the first records.
        var version: Int? = RunHistory.currentVersion
        var date: String
        var passRate: Double
        var coverage: Double
        /// Result by scenario key; `passed-retried` for one that passed on a later attempt.
        var results: [String: String]
        /// How long each scenario took, in nanoseconds, by `path:line` (what `--shard-durations`
        /// balances shards by); none in records of earlier versions.
        var durations: [String: Int]?
    }

    /// How many past records the report reads.
    static let depth = 20

    /// A scenario's key across runs: what it is, not where it stands: its file, its rule, its
    /// name and, for an example row, its examples' name and the row's cells. Moving it, adding
    /// a comment above it or reformatting the file keeps its history; renaming it starts anew.
    static func key(_ result: ScenarioResult) -> String {
        var parts = [
            result.pickle.uri, result.scenario?.rule?.name ?? "", result.scenario?.scenario.name ?? result.pickle.name,
        ]
        if result.pickle.astNodeIds.count > 1, let place = result.scenario,
            let (examples, row) = place.exampleRows[result.pickle.astNodeIds[1]]
        {
            let table = place.scenario.examples[examples]
            parts += [table.name, table.tableBody[row].cells.map(\.value).joined(separator: "|")]
        }
        return parts.joined(separator: "\t")
    }

    /// The order of records by name: their time stamp, then their number within one second
    /// (`run-STAMP.json` first, then `run-STAMP-0002.json`...).
    private static func order(_ name: String) -> (String, Int) {
        let base = name.dropFirst("run-".count).dropLast(".json".count)
        guard let dash = base.lastIndex(of: "-"), let number = Int(base[base.index(after: dash)...]),
            base[dash...].count == 5
        else { return (String(base), 1) }
        return (String(base[..<dash]), number)
    }

    /// The layout of the records this version writes and reads: 2 keys scenarios by what
    /// they are (`key`); records of version 1 keyed them by line, and give the trend alone.
    static let currentVersion = 2

    /// The last records of `directory`, and a warning for each it skipped (damaged, cut
    /// off, or written by a newer version), by path.
    /// `shown`: the folder as the user named it, for the warnings (`directory` made absolute).
    static func load(_ directory: String, shownAs shown: String? = nil) -> (records: [Record], skipped: [String]) {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasPrefix("run-") && $0.hasSuffix(".json") }.sorted(by: { order($0) < order($1) }).suffix(
                depth)
        var records: [Record] = []
        var skipped: [String] = []
        for name in names {
            let path = (shown ?? directory) + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else {
                skipped.append("\(path): cannot be read; skipped")
                continue
            }
            guard let record = try? JSONDecoder().decode(Record.self, from: data) else {
                skipped.append("\(path): is not a run record (cut off or damaged); skipped")
                continue
            }
            if let problem = outOfRange(record) {
                skipped.append("\(path): \(problem); skipped")
                continue
            }
            if let version = record.version, version > currentVersion {
                skipped.append(
                    "\(path): was written by a newer version of specs (record version \(version), this one reads "
                        + "\(currentVersion)); skipped")
                continue
            }
            var read = record
            // Keyed by line: their results cannot be told apart from another scenario's now.
            if (record.version ?? 1) < 2 { read.results = [:] }
            records.append(read)
        }
        return (records, skipped)
    }

    /// The longest time a record may give a scenario, in nanoseconds (about 11.6 days): a
    /// longer one (up to 2^63) is a damaged or edited record, which would make sums of
    /// times overflow.
    static let longestDuration = 1_000_000_000_000_000

    /// What in a record is out of range, worded; nil when every figure is in its range.
    private static func outOfRange(_ record: Record) -> String? {
        for (name, value) in [("passRate", record.passRate), ("coverage", record.coverage)]
        where !(0...100).contains(value) {
            return "its \(name) \(value) is not a percentage from 0 to 100"
        }
        if let (key, value) = record.durations?.first(where: { !(0...longestDuration).contains($0.value) }) {
            return "its duration of \(key), \(value) ns, is not from 0 to \(longestDuration) ns"
        }
        return nil
    }

    /// Seconds since 1970 as a record's date: a time outside years 1970 to 9999 (a stream's
    /// timestamp near 2^63 seconds) is recorded as the earliest or the latest it can be.
    static func recordSeconds(_ date: Date) -> Int {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite else { return 0 }
        return Int(min(max(seconds, 0), 253_402_300_799).rounded(.down))
    }

    /// What a record keeps of these scenarios: each started one's result by key.
    static func entries(_ results: [ScenarioResult]) -> [String: String] {
        var map: [String: String] = [:]
        for result in results where result.started {
            let status = result.status.rawValue.lowercased()
            map[key(result)] = status == "passed" && result.attempt > 0 ? "passed-retried" : status
        }
        return map
    }

    /// What a record keeps of these scenarios' times: each started one's, by `path:line`.
    static func durations(_ results: [ScenarioResult]) -> [String: Int] {
        var map: [String: Int] = [:]
        for result in results where result.started {
            map["\(result.pickle.uri):\(result.pickle.location.line)"] = min(max(0, result.duration), longestDuration)
        }
        return map
    }

    /// The scenarios' times of the latest record of `directory` that has them, by `path:line`.
    package static func latestDurations(in directory: String) -> [String: Int]? {
        load(directory).records.reversed().lazy.compactMap(\.durations).first
    }

    /// The record of a run. Its pass rate is counted from `entries`, not taken from the run's
    /// tally: a record is read back from its file with nothing but those entries, and the
    /// trend must read a past run's rate as this one's.
    static func record(
        _ entries: [String: String], durations: [String: Int] = [:], coverage: Double, date: Date
    ) -> Record {
        let passed = entries.values.filter { $0.hasPrefix("passed") }.count
        return Record(
            date: TimeText.iso8601(seconds: recordSeconds(date)),
            passRate: entries.isEmpty ? 0 : 100 * Double(passed) / Double(entries.count),
            coverage: coverage, results: entries, durations: durations)
    }

    /// Writes a record beside the others; returns why not, if it could not.
    static func save(_ record: Record, in directory: String, shownAs shown: String? = nil) -> String? {
        let shown = shown ?? directory
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let stamp = record.date.replacingOccurrences(of: ":", with: "")
            // Runs of one second are numbered so that their names sort in the order they ran
            // (`run-STAMP.json` of an earlier version sorts before `run-STAMP-0002.json` too).
            var path = directory + "/run-\(stamp).json"
            var number = 1
            while FileManager.default.fileExists(atPath: path) {
                number += 1
                path =
                    directory + "/run-\(stamp)-" + String(repeating: "0", count: max(0, 4 - String(number).count))
                    + "\(number).json"
            }
            // Written beside and renamed into place: a write that fails (a full disk) leaves no
            // record cut short, which every later run would skip as damaged.
            let partial = directory + "/" + PartialFile.name(of: (path as NSString).lastPathComponent, pid: getpid())
            let bytes = try encoder.encode(record)
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            let written = descriptor >= 0 && bytes.withUnsafeBytes { writeAll(descriptor, $0) }
            let reason = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            guard written else {
                unlink(partial)
                return "\(shown): cannot write a record in it: \(reason)"
            }
            guard rename(partial, path) == 0 else {
                let reason = String(cString: strerror(errno))
                unlink(partial)
                return "\(shown): cannot put the record in place: \(reason)"
            }
            return nil
        } catch {
            return "\(shown): cannot create the folder: \(Self.reason(error))"
        }
    }

    /// Why a file operation failed, as the system says it (`No space left on device`).
    private static func reason(_ error: Error) -> String {
        let error = error as NSError
        for candidate in [error.userInfo[NSUnderlyingErrorKey] as? NSError, error].compactMap({ $0 })
        where candidate.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(Int32(candidate.code)))
        }
        return error.localizedDescription
    }

    /// The trend (past records and this run) and the marks of each scenario.
    struct Marks {
        var past: [Record] = []
        var current: Record?

        init() {}

        init(past: [Record], current: Record) {
            self.past = past
            self.current = current
        }

        /// Pass rate and coverage of the last runs, this one last (at most `trendLength`);
        /// empty without history.
        var trend: [(date: String, passRate: Double, coverage: Double)] {
            guard let current else { return [] }
            return (past + [current]).suffix(Self.trendLength).map { ($0.date, $0.passRate, $0.coverage) }
        }

        static let trendLength = 20

        /// Words for a scenario (all its rows): new, newly failing, fixed, flaky. Fixed: it
        /// failed in the last run and passes now. Flaky: it passed on a retry in this run, or its
        /// results alternated (pass, fail, pass...) over the last runs without it being fixed now.
        /// A scenario is never both fixed and flaky in one run.
        func marks(for keys: [String]) -> [(ReportLabels) -> String] {
            let past = self.past.filter { !$0.results.isEmpty }
            guard let current, !past.isEmpty else { return [] }
            var marks: [(ReportLabels) -> String] = []
            let now = keys.compactMap { current.results[$0] }
            let before = keys.compactMap { past.last?.results[$0] }
            if before.isEmpty && !now.isEmpty && keys.allSatisfy({ key in past.allSatisfy { $0.results[key] == nil } })
            {
                marks.append { $0.new }
            }
            let failingNow = now.contains { Self.fails($0) }
            let failedBefore = before.contains { Self.fails($0) }
            if failingNow && !before.isEmpty && !failedBefore { marks.append { $0.newlyFailing } }
            let fixed = !failingNow && failedBefore && !now.isEmpty
            let retried = now.contains("passed-retried")
            if fixed && !retried { marks.append { $0.fixed } }
            let flips = keys.contains { key in
                let series = (past.suffix(5) + [current]).compactMap { $0.results[key] }.map(Self.fails)
                return zip(series, series.dropFirst()).filter { $0 != $1 }.count >= 2
            }
            if retried || (flips && !fixed) { marks.append { $0.flaky } }
            return marks
        }

        /// Whether a recorded status (`failed`, `passed`...) needed attention, by the one
        /// definition (`TestStepResultStatus.needsAttention`).
        static func fails(_ status: String) -> Bool {
            TestStepResultStatus(rawValue: status.uppercased())?.needsAttention ?? false
        }
    }
}
