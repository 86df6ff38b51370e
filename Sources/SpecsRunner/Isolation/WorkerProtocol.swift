/// How a supervisor and its worker processes talk. The supervisor writes one request a
/// line to the worker's standard input: `NUMBER FILE PICKLE_ID`, the test case to run (its
/// number makes its ids the supervisor's) and the index of its feature file. End of input means: run the after-all hooks
/// and exit. The worker answers on its standard output, one line each: the run's
/// envelopes as NDJSON, as they happen, and two control lines.
public enum WorkerProtocol {
    /// After the before-all hooks: `#ready` or `#ready failed`.
    static let ready = "#ready"
    static let readyFailed = "#ready failed"
    /// After a test case's last envelope: `#done NUMBER`.
    static let donePrefix = "#done "
    /// The environment variable that makes a runner executable, started with the same
    /// arguments as its supervisor, a worker: its value is the worker's id.
    public static let environmentVariable = "SPECS_WORKER"
}
