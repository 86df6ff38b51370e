/// How a supervisor and its worker processes talk. The supervisor writes one request a
/// line to the worker's standard input: `NUMBER PICKLE_ID`, the test case to run (its
/// number makes its ids the supervisor's). End of input means: run the after-all hooks
/// and exit. The worker answers on its standard output, one line each: the run's
/// envelopes as NDJSON, as they happen, and two control lines.
enum WorkerProtocol {
    /// After the before-all hooks: `#ready` or `#ready failed`.
    static let ready = "#ready"
    static let readyFailed = "#ready failed"
    /// After a test case's last envelope: `#done NUMBER`.
    static let donePrefix = "#done "
    /// The hidden subcommand that makes a runner executable a worker.
    public static let subcommand = "__worker"
}
