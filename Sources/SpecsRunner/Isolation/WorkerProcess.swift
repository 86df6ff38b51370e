import Foundation
import Locking
import Messages

/// One worker process of a run (see `WorkerSupervisor`): the runner's own executable in worker mode,
/// its requests on standard input, its protocol lines on standard output, and what it
/// writes to standard error kept (its last lines explain a crash) and passed on.
final class WorkerProcess: Sendable {
    /// The descriptors a worker takes as it starts: three pipes, both ends (the child's are
    /// closed in the runner once it runs).
    static let descriptors = 6

    /// How a worker process ended.
    struct Exit: Sendable {
        let status: Int32
        let signal: Int32?
        /// Why the supervisor ended it, if it did.
        let killedBecause: String?
    }

    let id: String
    let items = ItemQueue()
    /// The steps sent to this worker whole, which later requests name by their place.
    let sentSteps = Locked(SentSteps())
    /// The step running in the worker, and since when (monotonic nanoseconds), as its
    /// stream tells: read by the step monitor (`watchSteps`).
    private let runningStep = Locked<(running: Bool, since: UInt64)>((false, 0))
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
    /// When the worker wrote the done line before the last: its last test case began after it.
    private let doneBeforeLast = Locked<UInt64>(0)
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
        id: String, executable: String, image: String? = nil, arguments: [String], backtraces: Bool = true,
        clock: any RunClock = SystemClock()
    ) throws {
        self.id = id
        self.clock = clock
        var environment = ProcessInfo.processInfo.environment
        environment[WorkerProtocol.environmentVariable] = id
        if !backtraces && environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let child = try ChildProcess.spawn(
            executable: image ?? executable, programName: executable, arguments: arguments, environment: environment)
        self.child = child
        let input = Locked<Int32?>(child.input)
        self.input = input
        let exit = self.exit
        let killReason = self.killReason
        let exited = self.exited
        let stepMonitor = self.stepMonitor
        let streams = DispatchGroup()
        let abandoned = Locked(false)
        streams.enter()
        streams.enter()
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
            // Its output ends when every process holding the pipes has closed them: one it
            // started may outlive it (the runtime's backtracer, when the worker was ended
            // while it crashed, holds them for its 30 s timeout). What the worker wrote is
            // read within a second of its end; then its pipes are let go.
            _ = streams.wait(timeout: .now() + 1)
            abandoned.withLock { $0 = true }
        }
        // Lines are read here, on the reading thread, beside the supervisor's work.
        let runningStep = self.runningStep
        Self.readLines(child.output, until: abandoned, maximumLine: ResultLine.maximumLine, gathering: 100) {
            [items, lastDone, doneBeforeLast] bytes, dropped in
            if dropped > 0 {
                return items.stage(
                    .unreadable("a line longer than the \(ResultLine.maximumLine >> 20) MiB a line may hold"),
                    wake: true)
            }
            switch bytes.first {
            case UInt8(ascii: "#"):
                let line = String(decoding: bytes, as: UTF8.self)
                if let done = WorkerProtocol.Done(line) {
                    let before = lastDone.withLock { last in
                        defer { last = done.time }
                        return last
                    }
                    doneBeforeLast.withLock { $0 = before }
                    items.stage(.done(done), wake: true)
                } else {
                    items.stage(.control(line), wake: true)
                }
            case UInt8(ascii: "{"):
                // An envelope sent whole: a worker hook's, or one the result lines do not carry.
                let line = String(decoding: bytes, as: UTF8.self)
                guard
                    let envelope = ExecutionLines.decode(line)
                        ?? (try? JSONDecoder().decode(Envelope.self, from: Data(bytes)))
                else {
                    return items.stage(.unreadable("a line that is no message envelope: \(excerpt(bytes))"), wake: true)
                }
                items.stage(.envelope(envelope), wake: false)
            default:
                guard let event = bytes.withUnsafeBufferPointer({ ResultLine.decode($0) }) else {
                    return items.stage(
                        .unreadable("a line that is no result of protocol \(ResultLine.version): \(excerpt(bytes))"),
                        wake: true)
                }
                switch event {
                case .stepStarted:
                    runningStep.withLock { $0 = (true, clock.monotonicNanosecondsForDeadlines()) }
                case .stepFinished: runningStep.withLock { $0 = (false, 0) }
                default: break
                }
                items.stage(.result(event), wake: false)
            }
        } chunkEnd: { [items] in
            items.publish()
        } end: { [items] in
            items.publish()
            items.finish()
            streams.leave()
        }
        // A line of standard error is kept up to 16 KiB: enough to explain a crash. It is
        // shown with its control characters written out, as every line of the run's is: what a
        // step logs cannot retitle or clear the terminal.
        let errorsEnded = self.errorsEnded
        Self.readLines(child.errors, until: abandoned, maximumLine: 16_384, showsIdleText: true) {
            [recent] bytes, dropped in
            let line = String(decoding: bytes, as: UTF8.self)
            var shown = Array(TerminalText.escape(line).utf8)
            if dropped > 0 {
                shown += Array(" [specs: the \(dropped) bytes after this line's first 16,384 are left out]".utf8)
            }
            shown.append(0x0A)
            shown.withUnsafeBytes { _ = writeAll(STDERR_FILENO, $0) }
            let read = DispatchTime.now().uptimeNanoseconds
            recent.withLock {
                $0.append((read, line))
                if $0.count > 400 { $0.removeFirst($0.count - 400) }
            }
        } end: {
            errorsEnded.signal()
            streams.leave()
        }
    }

    /// Ends the worker when a step has run longer than `limitNanoseconds` by its stream:
    /// its own timeout did not stop it (it blocks its thread, say). Polled while the process lives.
    func watchSteps(limitNanoseconds: UInt64, reason: String) {
        let source = DispatchSource.makeTimerSource(queue: .global())
        source.schedule(deadline: .now() + .milliseconds(200), repeating: .milliseconds(200))
        source.setEventHandler { [runningStep, clock] in
            let (running, since) = runningStep.withLock { $0 }
            if running, clock.monotonicNanosecondsForDeadlines() &- since > limitNanoseconds {
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

    /// Ends the worker at once (SIGKILL) with the processes it started, saying why; nothing
    /// when it has ended already.
    func kill(because reason: String) {
        // A process stopped by a signal runs nothing: that, not its step or hook, is why it waited.
        let stopped = child.isStopped ? " (its process was stopped by a signal: SIGSTOP or SIGTSTP)" : ""
        killReason.withLock { if $0 == nil { $0 = reason + stopped } }
        // Once the process is reaped its pid may be another's.
        exit.withLock { ended in
            if ended == nil { child.killWithDescendants() }
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

    /// Whether the worker's standard error, since the test case before its last ended, holds
    /// the Swift runtime's report of a crash: the backtracer's `*** Program crashed: ...`, or the line
    /// the runtime writes first (`File.swift:50: Fatal error: ...`, a failed precondition or
    /// assertion). A worker may exit with status 0 after it, when its input ends while work
    /// a step left running crashes (the process ends before the trap, and the runtime may
    /// have written the line during the last test case, which then ended as it ran on). A
    /// step's text that mentions an error counts only in the runtime's own shape, after a
    /// source file's place. Read once
    /// the worker's standard error has ended: its last lines may still be in the pipe as it exits.
    var reportedACrash: Bool {
        if errorsEnded.wait(timeout: .now() + 1) == .success { errorsEnded.signal() }
        let since = doneBeforeLast.withLock { $0 }
        return recent.withLock { $0 }.contains { $0.read > since && Self.isTheRuntimesCrashReport($0.line) }
    }

    /// Whether a line of standard error is the Swift runtime's own report of a crash.
    static func isTheRuntimesCrashReport(_ line: String) -> Bool {
        if line.contains("*** Program crashed:") { return true }
        for kind in ["Fatal error", "Precondition failed", "Assertion failed"] {
            guard let found = line.range(of: kind) else { continue }
            let after = line[found.upperBound...]
            guard after.isEmpty || after.hasPrefix(":") else { continue }
            // After the runtime's `path:line: ` (a logger's `Fatal error: ...` alone is a step's text).
            let before = line[..<found.lowerBound]
            guard before.hasSuffix(": "), let colon = before.dropLast(2).lastIndex(of: ":") else { continue }
            let digits = before[before.index(after: colon)..<before.index(before.endIndex, offsetBy: -2)]
            if !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) { return true }
        }
        return false
    }

    /// Whether a line of standard error is the runtime's report of a crash.
    private static func tellsACrash(_ line: String) -> Bool {
        [
            "Fatal error", "fatal error", "Precondition failed", "Assertion failed", "Illegal instruction",
            "Program crashed",
        ]
        .contains { line.contains($0) }
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
        let errors = lines.filter(Self.tellsACrash)
        if !errors.isEmpty { return Array(errors.prefix(4)) }
        let plain = lines.filter { line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return !trimmed.hasPrefix("0x") && !trimmed.hasPrefix("*") && !trimmed.hasPrefix("Images")
                && !trimmed.hasPrefix("Thread")
                && !trimmed.hasPrefix("Backtrace") && !(trimmed.first?.isNumber ?? false)
        }
        return Array(plain.suffix(6))
    }

    /// Reads a descriptor line by line on a thread of its own until it ends or is `abandoned`
    /// (the worker ended a while ago and another process still holds the pipe), then closes it;
    /// `chunkEnd` is called after the lines of each read.
    /// `gathering`: after a read that did not fill the buffer, the thread waits that many
    /// microseconds before the next, so that what a worker writes step by step is read a few
    /// hundred lines at a time: a reader blocked in `read` is woken by every write, and those
    /// wake-ups cost the worker and the supervisor more than the lines themselves.
    /// `showsIdleText`: a line that stays unfinished while nothing more comes for 100 ms is
    /// handed on as it is (what a step wrote to standard error without a line feed), not held
    /// until a later line ends it.
    private static func readLines(
        _ descriptor: Int32, until abandoned: Locked<Bool>, maximumLine: Int = .max, gathering: UInt32 = 0,
        showsIdleText: Bool = false,
        line: @escaping @Sendable ([UInt8], _ dropped: Int) -> Void, chunkEnd: @escaping @Sendable () -> Void = {},
        end: @escaping @Sendable () -> Void
    ) {
        onThread {
            var lines = LineSplitter(maximumLine: maximumLine)
            let size = 65_536
            var reader = ChunkReader(descriptor, size: size)
            var full = false
            while !abandoned.withLock({ $0 }) {
                if gathering > 0 && !full { usleep(gathering) }
                guard readable(descriptor, milliseconds: 100) else {
                    full = false
                    if showsIdleText { lines.finishLines(line) }
                    continue
                }
                guard
                    reader.next({ chunk in
                        full = chunk.count == size
                        lines.feedLines(chunk, line)
                    })
                else { break }
                chunkEnd()
            }
            lines.finishLines(line)
            close(descriptor)
            end()
        }
    }

    /// Whether a read of `descriptor` would not block (it has bytes, its end, or an error)
    /// within `milliseconds`.
    private static func readable(_ descriptor: Int32, milliseconds: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&entry, 1, milliseconds)
        return ready > 0 || (ready < 0 && errno != EINTR)
    }

    private static func onThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 1 << 19
        thread.start()
    }
}

/// The start of an unreadable line, as an error quotes it.
private func excerpt(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes.prefix(120), as: UTF8.self)
    return (bytes.count > 120 ? text + "..." : text).debugDescription
}
