import Foundation
import Locking
import SpecsRunner

/// SIGINT and SIGTERM stop a run cleanly: no new scenario starts, workers are ended,
/// every report is written, and the exit code is the signal's. SIGPIPE is ignored, so
/// that `specs | head -1` loses the terminal output only, not the reports.
final class SignalWatch: Sendable {
    private let sources: Locked<[any DispatchSourceSignal]>

    init(_ interruption: RunInterruption) {
        signal(SIGPIPE, SIG_IGN)
        var sources: [any DispatchSourceSignal] = []
        for (number, name) in [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { interruption.interrupt(name) }
            source.resume()
            sources.append(source)
        }
        self.sources = Locked(sources)
    }

    func stop() {
        for source in sources.withLock({ $0 }) { source.cancel() }
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
    }

    static func number(_ name: String) -> Int32? {
        switch name {
        case "SIGINT": SIGINT
        case "SIGTERM": SIGTERM
        default: nil
        }
    }
}
