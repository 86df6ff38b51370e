import Foundation
import SpecsRunner

/// A worker process of a run (see `WorkerSupervisor`): the runner started again with the same
/// arguments (a custom runner's own main may read them) and `SPECS_WORKER` set. It reads no
/// options, specs.json or feature files of its own: the supervisor sends the run's settings
/// and each test case's plan (see `Runner.serveAsWorker`).
enum WorkerCommand {
    static func run<World: AnyObject>(workerId: String, registry: StepRegistry<World>) async -> Int32 {
        await Runner(registry: registry).serveAsWorker(workerId: workerId)
    }

    /// `SPECS_WORKER` set in a shell: the command is no worker of a run (its standard input is a
    /// terminal, not a supervisor's pipe); told so, exit 2.
    static func refuseOnATerminal(_ workerId: String) -> Int32 {
        let words =
            "error: \(WorkerProtocol.environmentVariable)=\(workerId) is set in the environment, which makes specs a "
            + "worker process of a run, started by its runner; unset it (unset \(WorkerProtocol.environmentVariable)) "
            + "to run specs\n"
        FileHandle.standardError.write(Data(words.utf8))
        return 2
    }
}
