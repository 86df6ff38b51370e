import Foundation
import Gherkin
import SpecsReporting
import SpecsRunner

/// A worker process of a run (see `WorkerSupervisor`): the runner started again with the same
/// arguments and `SPECS_WORKER` set. It finds the feature files as its supervisor did,
/// reads the file each request names with the ids the request gives, and serves the test
/// cases the supervisor sends (see `Runner.serveAsWorker`).
enum WorkerCommand {
    static func run<World: AnyObject>(
        _ arguments: [String], workerId: String, registry: StepRegistry<World>
    ) async -> Int32 {
        // The supervisor's command line, with specs.json taken as the supervisor took it.
        let rest =
            (try? ProfileArguments.arguments(arguments, configuration: try ProjectConfiguration.load())) ?? arguments
        let quiet = ReportOutput(handle: .standardError)
        guard let parsed = try? ArgumentParser.parse(rest, table: OptionTable.run),
            var options = try? RunCommand(parsed: parsed, out: quiet, err: quiet).runOptions()
        else {
            FileHandle.standardError.write(Data("worker: the run's arguments do not parse\n".utf8))
            return 64
        }
        let (files, _) = FeatureLoader.discover(parsed.featurePaths)
        options.abandonedStepEndsProcess = true
        return await Runner(registry: registry, options: options).serveAsWorker(files, workerId: workerId)
    }
}
