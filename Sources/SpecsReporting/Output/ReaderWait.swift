import Foundation

/// How a report to a FIFO waits for its reader. A FIFO opened for writing blocks until a
/// process opens it for reading, and a process blocked there ends on no signal it handles
/// itself; so the FIFO is opened without blocking, again and again while it has no reader,
/// and the wait stops when `stop` gives a reason (a run interrupted by SIGINT or SIGTERM).
/// After `patience` seconds, `tell` says once that the command waits, and for what.
package struct ReaderWait {
    /// Why to stop waiting (`SIGTERM`), checked between tries; nil to go on.
    let stop: () -> String?
    /// Says that the command waits for a reader (a line for standard error).
    let tell: (String) -> Void
    /// How long to wait before saying so, in seconds.
    let patience: Double

    /// A wait that `stop` ends and `tell` tells of; by default, one that only a signal's
    /// default action ends, told on standard error.
    package init(
        stop: @escaping () -> String? = { nil },
        tell: @escaping (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        patience: Double = 1
    ) {
        self.stop = stop
        self.tell = tell
        self.patience = patience
    }

    /// A descriptor writing to the FIFO at `path` (shown as `shown`) once a process reads it,
    /// blocking as a file's; an error when it cannot be opened or the wait is stopped.
    func open(_ path: String, shownAs shown: String) throws -> Int32 {
        let started = Date()
        var told = false
        while true {
            let descriptor = Foundation.open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if descriptor >= 0 {
                // Written as before: a write waits for the reader to take what it sends.
                _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
                return descriptor
            }
            guard errno == ENXIO || errno == EINTR else {
                throw OutputError(path: shown, reason: String(cString: strerror(errno)))
            }
            if let why = stop() {
                throw OutputError(
                    path: shown,
                    reason: "not opened: the run was interrupted (\(why)) while it waited for a "
                        + "process to read this FIFO")
            }
            if !told, Date().timeIntervalSince(started) >= patience {
                told = true
                tell(
                    "\(shown): waiting for a process to read this FIFO (the report is written there; "
                        + "SIGINT or SIGTERM stops the wait)\n")
            }
            usleep(20_000)
        }
    }
}
