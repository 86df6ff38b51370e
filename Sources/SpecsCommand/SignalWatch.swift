import Foundation
import Locking
import SpecsRunner

/// SIGINT, SIGTERM and SIGHUP stop a run cleanly: no new scenario starts, workers are ended,
/// every report is written, and the exit code is the signal's. They are taken in from the
/// run's first moment (`SignalIntake`), so one that came before the watch began stops the run
/// alike. SIGPIPE is ignored, so that `specs | head -1` loses the terminal output only, not the
/// reports.
///
/// The signals are read on a queue of their own, which gets a thread when every thread of
/// the task pool is held by a step that blocks it. A run in process whose steps block every
/// one of those threads cannot go on to its end: it is ended `giveUpSeconds` after the
/// signal, with the signal's code, saying why and that its reports are not written. On
/// workers the steps are contained, but the run's own hooks (`beforeAll`, `afterAll`) run in
/// this process: one that never returns is given `workersGiveUpSeconds`.
final class SignalWatch: Sendable {
    /// How long a run in process is given to end after a signal.
    static let giveUpSeconds = 10
    /// How long a run on workers is given: its reports of a large suite take a while to write.
    static let workersGiveUpSeconds = 30
    /// Nil when the signals' pipe could not be made (no descriptor left): they keep their default actions.
    private let source: Locked<(any DispatchSourceRead)?>
    private let stopped = Locked(false)
    private let take: @Sendable (String) -> Void

    /// Watches for the signals; `inProcess`: the run's steps run on this process's threads;
    /// `reports`: the places of the run's reports, whose earlier files a run that gives up
    /// removes (they are an earlier run's, and this run writes none).
    init(_ interruption: RunInterruption, inProcess: Bool = false, reports: StaleReports.Places? = nil) {
        signal(SIGPIPE, SIG_IGN)
        SignalIntake.begin()
        let queue = DispatchQueue(label: "specs.signals")
        let stopped = stopped
        let take: @Sendable (String) -> Void = { name in
            let first = interruption.current == nil
            interruption.interrupt(name)
            guard first, let number = Self.number(name) else { return }
            let seconds = inProcess ? Self.giveUpSeconds : Self.workersGiveUpSeconds
            queue.asyncAfter(deadline: .now() + .seconds(seconds)) {
                guard !stopped.withLock({ $0 }) else { return }
                Self.giveUp(name, number, after: seconds, inProcess: inProcess, reports: reports)
            }
        }
        self.take = take
        // What came before the watch began counts before any scenario starts.
        for name in SignalIntake.received() { take(name) }
        guard SignalIntake.pipe.read >= 0 else {
            self.source = Locked(nil)
            return
        }
        let source = DispatchSource.makeReadSource(fileDescriptor: SignalIntake.pipe.read, queue: queue)
        source.setEventHandler {
            for name in SignalIntake.received() { take(name) }
        }
        source.resume()
        self.source = Locked(source)
    }

    /// Takes in at once what came and the queue has not read yet: the run's interruption is
    /// then as up to date as can be.
    func takeIn() {
        for name in SignalIntake.received() { take(name) }
    }

    func stop() {
        stopped.withLock { $0 = true }
        source.withLock { $0?.cancel() }
        SignalIntake.end(raisingPending: false)
    }

    /// Ends the process: its steps, or its own hooks, hold what the run would finish on.
    private static func giveUp(
        _ name: String, _ number: Int32, after seconds: Int, inProcess: Bool, reports: StaleReports.Places?
    ) {
        let why =
            inProcess
            ? "steps block every thread it runs on (--in-process; on workers, the default, they are contained)"
            : "the runner's own process is held: a hook of the run that does not return (beforeAll and afterAll run "
                + "there), or a file it reads that does not answer"
        let message =
            "error: the run did not end within \(seconds) s of \(name): \(why), so it ends now and its reports are "
            + "not written\n"
        let say = { (text: String) in
            _ = Array(text.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        }
        say(message)
        reports?.remove(say: say)
        _exit(128 + number)
    }

    static func number(_ name: String) -> Int32? {
        SignalIntake.taken.first { $0.name == name }?.number
    }
}
