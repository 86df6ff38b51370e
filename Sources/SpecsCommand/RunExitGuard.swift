import Foundation
import Locking
import SpecsRunner

/// A run's last word when code of the team's ends the runner's own process (`exit(0)`): a
/// `beforeAll` or `afterAll` hook, which runs in the runner, or with `--in-process` a step or
/// any hook. While the run is armed, the process's exit handler says on standard error that
/// the run did not finish and its reports were not written, removes the earlier run's reports
/// at their places, and exits 1 instead of that code, so that a run cut short never ends in
/// green, nor leaves a green report behind. (A worker process contains a step that
/// exits: the default run fails its scenario and goes on.)
enum RunExitGuard {
    private static let armed = Locked<(cause: String, reports: StaleReports.Places?)?>(nil)
    private static let registered = Locked(false)

    /// From now until `disarm`, an exit ends the process with code 1 and says why: `inProcess`
    /// when the run's steps run in this process too.
    static func arm(inProcess: Bool, reports: StaleReports.Places? = nil) {
        armed.withLock {
            $0 = (
                inProcess
                    ? "a step or hook ended the process (exit) during an --in-process run"
                    : "a beforeAll or afterAll hook ended the process (exit): they run in the runner's own process",
                reports
            )
        }
        registered.withLock { done in
            guard !done else { return }
            done = true
            atexit {
                // A copy that code of the team's forked (from a detached task, say) and that
                // exits is not the run: the run itself goes on and tells its own verdict.
                guard !ForkGuard.isCopy, let (cause, reports) = RunExitGuard.armed.withLock({ $0 }) else { return }
                let say = { (text: String) in
                    _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
                }
                say("error: \(cause): the run did not finish, its last lines and reports were not written\n")
                reports?.remove(say: say)
                say("FAILED:\n  - the run did not finish: the process was ended by the code it ran\n")
                _exit(1)
            }
        }
    }

    /// The run has ended: an exit is the command's own again.
    static func disarm() { armed.withLock { $0 = nil } }
}
