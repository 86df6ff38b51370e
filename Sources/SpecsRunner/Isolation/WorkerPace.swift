/// How many test cases a worker is asked for at once: about 10 ms of them at the pace of
/// its recent ones, at least two (one running, one waiting) and at most 512. Fast test cases
/// keep the worker busy while the supervisor takes in the last ones' events (a bound of 16
/// left a worker of 0.1 ms test cases waiting for requests a third of the run); slow ones
/// are not queued behind each other while another worker idles.
struct WorkerPace: Sendable {
    static let aheadNanoseconds = 10_000_000.0
    static let widest = 512

    /// A moving average of the worker's test case durations; nil before the first.
    private var average: Double?

    var window: Int {
        guard let average else { return 2 }
        return Int(min(Double(Self.widest), max(2, (Self.aheadNanoseconds / max(average, 1)).rounded(.down))))
    }

    /// Takes in the duration of a test case the worker ran.
    mutating func record(_ nanoseconds: Int) {
        average = average.map { $0 * 0.75 + Double(nanoseconds) * 0.25 } ?? Double(nanoseconds)
    }
}
