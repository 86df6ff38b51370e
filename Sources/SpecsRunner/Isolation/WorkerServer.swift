import Foundation
import Locking
import Messages

extension Runner {
    /// Serves as a worker process of a supervisor (`specs` runs its scenarios this way): reads
    /// the run's settings (`WorkerProtocol.settings`), runs the before-worker hooks, then each
    /// test case the supervisor sends, as the supervisor planned it (`PlanLine`), streaming
    /// its events, and at the end of the requests the after-worker hooks (the supervisor runs
    /// the before-all and after-all hooks, once for the run). What a worker hook prints is
    /// attached to it, not to the first scenario's first step. This runner's options are not
    /// read: the supervisor's settings are. Returns the process's exit code.
    package func serveAsWorker(workerId: String) async -> Int32 {
        let protocolDescriptor = privateCopy(of: STDOUT_FILENO)
        // Requests arrive on a descriptor of their own: a step that reads standard input
        // reads nothing, instead of the supervisor's requests.
        let requestDescriptor = privateCopy(of: STDIN_FILENO)
        guard protocolDescriptor >= 0, requestDescriptor >= 0 else { return 70 }
        let nothing = open("/dev/null", O_RDONLY)
        if nothing >= 0 {
            dup2(nothing, STDIN_FILENO)
            close(nothing)
        }
        var requests = LineReader(descriptor: requestDescriptor)
        guard let line = requests.next(), let options = WorkerProtocol.options(line) else {
            FileHandle.standardError.write(
                Data(
                    ("worker: no run settings of protocol \(ResultLine.version) from the supervisor: "
                        + "\(WorkerProtocol.environmentVariable) in the environment makes specs a worker process of a "
                        + "run, started by its runner; unset it to run specs\n").utf8))
            return 64
        }
        let runner = Runner(registry: registry, options: options, clock: clock)
        let writer = ProtocolWriter(descriptor: protocolDescriptor)
        let capture = OutputCapture()
        let consumer = ProtocolConsumer(writer)
        var summary = RunSummary()
        var hookOutput: (@Sendable () -> String)?
        if let capture { hookOutput = { capture.drain() } }
        let ready = await runner.runGlobalHooks(
            .beforeWorker, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId, workerId: workerId,
            output: hookOutput)
        writer.line(ready ? WorkerProtocol.ready : WorkerProtocol.readyFailed)

        let definitions = PlanDefinitions(
            hooks: registry.hooks, definitions: registry.steps, parameterTypes: registry.parameterTypes)
        var stepOutput: (@Sendable () -> String)?
        if let capture { stepOutput = { capture.drain() } }
        let (scenario, watchdog) = runner.makeScenarioRun(stepOutput: stepOutput)
        defer { watchdog.stop() }
        // The test cases run in turn as their requests are read (`ScenarioRun.runInTurn`);
        // each one's time is from its request read to its end.
        let requestsLeft = Locked((requests: requests, known: KnownSteps(), start: UInt64(0), refused: String?.none))
        let next: @Sendable () -> TestCasePlan? = {
            requestsLeft.withLock { left in
                guard ready, left.refused == nil else { return nil }
                guard let request = left.requests.next() else {
                    if left.requests.failed { WorkerProtocol.protocolLost("its requests could not be read") }
                    return nil
                }
                guard let plan = PlanLine.decode(request, using: definitions, known: &left.known) else {
                    left.refused = String(request.prefix(200))
                    return nil
                }
                left.start = clock.monotonicNanoseconds()
                return plan
            }
        }
        let abandoned = await scenario.runInTurn(
            workerId: workerId, next: next, live: { plan, envelope in writer.emit(envelope, of: plan) },
            ended: { plan, outcome in
                let start = requestsLeft.withLock { $0.start }
                writer.line(
                    WorkerProtocol.done(
                        plan.number, nanoseconds: Int(clamping: clock.monotonicNanoseconds() &- start),
                        status: outcome.status, steps: outcome.stepStatuses))
            })
        // A step that did not stop when cancelled still runs: only ending the process stops it.
        if abandoned { return 75 }
        if let refused = requestsLeft.withLock({ $0.refused }) {
            FileHandle.standardError.write(Data("worker: not a request: \(refused)\n".utf8))
            return 64
        }
        _ = await runner.runGlobalHooks(
            .afterWorker, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId, workerId: workerId,
            output: hookOutput)
        writer.line(WorkerProtocol.end)
        return 0
    }
}

/// Lines of a file descriptor, read in chunks (`ChunkReader`, `LineSplitter`).
struct LineReader {
    private var reader: ChunkReader
    private var splitter = LineSplitter()
    private var lines: [String] = []
    private var taken = 0

    init(descriptor: Int32) {
        reader = ChunkReader(descriptor, size: 4096)
    }

    /// Whether the lines ended on an error (a step closed the descriptor, say), not at their end.
    var failed: Bool { reader.failure != nil }

    /// The next line without its line feed; nil at the end.
    mutating func next() -> String? {
        while taken == lines.count {
            lines.removeAll(keepingCapacity: true)
            taken = 0
            if !reader.next({ chunk in splitter.feed(chunk) { lines.append(String(decoding: $0, as: UTF8.self)) } }) {
                splitter.finish { lines.append(String(decoding: $0, as: UTF8.self)) }
                if lines.isEmpty { return nil }
            }
        }
        defer { taken += 1 }
        return lines[taken]
    }
}
