import Foundation
import Locking

/// SIGINT, SIGTERM and SIGHUP taken in from the first moment of a run (`begin`, the first thing
/// `SpecsCommand.main` does for one): a handler writes each signal's number to a pipe, where
/// the run's `SignalWatch` reads it. A signal in the run's first milliseconds, before it
/// watches, is then neither lost nor the end of the process by its default action: the run
/// ends as interrupted, as it does for any later one. (A signal mask set by `main` cannot hold
/// one until then: the asynchronous main parks the main thread with every signal unblocked, and
/// ignoring a signal, `SIG_IGN`, discards one that is pending.)
enum SignalIntake {
    /// The signals taken in, with their names.
    static let taken: [(number: Int32, name: String)] = [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM"), (SIGHUP, "SIGHUP")]

    /// The pipe the handler writes to; both ends non-blocking and close-on-exec.
    static let pipe: (read: Int32, write: Int32) = {
        var ends: [Int32] = [-1, -1]
        guard Foundation.pipe(&ends) == 0 else { return (-1, -1) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        return (ends[0], ends[1])
    }()

    /// Whether the handler is in place.
    private static let active = Locked(false)

    /// SIGINT and SIGHUP when the process was started with them ignored (`nohup`, a shell's
    /// background job): they stay ignored, as the convention has it, and workers inherit that.
    /// Read once, before the handler is first put in place. SIGTERM is always taken in.
    private static let ignoredAtStart: Set<Int32> = {
        var ignored: Set<Int32> = []
        for number in [SIGINT, SIGHUP] {
            let previous = signal(number, SIG_IGN)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                ignored.insert(number)
            } else {
                signal(number, previous)
            }
        }
        return ignored
    }()

    /// Takes the signals in from now on (again, after `end`).
    static func begin() {
        // Without the pipe (no descriptor left) a signal keeps its default action: it ends the
        // run, rather than being taken in where nothing would ever read it.
        guard pipe.read >= 0 else { return }
        let ignored = ignoredAtStart
        active.withLock { active in
            guard !active else { return }
            active = true
            for (number, _) in taken where !ignored.contains(number) {
                signal(number) { number in
                    // Only what is safe in a signal handler: one write, errno kept for the code it interrupted.
                    let saved = errno
                    var byte = UInt8(truncatingIfNeeded: number)
                    _ = write(SignalIntake.pipe.write, &byte, 1)
                    errno = saved
                }
            }
        }
    }

    /// The names of the signals taken in since the last call, in the order they came.
    static func received() -> [String] {
        var names: [String] = []
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(pipe.read, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            for byte in bytes[..<count] {
                if let name = taken.first(where: { $0.number == Int32(byte) })?.name { names.append(name) }
            }
        }
        return names
    }

    /// Gives the signals their default actions back; `raisingPending`: a signal taken in and not
    /// yet read then ends the process as its default action does (else it is dropped).
    static func end(raisingPending: Bool) {
        let ended = active.withLock { active in
            guard active else { return false }
            active = false
            for (number, _) in taken where !ignoredAtStart.contains(number) { signal(number, SIG_DFL) }
            return true
        }
        guard ended else { return }
        let pending = received()
        if raisingPending, let name = pending.first, let number = taken.first(where: { $0.name == name })?.number {
            kill(getpid(), number)
        }
    }

    /// Runs `body` with the signals' default actions (a read that only a signal may end, such
    /// as an input's FIFO that no process writes to or closes), then takes them in again if it
    /// did before; a signal taken in before it ends the process so.
    static func withDefaultActions<Result>(_ body: () throws -> Result) rethrows -> Result {
        let wasActive = active.withLock { $0 }
        guard wasActive else { return try body() }
        end(raisingPending: true)
        defer { begin() }
        return try body()
    }
}
