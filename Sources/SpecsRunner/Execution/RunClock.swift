import Foundation
import Locking
import Messages

/// Where a run reads the time: wall time for timestamps, a monotonic clock for durations.
package protocol RunClock: Sendable {
    /// The wall-clock time, for the messages' timestamps.
    func now() -> Timestamp
    /// A clock that never goes back, for durations.
    func monotonicNanoseconds() -> UInt64
    /// The monotonic time the watchdog compares step deadlines with. It must not move a
    /// clock that moves when read, or outputs would depend on how often it looked.
    func monotonicNanosecondsForDeadlines() -> UInt64
}

extension RunClock {
    package func monotonicNanosecondsForDeadlines() -> UInt64 { monotonicNanoseconds() }
}

/// The system clocks.
package struct SystemClock: RunClock {
    /// The system's clocks.
    package init() {}

    /// `Date()`, as a timestamp.
    package func now() -> Timestamp {
        let interval = Date().timeIntervalSince1970
        let seconds = interval.rounded(.down)
        return Timestamp(seconds: Int(seconds), nanos: Int((interval - seconds) * 1_000_000_000))
    }

    /// The uptime clock.
    package func monotonicNanoseconds() -> UInt64 { DispatchTime.now().uptimeNanoseconds }
}

/// A clock that only moves when told to: every reading advances it by one millisecond,
/// so outputs can be compared byte for byte.
package final class SteppingClock: RunClock {
    private let ticks = Locked<UInt64>(0)

    /// A clock at zero.
    package init() {}

    /// The next millisecond.
    package func now() -> Timestamp { Timestamp(nanoseconds: tick()) }
    /// The next millisecond.
    package func monotonicNanoseconds() -> UInt64 { tick() }

    package func monotonicNanosecondsForDeadlines() -> UInt64 { ticks.withLock { $0 } }

    private func tick() -> UInt64 {
        ticks.withLock {
            $0 += 1_000_000
            return $0
        }
    }
}
