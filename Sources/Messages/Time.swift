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

    public var totalNanoseconds: Int { seconds * 1_000_000_000 + nanos }
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
    public var totalNanoseconds: Int { seconds * 1_000_000_000 + nanos }
}
