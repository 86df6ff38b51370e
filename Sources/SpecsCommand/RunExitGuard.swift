import Foundation
import Locking
import SpecsRunner

/// A run's last word when code of the team's ends the runner's own process (`exit(0)`): a
/// `beforeAll` or `afterAll` hook, which runs in the runner, or with `--in-process` a step or
/// any hook. While the run is armed, the process's exit handler says on standard error that
/// the run did not finish and its reports were not written, and exits 1 instead of that
/// code, so that a run cut short never ends in green. (A worker process contains a step that
/// exits: the default run fails its scenario and goes on.)
enum RunExitGuard {
    private static let armed = Locked<String?>(nil)
    private static let registered = Locked(false)

    /// From now until `disarm`, an exit ends the process with code 1 and says why: `inProcess`
    /// when the run's steps run in this process too.
    static func arm(inProcess: Bool) {
        armed.withLock {
            $0 =
                inProcess
                ? "a step or hook ended the process (exit) during an --in-process run"
                : "a beforeAll or afterAll hook ended the process (exit): they run in the runner's own process"
        }
        registered.withLock { done in
            guard !done else { return }
            done = true
            atexit {
                // A copy that code of the team's forked (from a detached task, say) and that
                // exits is not the run: the run itself goes on and tells its own verdict.
                guard !ForkGuard.isCopy, let cause = RunExitGuard.armed.withLock({ $0 }) else { return }
                let words =
                    "error: \(cause): the run did not finish, its last lines and reports were not written (the "
                    + "reports in place, if any, are an earlier run's)\n"
                    + "FAILED:\n  - the run did not finish: the process was ended by the code it ran\n"
                FileHandle.standardError.write(Data(words.utf8))
                _exit(1)
            }
        }
    }

    /// The run has ended: an exit is the command's own again.
    static func disarm() { armed.withLock { $0 = nil } }
}
