import Messages

/// How the last lines name a run or worker hook that failed: by its name and place, with the
/// first line of its message, made from the messages of the stream (the `hook` and its
/// `testRunHookFinished`), so that the run and a report of its saved stream say it alike.
package enum RunHookFailure {
    /// The words for `hook` (nil when the stream does not define it) that failed with `message`;
    /// `inWorker`: it ran in a worker process (its start names one), before or after that worker's
    /// scenarios, not the run's.
    package static func words(_ hook: HookMessage?, message: String?, inWorker: Bool = false) -> String {
        let after = hook?.type == .afterTestRun
        let when =
            inWorker
            ? (after ? "after each worker" : "before each worker") : (after ? "after the run" : "before the run")
        let place = hook.map { "\($0.sourceReference.uri ?? "?"):\($0.sourceReference.location?.line ?? 0)" }
        let firstLine = message?.split(separator: "\n", omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let reason = firstLine.count > 200 ? String(firstLine.prefix(200)) + "..." : firstLine
        // 'open the database' (Sources/Steps.swift:12, before the run), or unnamed: at Sources/Steps.swift:12 (...).
        let which =
            switch (hook?.name, place) {
            case (let name?, let place?): "'\(name)' (\(place), \(when))"
            case (nil, let place?): "at \(place) (\(when))"
            case (let name?, nil): "'\(name)' (\(when))"
            case (nil, nil): "(\(when))"
            }
        return "\(which) failed" + (reason.isEmpty ? "" : ": " + reason)
    }

    /// `words` added to `list` unless it holds them already (the same hook failing in every
    /// worker is told once).
    package static func add(_ words: String, to list: inout [String]) {
        if !list.contains(words) { list.append(words) }
    }
}
