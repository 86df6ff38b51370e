import Foundation
import Locking

/// An `--in-process` run's last word when a step ends the process (`exit(0)` in a step):
/// while the run is armed, the process's exit handler says on standard error that the run
/// did not finish and its reports were not written, and exits 1 instead of the step's
/// code, so that a run cut short never ends in green. (A worker process contains such a
/// step: the default run fails its scenario and goes on.)
enum InProcessExitGuard {
    private static let armed = Locked(false)
    private static let registered = Locked(false)

    /// From now until `disarm`, an exit ends the process with code 1 and says why.
    static func arm() {
        armed.withLock { $0 = true }
        registered.withLock { done in
            guard !done else { return }
            done = true
            atexit {
                guard InProcessExitGuard.armed.withLock({ $0 }) else { return }
                let words =
                    "error: a step ended the process (exit) during an --in-process run: the run did not finish, its "
                    + "last lines and reports were not written (run without --in-process to contain such a step)\n"
                    + "FAILED:\n  - the run did not finish: a step ended the process\n"
                FileHandle.standardError.write(Data(words.utf8))
                _exit(1)
            }
        }
    }

    /// The run has ended: an exit is the command's own again.
    static func disarm() { armed.withLock { $0 = false } }
}
