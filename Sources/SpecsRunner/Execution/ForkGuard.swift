import Foundation

/// A process a step forked without `exec` (`fork()` in app code that then returns) is a copy
/// of the runner: were it to go on, it would run the rest of its scenario and the scenarios
/// after it a second time, and speak on the runner's pipes for it (a worker's protocol, the
/// reports of a run in process), so that another scenario is blamed for what it wrote. The
/// copy ends where the step (or a hook, or the world's making) returns, saying so on
/// standard error; a child that calls `exec`, as `Process` and `posix_spawn` do, never gets there.
package enum ForkGuard {
    /// Whether this process is such a copy: set in the child by the `pthread_atfork` handler.
    /// Unguarded on purpose: it is written only in a forked child, where the one thread that
    /// forked is the only thread, before that thread returns to Swift code; the parent only
    /// ever reads `false`. A lock could be held by a thread the fork left behind.
    nonisolated(unsafe) private static var forked = false

    /// Whether this process is a copy a step's code forked: it is not the run, and says
    /// nothing of it (its exit handlers among them).
    package static var isCopy: Bool { forked }

    /// Installs the handler, once; call it before any step runs.
    static let installed: Bool = pthread_atfork(nil, nil, { ForkGuard.forked = true }) == 0

    /// Ends this process when it is a forked copy; nothing otherwise.
    static func endIfForked() {
        guard forked else { return }
        let note =
            "specs: a step, a hook or a world's making forked the runner (fork() without exec) and returned "
            + "into it: the copy ends here, and the runner goes on\n"
        _ = Array(note.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _exit(0)
    }
}
