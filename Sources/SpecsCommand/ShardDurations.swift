import Foundation
import Gherkin
import Messages
import SpecsReporting

/// `--shard-durations PATH`: how long each scenario took in an earlier run, by `path:line`
/// of the scenario or example row: read from its message stream (`--format message:FILE`,
/// or several merged shards' streams given one after another, every attempt counted) or
/// from a `--history` folder (its latest record).
enum ShardDurations {
    /// The durations of `paths`; `warn` is told of a stream cut off in the middle of a line.
    static func read(_ paths: [String], warn: (String) -> Void = { _ in }) throws(UsageError) -> [String: Int] {
        var durations: [String: Int] = [:]
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                guard let recorded = RunHistory.latestDurations(in: path) else {
                    throw UsageError(
                        message:
                            "--shard-durations \(path): the history folder holds no record with the scenarios' times "
                            + "(they are kept from this version on)")
                }
                durations.merge(recorded) { _, new in new }
                continue
            }
            guard let data = InputFile.contents(atPath: path) else {
                throw UsageError(message: "--shard-durations: '\(path)' \(InputFile.whyUnreadable(path))")
            }
            let reading: NDJSON.Reading
            do { reading = try NDJSON.read(String(decoding: data, as: UTF8.self), uri: path) } catch {
                let place = (error as? NDJSONError)?.placed(in: data)
                throw UsageError(
                    message: "--shard-durations \(place?.place ?? path): \(place?.reason ?? "\(error)"); give the "
                        + "message stream of an earlier run (--format message:FILE)")
            }
            if let line = reading.cutOffAtLine {
                warn(
                    "warning: --shard-durations \(path):\(line): the stream is cut off in the middle of this line; "
                        + "the times before it are read, and scenarios after it are taken to last the median\n")
            }
            // A dry run matched steps and ran none: its times are not the scenarios'.
            if RunMetadata.find(in: reading.envelopes)?.dryRun == true {
                throw UsageError(
                    message: "--shard-durations \(path) is the stream of a dry run (--dry-run): its steps were "
                        + "matched, none was run, so its times are not the scenarios'; give the stream of a run")
            }
            durations.merge(Self.durations(in: reading.envelopes)) { _, new in new }
        }
        return durations
    }

    static func durations(in envelopes: [Envelope]) -> [String: Int] {
        var pickles: [String: Pickle] = [:]
        var testCases: [String: String] = [:]
        var attempts: [String: (testCase: String, started: Int)] = [:]
        var durations: [String: Int] = [:]
        for envelope in envelopes {
            switch envelope {
            case .pickle(let pickle): pickles[pickle.id] = pickle
            case .testCase(let testCase): testCases[testCase.id] = testCase.pickleId
            case .testCaseStarted(let started):
                attempts[started.id] = (started.testCaseId, started.timestamp.totalNanoseconds)
            case .testCaseFinished(let finished):
                guard let attempt = attempts[finished.testCaseStartedId], let pickleId = testCases[attempt.testCase],
                    let pickle = pickles[pickleId]
                else { continue }
                let key = "\(pickle.uri):\(pickle.location.line)"
                let took = max(0, finished.timestamp.totalNanoseconds.saturatingSubtract(attempt.started))
                durations[key] = durations[key, default: 0].saturatingAdd(took)
            default: continue
            }
        }
        return durations
    }
}
