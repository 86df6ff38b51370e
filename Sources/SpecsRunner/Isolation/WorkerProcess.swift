import Foundation
import Locking
import Messages

/// One worker process of a supervised run: the runner's own executable in worker mode,
/// its requests on standard input, its protocol lines on standard output, and what it
/// writes to standard error kept (its last lines explain a crash) and passed on.
final class WorkerProcess: Sendable {
    /// How a worker process ended.
    struct Exit: Sendable {
        let status: Int32
        let signal: Int32?
        /// Why the supervisor ended it, if it did.
        let killedBecause: String?
    }

    let id: String
    let items = ItemQueue()
    /// The step running in the worker, and since when (monotonic nanoseconds), as its
    /// stream tells: read by the step monitor (`watchSteps`).
    private let runningStep = Locked<(id: String?, since: UInt64)>((nil, 0))
    private let process: Locked<Process>
    private let input: Locked<FileHandle?>
    /// What the worker wrote to standard error lately, each line with the time it was read.
    private let recent = Locked<[(read: UInt64, line: String)]>([])
    /// When the worker said it was done with its last test case (its clock is ours): the
    /// lines read after it are its current test case's, whichever of the two readers went first.
    private let lastDone = Locked<UInt64>(0)
    private let killReason = Locked<String?>(nil)
    private let exit = Locked<Exit?>(nil)
    private let exited = DispatchSemaphore(value: 0)
    /// Polls `runningStep` while the process lives (see `watchSteps`).
    private let stepMonitor = Locked<(any DispatchSourceTimer)?>(nil)
    /// Kept so that their descriptors stay open while the reading threads use them.
    private let pipes: Locked<[Pipe]>

    init(id: String, executable: String, arguments: [String]) throws {
        self.id = id
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment[WorkerProtocol.environmentVariable] = id
        process.environment = environment
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        self.process = Locked(process)
        self.pipes = Locked([stdin, stdout, stderr])
        self.input = Locked(stdin.fileHandleForWriting)
        let exit = self.exit, killReason = self.killReason, exited = self.exited, stepMonitor = self.stepMonitor
        process.terminationHandler = { finished in
            stepMonitor.withLock { $0?.cancel() }
            let signal = finished.terminationReason == .uncaughtSignal ? finished.terminationStatus : nil
            exit.withLock { $0 = Exit(status: finished.terminationStatus, signal: signal, killedBecause: killReason.withLock { $0 }) }
            exited.signal()
        }
        try process.run()
        // Envelopes are decoded here, on the reading thread, beside the supervisor's work.
        let runningStep = self.runningStep
        Self.read(stdout.fileHandleForReading.fileDescriptor) { [items, lastDone] line in
            guard line.hasPrefix("{") else {
                if let time = WorkerProtocol.doneTime(line) { lastDone.withLock { $0 = time } }
                return items.push(.control(line), wake: true)
            }
            guard let envelope = ExecutionLines.decode(line) ?? (try? JSONDecoder().decode(Envelope.self, from: Data(line.utf8))) else {
                return
            }
            switch envelope {
            case .testStepStarted(let started): runningStep.withLock { $0 = (started.testStepId, DispatchTime.now().uptimeNanoseconds) }
            case .testStepFinished: runningStep.withLock { $0 = (nil, 0) }
            default: break
            }
            items.push(.envelope(envelope), wake: false)
        } end: { [items] in items.finish() }
        Self.read(stderr.fileHandleForReading.fileDescriptor) { [recent] line in
            FileHandle.standardError.write(Data((line + "\n").utf8))
            let read = DispatchTime.now().uptimeNanoseconds
            recent.withLock {
                $0.append((read, line))
                if $0.count > 400 { $0.removeFirst($0.count - 400) }
            }
        } end: {}
    }

    /// Ends the worker when a step has run longer than `limitNanoseconds` by its stream:
    /// its own timeout did not stop it (it blocks its thread, say). Polled while the process lives.
    func watchSteps(limitNanoseconds: UInt64, reason: String) {
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        source.setEventHandler { [runningStep] in
            let (step, since) = runningStep.withLock { $0 }
            if step != nil, DispatchTime.now().uptimeNanoseconds &- since > limitNanoseconds { self.kill(because: reason) }
        }
        stepMonitor.withLock { $0 = source }
        source.resume()
        if exit.withLock({ $0 }) != nil { stepMonitor.withLock { $0?.cancel() } }
    }

    /// Sends a request line; false when the worker no longer reads.
    @discardableResult
    func send(_ line: String) -> Bool {
        input.withLock { handle in
            guard let handle else { return false }
            do {
                try handle.write(contentsOf: Data((line + "\n").utf8))
                return true
            } catch {
                return false
            }
        }
    }

    /// Closes the worker's input: it runs its after-all hooks and exits.
    func finishInput() {
        input.withLock { handle in
            try? handle?.close()
            handle = nil
        }
    }

    /// Ends the worker at once (SIGKILL), saying why.
    func kill(because reason: String) {
        killReason.withLock { if $0 == nil { $0 = reason } }
        let pid = process.withLock { $0.processIdentifier }
        if pid > 0 { _ = Foundation.kill(pid, SIGKILL) }
    }

    /// How the process ended, waiting for it (at most a few seconds after its output ended).
    func waitForExit() -> Exit {
        if let known = exit.withLock({ $0 }) { return known }
        if exited.wait(timeout: .now() + 5) == .timedOut {
            kill(because: "it did not exit")
            _ = exited.wait(timeout: .now() + 5)
        }
        return exit.withLock { $0 } ?? Exit(status: -1, signal: nil, killedBecause: killReason.withLock { $0 })
    }

    /// What explains a crash in what the worker wrote to standard error during its test
    /// case: the runtime's error lines (`Fatal error: ...`), or else its last lines, without
    /// the backtrace's addresses.
    var crashLines: [String] {
        let since = lastDone.withLock { $0 }
        let lines = recent.withLock { $0 }.filter { $0.read > since }.map(\.line)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let errors = lines.filter { line in
            ["Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Illegal instruction", "Program crashed"]
                .contains { line.contains($0) }
        }
        if !errors.isEmpty { return Array(errors.prefix(4)) }
        let plain = lines.filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.hasPrefix("0x") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("Images") && !trimmed.hasPrefix("Thread")
                && !trimmed.hasPrefix("Backtrace") && !(trimmed.first?.isNumber ?? false)
        }
        return Array(plain.suffix(6))
    }

    /// Reads a descriptor line by line on a thread of its own until it ends.
    private static func read(_ descriptor: Int32, line: @escaping @Sendable (String) -> Void, end: @escaping @Sendable () -> Void) {
        let thread = Thread {
            var pending: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                pending.append(contentsOf: chunk[0..<count])
                var start = 0
                while let newline = pending[start...].firstIndex(of: 0x0A) {
                    line(String(decoding: pending[start..<newline], as: UTF8.self))
                    start = newline + 1
                }
                pending.removeSubrange(0..<start)
            }
            if !pending.isEmpty { line(String(decoding: pending, as: UTF8.self)) }
            end()
        }
        thread.start()
    }
}
