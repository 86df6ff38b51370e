import Foundation
import Locking

/// The scenarios run for lenses: each a runner started in a process group of its own and
/// read to its end on a thread of its own, so that every other request is answered while it
/// runs. A run is ended with its whole group (the runner and the workers it started) when
/// the editor cancels it, shuts the server down or goes away.
final class ScenarioRuns: Sendable {
    /// A run that has ended by itself: the request it answers, what it wrote and its exit code.
    struct Ended: Sendable {
        let id: RequestID
        let output: String
        let status: Int32
    }
    private struct State {
        /// The process group of each run under way (its runner's pid), by the request it answers.
        var running: [RequestID: pid_t] = [:]
        /// The runs ended and not yet collected.
        var ended: [Ended] = []
        /// The runners started and not yet reaped.
        var unreaped = 0
    }
    private let state = Locked(State())
    /// The most of a run's output kept: its closing lines are what is shown.
    private static let keptOutput = 1 << 20

    /// Whether a run is under way or ended and not yet collected.
    var busy: Bool { state.withLock { !$0.running.isEmpty || !$0.ended.isEmpty } }

    /// Starts `executable` with `arguments` in `folder`, its standard output and error read
    /// together, for the request `id`; why it could not start, if it could not.
    func start(id: RequestID, executable: String, arguments: [String], folder: String) -> String? {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return String(cString: strerror(errno)) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let pid: pid_t
        switch Self.spawn(executable, arguments, folder: folder, output: ends[1]) {
        case .success(let started): pid = started
        case .failure(let error):
            close(ends[0])
            close(ends[1])
            return String(cString: strerror(error.code))
        }
        close(ends[1])
        state.withLock {
            $0.running[id] = pid
            $0.unreaped += 1
        }
        let output = ends[0]
        Thread.detachNewThread { [state] in
            let text = Self.readToEnd(output)
            // Waited for without reaping, so that the group is still its own while it may be ended.
            var info = siginfo_t()
            while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
            state.withLock { state in
                var status: Int32 = 0
                while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
                state.unreaped -= 1
                // Ended by the editor: no one waits for its result.
                guard state.running.removeValue(forKey: id) != nil else { return }
                let signal = status & 0x7F
                let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
                state.ended.append(Ended(id: id, output: text, status: code))
            }
        }
        return nil
    }

    /// Ends the run that answers `id` at once, with every process of its group; whether one was under way.
    func end(_ id: RequestID) -> Bool {
        state.withLock { state in
            guard let pid = state.running.removeValue(forKey: id) else { return false }
            _ = kill(-pid, SIGKILL)
            return true
        }
    }

    /// Ends every run under way at once; the requests they answer.
    func endAll() -> [RequestID] {
        state.withLock { state in
            for pid in state.running.values { _ = kill(-pid, SIGKILL) }
            defer { state.running.removeAll() }
            return Array(state.running.keys)
        }
    }

    /// Waits up to `seconds` for the runners ended to be reaped, so that none is left for
    /// another process to reap once the server exits.
    func awaitReaped(seconds: Double) {
        let end = Date().addingTimeInterval(seconds)
        while state.withLock({ $0.unreaped > 0 }) && Date() < end { usleep(5000) }
    }

    /// The runs ended since last asked.
    func finished() -> [Ended] {
        state.withLock { state in
            defer { state.ended.removeAll() }
            return state.ended
        }
    }

    private static func readToEnd(_ descriptor: Int32) -> String {
        var kept: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            kept += chunk[..<count]
            if kept.count > keptOutput { kept.removeFirst(kept.count - keptOutput) }
        }
        close(descriptor)
        return String(decoding: kept, as: UTF8.self)
    }

    /// Starts the runner in a new process group, in `folder`, with no standard input and
    /// `output` as its standard output and error.
    private static func spawn(
        _ executable: String, _ arguments: [String], folder: String, output: Int32
    ) -> Result<pid_t, SpawnError> {
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t?
            var attributes: posix_spawnattr_t?
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The signals the server watches are the runner's own again.
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for number in RunSignals.watched { sigaddset(&defaults, number) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, output, STDERR_FILENO)
        // In the folder by way of the shell, which then becomes the runner (`exec`): the
        // file action that changes folder is not in every C library.
        let shell = "/bin/sh"
        let argv = ([shell, "-c", #"cd -- "$1" && shift && exec "$@""#, "sh", folder, executable] + arguments).map {
            strdup($0)
        }
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawn(&pid, shell, &actions, &attributes, argv + [nil], environ)
        return code == 0 ? .success(pid) : .failure(SpawnError(code: code))
    }

    private struct SpawnError: Error {
        let code: Int32
    }
}
