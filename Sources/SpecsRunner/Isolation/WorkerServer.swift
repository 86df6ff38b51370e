import Foundation
import Gherkin
import Messages

extension Runner {
    /// Serves as a worker process of a supervisor (`specs` runs its scenarios this way):
    /// runs the before-worker hooks, then each test case the supervisor asks for, streaming
    /// its events, and at the end of the requests the after-worker hooks (the supervisor runs
    /// the before-all and after-all hooks, once for the run). What a worker hook prints is
    /// attached to it, not to the first scenario's first step. `files` must be the
    /// supervisor's, in its order: a file is loaded when a request names it (with the ids the
    /// request says it starts at, the supervisor's), and let go when a request names another.
    /// Returns the process's exit code.
    public func serveAsWorker(_ files: [FeaturePath], workerId: String) async -> Int32 {
        let protocolDescriptor = dup(STDOUT_FILENO)
        // Requests arrive on a descriptor of their own: a step that reads standard input
        // reads nothing, instead of the supervisor's requests.
        let requestDescriptor = dup(STDIN_FILENO)
        guard protocolDescriptor >= 0, requestDescriptor >= 0 else { return 70 }
        let nothing = open("/dev/null", O_RDONLY)
        if nothing >= 0 {
            dup2(nothing, STDIN_FILENO)
            close(nothing)
        }
        var requests = LineReader(descriptor: requestDescriptor)
        let writer = ProtocolWriter(descriptor: protocolDescriptor)
        let capture = OutputCapture()
        let consumer = ProtocolConsumer(writer)
        var summary = RunSummary()
        var hookOutput: (@Sendable () -> String)?
        if let capture { hookOutput = { capture.drain() } }
        let ready = await runGlobalHooks(
            .beforeWorker, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId,
            output: hookOutput)
        writer.line(ready ? WorkerProtocol.ready : WorkerProtocol.readyFailed)

        var loaded: (file: Int, pickles: [String: Pickle])?
        func pickle(_ id: String, file: Int, firstId: Int) -> Pickle? {
            guard file >= 0, file < files.count, firstId >= 0 else { return nil }
            if loaded?.file != file {
                // The file is read here again, not sent by the supervisor: a request stays a
                // line, and a worker keeps the file while its requests name it.
                let feature = FeatureLoader.load(files[file], firstId: firstId)
                loaded = (
                    file, Dictionary(feature.pickles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
                )
            }
            return loaded?.pickles[id]
        }
        var planner = makePlanner()
        var stepOutput: (@Sendable () -> String)?
        if let capture { stepOutput = { capture.drain() } }
        let (scenario, watchdog) = makeScenarioRun(stepOutput: stepOutput)
        defer { watchdog.stop() }
        while ready, let request = requests.next() {
            let parts = request.split(separator: " ", maxSplits: 3)
            guard parts.count == 4, let number = Int(parts[0]), let file = Int(parts[1]), let firstId = Int(parts[2]),
                let pickle = pickle(String(parts[3]), file: file, firstId: firstId)
            else {
                FileHandle.standardError.write(Data("worker: not a request: \(request)\n".utf8))
                return 64
            }
            let plan = planner.plan(pickle, file: file, number: number)
            let outcome = await scenario.run(plan, workerId: workerId) { writer.emit($0) }
            writer.line(WorkerProtocol.done(number))
            // A step that did not stop when cancelled still runs: only ending the process stops it.
            if outcome.abandonedStep { return 75 }
        }
        _ = await runGlobalHooks(
            .afterWorker, runId: "run", to: consumer, summary: &summary, idSuffix: "-" + workerId, output: hookOutput)
        writer.flush()
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
