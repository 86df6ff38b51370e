import Foundation
import Locking

/// How an input read from a FIFO waits for its writer, the mirror of a report's `ReaderWait`.
/// A FIFO opened for reading blocks until a process opens it for writing; the command keeps
/// waiting, as a shell's `cat` does, and a signal's default action still ends it (`InputFile`
/// gives the signals their default actions back while it reads one). After `patience` seconds, `tell`
/// says once that the command waits, and for what.
struct WriterWait: Sendable {
    /// Says that the command waits for a writer (a line for standard error).
    let tell: @Sendable (String) -> Void
    /// How long to wait before saying so, in seconds.
    let patience: Double

    /// A wait told on standard error after `patience` seconds.
    init(
        tell: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) },
        patience: Double = 1
    ) {
        self.tell = tell
        self.patience = patience
    }

    /// A handle reading the FIFO at `path` once a process writes to it; nil when it cannot be opened.
    func open(_ path: String) -> FileHandle? {
        let waiting = Locked(true)
        let tell = tell
        let notice = DispatchWorkItem {
            // Under the lock: once the FIFO is open, nothing is told, and the command's own
            // output never interleaves with the notice.
            waiting.withLock { waiting in
                guard waiting else { return }
                tell(
                    "\(path): waiting for a process to write to this FIFO (the command reads it; "
                        + "SIGINT or SIGTERM stops the wait)\n")
            }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + patience, execute: notice)
        defer {
            waiting.withLock { $0 = false }
            notice.cancel()
        }
        return FileHandle(forReadingAtPath: path)
    }
}
