import Foundation
import Locking
import SpecsRunner

/// SIGINT and SIGTERM stop a run cleanly: no new scenario starts, workers are ended,
/// every report is written, and the exit code is the signal's. SIGPIPE is ignored, so
/// that `specs | head -1` loses the terminal output only, not the reports.
///
/// The signals are taken on a queue of their own, which gets a thread when every thread of
/// the task pool is held by a step that blocks it. A run in process whose steps block every
/// one of those threads cannot go on to its end: it is ended `giveUpSeconds` after the
/// signal, with the signal's code, saying why and that its reports are not written.
final class SignalWatch: Sendable {
    /// How long a run in process is given to end after a signal.
    static let giveUpSeconds = 10
    private let sources: Locked<[any DispatchSourceSignal]>
    private let stopped = Locked(false)

    /// Watches for the signals; `inProcess`: the run's steps run on this process's threads.
    init(_ interruption: RunInterruption, inProcess: Bool = false) {
        signal(SIGPIPE, SIG_IGN)
        let queue = DispatchQueue(label: "specs.signals")
        var sources: [any DispatchSourceSignal] = []
        let stopped = stopped
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler {
                let first = interruption.current == nil
                interruption.interrupt(name)
                guard inProcess, first else { return }
                queue.asyncAfter(deadline: .now() + .seconds(Self.giveUpSeconds)) {
                    guard !stopped.withLock({ $0 }) else { return }
                    Self.giveUp(name, number)
                }
            }
            source.resume()
            sources.append(source)
        }
        self.sources = Locked(sources)
    }

    func stop() {
        stopped.withLock { $0 = true }
        for source in sources.withLock({ $0 }) { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    /// Ends the process: its steps hold every thread the run would finish on.
    private static func giveUp(_ name: String, _ number: Int32) {
        let message =
            "error: the run did not end within \(giveUpSeconds) s of \(name): steps block every thread it runs on "
            + "(--in-process; on workers, the default, they are contained), so it ends now and its reports are not "
            + "written\n"
        _ = Array(message.utf8).withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
        _exit(128 + number)
    }

    static func number(_ name: String) -> Int32? {
        switch name {
        case "SIGINT": SIGINT
        case "SIGTERM": SIGTERM
        default: nil
        }
    }
}
