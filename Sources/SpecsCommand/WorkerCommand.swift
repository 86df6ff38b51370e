import SpecsRunner

/// A worker process of a run (see `WorkerSupervisor`): the runner started again with the same
/// arguments (a custom runner's own main may read them) and `SPECS_WORKER` set. It reads no
/// options, specs.json or feature files of its own: the supervisor sends the run's settings
/// and each test case's plan (see `Runner.serveAsWorker`).
enum WorkerCommand {
    static func run<World: AnyObject>(workerId: String, registry: StepRegistry<World>) async -> Int32 {
        await Runner(registry: registry).serveAsWorker(workerId: workerId)
    }
}
