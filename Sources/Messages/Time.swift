/// A point in time as seconds and nanoseconds since the Unix epoch.
public struct Timestamp: Sendable, Hashable, Codable {
    public var seconds: Int
    public var nanos: Int

    public init(seconds: Int, nanos: Int) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public init(nanoseconds: UInt64) {
        self.init(seconds: Int(nanoseconds / 1_000_000_000), nanos: Int(nanoseconds % 1_000_000_000))
    }

    /// The time in nanoseconds since the epoch; a time past what that holds (a stream's
    /// timestamp near 2^63 seconds) is held at `Int.max` or `Int.min`, never a crash.
    public var totalNanoseconds: Int { Int.nanoseconds(seconds: seconds, nanos: nanos) }
}

/// A length of time as seconds and nanoseconds.
public struct Duration: Sendable, Hashable, Codable {
    public var seconds: Int
    public var nanos: Int

    public init(seconds: Int, nanos: Int) {
        self.seconds = seconds
        self.nanos = nanos
    }

    public init(nanoseconds: Int) {
        let clamped = max(0, nanoseconds)
        self.init(seconds: clamped / 1_000_000_000, nanos: clamped % 1_000_000_000)
    }

    public static let zero = Duration(seconds: 0, nanos: 0)
    /// The length in nanoseconds, held at `Int.max` or `Int.min` past what that holds.
    public var totalNanoseconds: Int { Int.nanoseconds(seconds: seconds, nanos: nanos) }
}

extension Int {
    /// `self + other`, held at `Int.max` or `Int.min` instead of overflowing: for times and
    /// durations read from streams and files, which may hold any number.
    package func saturatingAdd(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other > 0 ? .max : .min) : sum
    }

    /// `self - other`, held at `Int.max` or `Int.min` instead of overflowing.
    package func saturatingSubtract(_ other: Int) -> Int {
        let (difference, overflow) = subtractingReportingOverflow(other)
        return overflow ? (other < 0 ? .max : .min) : difference
    }

    /// Seconds and nanoseconds as nanoseconds, held at `Int.max` or `Int.min`.
    static func nanoseconds(seconds: Int, nanos: Int) -> Int {
        let (product, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? (seconds > 0 ? .max : .min) : product.saturatingAdd(nanos)
    }
}
