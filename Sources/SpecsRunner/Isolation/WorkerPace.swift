/// How many test cases a worker is asked for at once: about 10 ms of them at the pace of
/// its recent ones, and at least one. A run's only worker is asked for two at least (one
/// running, one waiting: it never waits for the supervisor between two); one of several is
/// asked for one until its test cases prove fast, so that a slow one never holds another
/// back while a worker idles (four workers ran four 1 s scenarios in 2 s, two each), and at most:
/// - 512 for a run's only worker: fast test cases keep it busy while the supervisor takes in
///   the last ones' events (a bound of 16 left a worker of 0.1 ms test cases waiting for
///   requests a third of the run), and no other worker waits for what it was asked;
/// - 16 for one of several workers: test cases queued behind a slow one wait while another
///   worker may idle.
///
/// Whatever the count, the requests asked and not yet answered stay within `aheadBytes`, less
/// than a pipe holds: writing a request never blocks the supervisor, which would stop it
/// answering the other workers.
struct WorkerPace: Sendable {
    static let aheadNanoseconds = 10_000_000.0
    static let widestAlone = 512
    static let widestAmongOthers = 16
    static let aheadBytes = 32 * 1024

    /// The most test cases asked at once.
    let widest: Int
    /// The fewest: two for a run's only worker, else one.
    let narrowest: Int
    /// A moving average of the worker's test case durations; nil before the first.
    private var average: Double?

    /// The pace of one of `workers` workers.
    init(workers: Int) {
        widest = workers > 1 ? Self.widestAmongOthers : Self.widestAlone
        narrowest = workers > 1 ? 1 : 2
    }

    var window: Int {
        guard let average else { return narrowest }
        return Int(
            min(Double(widest), max(Double(narrowest), (Self.aheadNanoseconds / max(average, 1)).rounded(.down))))
    }

    /// Whether another test case may be asked of a worker that was asked `count` not yet
    /// answered, in requests of `bytes` in all: one at least, and then up to the window and
    /// `aheadBytes`.
    func mayAsk(count: Int, bytes: Int) -> Bool {
        count == 0 || (count < window && bytes < Self.aheadBytes)
    }

    /// Takes in the duration of a test case the worker ran.
    mutating func record(_ nanoseconds: Int) {
        average = average.map { $0 * 0.75 + Double(nanoseconds) * 0.25 } ?? Double(nanoseconds)
    }
}
