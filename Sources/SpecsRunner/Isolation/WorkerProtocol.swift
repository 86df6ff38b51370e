import Dispatch

/// How a supervisor and its worker processes talk. The supervisor writes one request a
/// line to the worker's standard input: `NUMBER FILE FIRST_ID PICKLE_ID`, the test case to
/// run (its number makes its ids the supervisor's), the index of its feature file and where
/// that file's ids start (so a worker parses only the files it runs); it may ask for
/// the next ones before one ends, and the worker runs them in order. End of input means:
/// run the after-all hooks and exit. The worker answers on its standard output, one line
/// each: the run's envelopes as NDJSON, as they happen, and two control lines.
public enum WorkerProtocol {
    /// After the before-all hooks: `#ready` or `#ready failed`.
    static let ready = "#ready"
    static let readyFailed = "#ready failed"
    /// After a test case's last envelope: `#done NUMBER TIME`, with the time it was written
    /// (`DispatchTime` uptime nanoseconds, one clock for every process of the machine):
    /// what the worker writes to standard error after it belongs to its next test case.
    static let donePrefix = "#done "

    /// The done line of test case `number`, written now.
    static func done(_ number: Int) -> String {
        donePrefix + "\(number) \(DispatchTime.now().uptimeNanoseconds)"
    }

    /// The time a done line was written; nil when it is not one.
    static func doneTime(_ line: String) -> UInt64? {
        guard line.hasPrefix(donePrefix) else { return nil }
        return line.split(separator: " ").last.flatMap { UInt64($0) }
    }

    /// The environment variable that makes a runner executable, started with the same
    /// arguments as its supervisor, a worker: its value is the worker's id.
    public static let environmentVariable = "SPECS_WORKER"
}
