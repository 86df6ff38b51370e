import Foundation
import Locking

/// SIGTERM, SIGHUP and SIGINT (an editor that ends the server, a closed terminal, Control-C) end the lens runs
/// under way with the server: no runner is left to run on alone. The server then ends by
/// the signal, as it would have.
enum RunSignals {
    /// The signals watched.
    static let watched = [SIGTERM, SIGHUP, SIGINT]
    private static let sources = Locked<[any DispatchSourceSignal]>([])

    /// Ends `runs` on the signals watched, from now on.
    static func endOnSignals(_ runs: ScenarioRuns) {
        let installed = watched.map { number -> any DispatchSourceSignal in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                _ = runs.endAll()
                runs.awaitReaped(seconds: 1)
                signal(number, SIG_DFL)
                kill(getpid(), number)
            }
            source.resume()
            return source
        }
        sources.withLock { $0 = installed }
    }
}
