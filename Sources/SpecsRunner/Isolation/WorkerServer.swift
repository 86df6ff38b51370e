import Foundation
import Gherkin
import Messages

extension Runner {
    /// Serves as a worker process of a supervisor (`specs` runs its scenarios this way):
    /// runs the before-all hooks, then each test case the supervisor asks for, streaming
    /// its events, and at the end of the requests the after-all hooks. `features` must be
    /// loaded as the supervisor loaded them, so that every id is the same. Returns the
    /// process's exit code.
    public func serveAsWorker(_ features: [LoadedFeature], workerId: String) async -> Int32 {
        let protocolDescriptor = dup(STDOUT_FILENO)
        guard protocolDescriptor >= 0 else { return 70 }
        let writer = ProtocolWriter(descriptor: protocolDescriptor)
        let capture = OutputCapture()
        let consumer = ProtocolConsumer(writer)
        var summary = RunSummary()
        let ready = await runGlobalHooks(.beforeAll, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId)
        writer.line(ready ? WorkerProtocol.ready : WorkerProtocol.readyFailed)

        var pickles: [String: Pickle] = [:]
        for feature in features { for pickle in feature.pickles { pickles[pickle.id] = pickle } }
        var planner = makePlanner()
        var stepOutput: (@Sendable () -> String)?
        if let capture { stepOutput = { capture.drain() } }
        let (scenario, watchdog) = makeScenarioRun(stepOutput: stepOutput)
        defer { watchdog.stop() }
        while ready, let request = readLine() {
            let parts = request.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let number = Int(parts[0]), let pickle = pickles[String(parts[1])] else {
                FileHandle.standardError.write(Data("worker: not a request: \(request)\n".utf8))
                return 64
            }
            let plan = planner.plan(pickle, number: number)
            let outcome = await scenario.run(plan, workerId: workerId) { writer.emit($0) }
            writer.line(WorkerProtocol.donePrefix + "\(number)")
            // A step that did not stop when cancelled still runs: only ending the process stops it.
            if outcome.abandonedStep { return 75 }
        }
        _ = await runGlobalHooks(.afterAll, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId)
        writer.flush()
        return 0
    }
}
