import Dispatch
import Foundation
import Messages

/// How a supervisor and its worker processes talk. The supervisor resolves the run (options,
/// files, selection, plans) and writes to the worker's standard input, one line each: first
/// the settings the worker runs by (`#run ...`, see `settings(_:)`), then one request a test
/// case, its whole plan (`PlanLine`): the worker reads no options, lists no files and parses
/// nothing. The supervisor may ask for the next ones before one ends, and the worker runs
/// them in order. End of input means: run the after-all hooks and exit. The worker answers
/// on its standard output, one line each: a test case's events as result lines
/// (`ResultLine`), as they happen, its worker hooks' envelopes as NDJSON, and the control
/// lines below. The settings name the protocol's version; a worker of another refuses them.
package enum WorkerProtocol {
    /// After the before-all hooks: `#ready` or `#ready failed`.
    static let ready = "#ready"
    static let readyFailed = "#ready failed"
    /// The worker's last line, once its input ended and its after-worker hooks ran: a worker
    /// that exits without it (status 0 too) ended while it ran nothing, of itself.
    static let end = "#end"
    /// After a test case's last envelope: `#done NUMBER TIME NANOSECONDS STATUS STEPS`, with
    /// the time it was written (`DispatchTime` uptime nanoseconds, one clock for every process
    /// of the machine: what the worker writes to standard error after it belongs to its next
    /// test case), how long the test case took, its status and how many of its steps ended in
    /// each status (`PASSED=5,SKIPPED=1`), as the worker decided them: the supervisor reads
    /// them and decides nothing again.
    static let donePrefix = "#done "
    static let settingsPrefix = "#run "

    /// The done line of test case `number`, written now.
    static func done(
        _ number: Int, nanoseconds: Int, status: TestStepResultStatus, steps: [TestStepResultStatus: Int]
    ) -> String {
        let counts = steps.sorted { $0.key < $1.key }.map { "\($0.key.rawValue)=\($0.value)" }.joined(separator: ",")
        return donePrefix
            + "\(number) \(DispatchTime.now().uptimeNanoseconds) \(nanoseconds) \(status.rawValue) \(counts)"
    }

    /// A test case's end as its worker told it.
    struct Done: Equatable {
        let number: Int
        /// When the line was written (uptime nanoseconds).
        let time: UInt64
        let nanoseconds: Int
        let status: TestStepResultStatus
        let steps: [TestStepResultStatus: Int]

        /// The done line `line`; nil when it is not one.
        init?(_ line: String) {
            var line = line
            guard let done = line.withUTF8({ Self.read($0) }) else { return nil }
            self = done
        }

        private init(
            number: Int, time: UInt64, nanoseconds: Int, status: TestStepResultStatus,
            steps: [TestStepResultStatus: Int]
        ) {
            (self.number, self.time, self.nanoseconds, self.status, self.steps) = (
                number, time, nanoseconds, status, steps
            )
        }

        /// Reads the line's bytes: a worker writes one a test case, so it is read without
        /// making a string of each part.
        private static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Done? {
            let prefix = donePrefix.utf8
            guard bytes.count > prefix.count, bytes.starts(with: prefix) else { return nil }
            let parts = bytes[prefix.count...].split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false)
            guard parts.count == 5, let number = integer(parts[0]), let time = integer(parts[1]),
                let nanoseconds = integer(parts[2]), let status = self.status(parts[3])
            else { return nil }
            var steps: [TestStepResultStatus: Int] = [:]
            for pair in parts[4].split(separator: UInt8(ascii: ",")) {
                let halves = pair.split(separator: UInt8(ascii: "="))
                guard halves.count == 2, let kind = self.status(halves[0]), let count = integer(halves[1]) else {
                    return nil
                }
                steps[kind] = count
            }
            return Done(
                number: number, time: UInt64(time), nanoseconds: nanoseconds, status: status, steps: steps)
        }

        private static func integer(_ digits: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
            FieldCursor.number(UnsafeBufferPointer(rebasing: digits)).flatMap { $0 >= 0 ? $0 : nil }
        }

        private static func status(_ name: Slice<UnsafeBufferPointer<UInt8>>) -> TestStepResultStatus? {
            TestStepResultStatus.allCases.first { $0.rawValue.utf8.elementsEqual(name) }
        }
    }

    /// The settings line of a run: what a worker needs of the supervisor's options to run
    /// the plans it is sent (whether it is a dry run, how often a failed test case is tried
    /// again, the step timeout). The rest (selection, order, shards, formats) the supervisor
    /// has already applied.
    static func settings(_ options: RunOptions) -> String {
        settingsPrefix
            + "protocol=\(ResultLine.version) dry-run=\(options.dryRun) retry=\(options.retry) timeout=\(options.stepTimeout)"
    }

    /// The options of a settings line, for a worker (which ends itself after a step that did
    /// not stop when cancelled); nil when the line is not one.
    static func options(_ line: String) -> RunOptions? {
        guard line.hasPrefix(settingsPrefix) else { return nil }
        var values: [Substring: Substring] = [:]
        for pair in line.dropFirst(settingsPrefix.count).split(separator: " ") {
            let halves = pair.split(separator: "=", maxSplits: 1)
            guard halves.count == 2 else { return nil }
            values[halves[0]] = halves[1]
        }
        guard values["protocol"] == "\(ResultLine.version)",
            let dryRun = values["dry-run"].flatMap({ Bool(String($0)) }),
            let retry = values["retry"].flatMap({ Int($0) }), retry >= 0,
            let timeout = values["timeout"].flatMap({ Double($0) }), timeout > 0
        else { return nil }
        var options = RunOptions()
        options.dryRun = dryRun
        options.retry = retry
        options.stepTimeout = timeout
        options.abandonedStepEndsProcess = true
        return options
    }

    /// The status of a worker that lost its protocol: a step closed (or broke) the descriptors
    /// it talks to its supervisor on.
    static let protocolLostStatus: Int32 = 74

    /// Ends a worker that can no longer talk to its supervisor, at once: it would run on
    /// unheard (the supervisor tells the cause from the status).
    static func protocolLost(_ what: String) -> Never {
        let words = "worker: \(what) (errno \(errno)): a step closed or broke the worker's own descriptors\n"
        _ = Array(words.utf8).withUnsafeBytes { writeAll(STDERR_FILENO, $0) }
        _exit(protocolLostStatus)
    }

    /// The environment variable that makes a runner executable, started with the same
    /// arguments as its supervisor, a worker: its value is the worker's id.
    package static let environmentVariable = "SPECS_WORKER"
}
