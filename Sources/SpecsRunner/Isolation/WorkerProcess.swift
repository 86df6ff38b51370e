import Foundation
import Locking
import Messages

/// One worker process of a run (see `WorkerSupervisor`): the runner's own executable in worker mode,
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
    private let child: ChildProcess
    /// The run's clock: a step's overrun is measured with it, as the watchdog measures its timeout.
    private let clock: any RunClock
    /// The worker's standard input, until it is closed (at the end of the requests, or when
    /// the worker is gone).
    private let input: Locked<Int32?>
    /// What the worker wrote to standard error lately, each line with the time it was read.
    private let recent = Locked<[(read: UInt64, line: String)]>([])
    /// When the worker said it was done with its last test case (its clock is ours): the
    /// lines read after it are its current test case's, whichever of the two readers went first.
    private let lastDone = Locked<UInt64>(0)
    private let killReason = Locked<String?>(nil)
    private let exit = Locked<Exit?>(nil)
    private let exited = DispatchSemaphore(value: 0)
    /// Signalled when the worker's standard error has been read to its end.
    private let errorsEnded = DispatchSemaphore(value: 0)
    /// Polls `runningStep` while the process lives (see `watchSteps`).
    private let stepMonitor = Locked<(any DispatchSourceTimer)?>(nil)
    /// Starts the worker. `backtraces`: whether the Swift runtime may print a backtrace when
    /// the worker crashes (about a second of the worker's time); the environment's own
    /// `SWIFT_BACKTRACE` is kept when set.
    init(
        id: String, executable: String, arguments: [String], backtraces: Bool = true,
        clock: any RunClock = SystemClock()
    ) throws {
        self.id = id
        self.clock = clock
        var environment = ProcessInfo.processInfo.environment
        environment[WorkerProtocol.environmentVariable] = id
        if !backtraces && environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let child = try ChildProcess.spawn(executable: executable, arguments: arguments, environment: environment)
        self.child = child
        let input = Locked<Int32?>(child.input)
        self.input = input
        let exit = self.exit
        let killReason = self.killReason
        let exited = self.exited
        let stepMonitor = self.stepMonitor
        Self.onThread {
            child.awaitEnd()
            stepMonitor.withLock { $0?.cancel() }
            exit.withLock {
                let (status, signal) = child.reap()
                $0 = Exit(status: status, signal: signal, killedBecause: killReason.withLock { $0 })
            }
            // Nothing reads the requests of a worker that is gone.
            input.withLock { descriptor in
                if let open = descriptor { close(open) }
                descriptor = nil
            }
            exited.signal()
        }
        // Envelopes are decoded here, on the reading thread, beside the supervisor's work.
        let runningStep = self.runningStep
        Self.readLines(child.output) { [items, lastDone] bytes in
            let line = String(decoding: bytes, as: UTF8.self)
            guard line.hasPrefix("{") else {
                if let done = WorkerProtocol.Done(line) { lastDone.withLock { $0 = done.time } }
                return items.push(.control(line), wake: true)
            }
            guard
                let envelope = ExecutionLines.decode(line)
                    ?? (try? JSONDecoder().decode(Envelope.self, from: Data(bytes)))
            else {
                return
            }
            switch envelope {
            case .testStepStarted(let started):
                runningStep.withLock { $0 = (started.testStepId, clock.monotonicNanosecondsForDeadlines()) }
            case .testStepFinished: runningStep.withLock { $0 = (nil, 0) }
            default: break
            }
            items.push(.envelope(envelope), wake: false)
        } end: { [items] in
            items.finish()
        }
        // A line of standard error is kept up to 16 KiB: enough to explain a crash.
        let errorsEnded = self.errorsEnded
        Self.readLines(child.errors, maximumLine: 16_384) { [recent] bytes in
            var shown = bytes
            shown.append(0x0A)
            shown.withUnsafeBytes { _ = writeAll(STDERR_FILENO, $0) }
            let read = DispatchTime.now().uptimeNanoseconds
            let line = String(decoding: bytes, as: UTF8.self)
            recent.withLock {
                $0.append((read, line))
                if $0.count > 400 { $0.removeFirst($0.count - 400) }
            }
        } end: {
            errorsEnded.signal()
        }
    }

    /// Ends the worker when a step has run longer than `limitNanoseconds` by its stream:
    /// its own timeout did not stop it (it blocks its thread, say). Polled while the process lives.
    func watchSteps(limitNanoseconds: UInt64, reason: String) {
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        source.setEventHandler { [runningStep, clock] in
            let (step, since) = runningStep.withLock { $0 }
            if step != nil, clock.monotonicNanosecondsForDeadlines() &- since > limitNanoseconds {
                self.kill(because: reason)
            }
        }
        stepMonitor.withLock { $0 = source }
        source.resume()
        if exit.withLock({ $0 }) != nil { stepMonitor.withLock { $0?.cancel() } }
    }

    /// Sends a request line; false when the worker no longer reads.
    @discardableResult
    func send(_ line: String) -> Bool {
        input.withLock { descriptor in
            guard let descriptor else { return false }
            return Array((line + "\n").utf8).withUnsafeBytes { writeAll(descriptor, $0) }
        }
    }

    /// Closes the worker's input: it runs its after-all hooks and exits.
    func finishInput() {
        input.withLock { descriptor in
            if let open = descriptor { close(open) }
            descriptor = nil
        }
    }

    /// Ends the worker at once (SIGKILL), saying why; nothing when it has ended already.
    func kill(because reason: String) {
        killReason.withLock { if $0 == nil { $0 = reason } }
        // Once the process is reaped its pid may be another's.
        exit.withLock { ended in
            if ended == nil { _ = Foundation.kill(child.pid, SIGKILL) }
        }
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
        // The process has ended; what it wrote last may still be in the pipe. (A process it
        // started may hold the pipe open: then a second is enough.)
        if errorsEnded.wait(timeout: .now() + 1) == .success { errorsEnded.signal() }
        let since = lastDone.withLock { $0 }
        let lines = recent.withLock { $0 }.filter { $0.read > since }.map(\.line)
            .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        let errors = lines.filter { line in
            [
                "Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Illegal instruction",
                "Program crashed",
            ]
            .contains { line.contains($0) }
        }
        if !errors.isEmpty { return Array(errors.prefix(4)) }
        let plain = lines.filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.hasPrefix("0x") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("Images")
                && !trimmed.hasPrefix("Thread")
                && !trimmed.hasPrefix("Backtrace") && !(trimmed.first?.isNumber ?? false)
        }
        return Array(plain.suffix(6))
    }

    /// Reads a descriptor line by line on a thread of its own until it ends, then closes it.
    private static func readLines(
        _ descriptor: Int32, maximumLine: Int = .max, line: @escaping @Sendable ([UInt8]) -> Void,
        end: @escaping @Sendable () -> Void
    ) {
        onThread {
            var lines = LineSplitter(maximumLine: maximumLine)
            readChunks(descriptor) { lines.feed($0, line) }
            lines.finish(line)
            close(descriptor)
            end()
        }
    }

    private static func onThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 1 << 19
        thread.start()
    }
}
