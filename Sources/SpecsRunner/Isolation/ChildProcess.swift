import Foundation
import Locking

/// A child process started with `posix_spawn`, its standard input, output and error
/// each a pipe whose other end the parent holds. The parent's ends are close-on-exec, so
/// no child inherits another's pipes (a worker would then never see its input end), and
/// each end is closed exactly once by whoever owns it: however many children come and go,
/// the parent's descriptors stay flat.
///
/// Foundation's `Process` is not used: on Linux it refuses to start anything when the
/// limit of open files is under 256, and it gives no word of why.
struct ChildProcess: Sendable {
    let pid: pid_t
    /// The write end of the child's standard input.
    let input: Int32
    /// The read ends of the child's standard output and standard error.
    let output: Int32
    let errors: Int32

    /// Whether the process is stopped by a signal (SIGSTOP, SIGTSTP: its state `T` in
    /// `/proc`); false where that cannot be read (not Linux, or the process is gone).
    var isStopped: Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        // `pid (name) STATE ...`: the name may hold spaces and parentheses, the state follows the last `)`.
        let state = stat[stat.index(after: close)...].drop { $0 == " " }.first
        return state == "T" || state == "t"
    }

    /// Why a child could not be started, worded for the run's last lines.
    struct StartFailure: Error, CustomStringConvertible {
        let description: String

        init(_ description: String) {
            self.description = description
        }

        init(_ what: String, errno code: Int32) {
            description = "\(what): \(OpenFileLimit.reason(errno: code))"
        }
    }

    /// Starts `executable` with `arguments` and `environment` (the whole of it), named
    /// `programName` (its `argv[0]`; the executable's path when not given).
    static func spawn(
        executable: String, programName: String? = nil, arguments: [String], environment: [String: String]
    ) throws -> ChildProcess {
        try spawning.withLock { _ in
            try spawnAlone(
                executable: executable, programName: programName ?? executable, arguments: arguments,
                environment: environment)
        }
    }

    private static func spawnAlone(
        executable: String, programName: String, arguments: [String], environment: [String: String]
    ) throws -> ChildProcess {
        var made: [Int32] = []
        func pipeEnds() throws -> (read: Int32, write: Int32) {
            var ends: [Int32] = [-1, -1]
            guard makePipe(&ends) == 0 else {
                let code = errno
                for descriptor in made { close(descriptor) }
                throw StartFailure("cannot make a pipe for a worker process", errno: code)
            }
            made += ends
            return (ends[0], ends[1])
        }
        let stdin = try pipeEnds()
        let stdout = try pipeEnds()
        let stderr = try pipeEnds()
        defer {
            // The child's ends are the child's now.
            close(stdin.read)
            close(stdout.write)
            close(stderr.write)
        }
        var actions = FileActions()
        defer { actions.destroy() }
        actions.duplicate(stdin.read, to: STDIN_FILENO)
        actions.duplicate(stdout.write, to: STDOUT_FILENO)
        actions.duplicate(stderr.write, to: STDERR_FILENO)
        actions.closeTheRest()
        let argv = ([programName] + arguments).map { strdup($0) }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = actions.spawn(&pid, executable, argv + [nil], envp + [nil])
        guard code == 0 else {
            close(stdin.write)
            close(stdout.read)
            close(stderr.read)
            throw StartFailure("cannot start a worker process (\(executable))", errno: code)
        }
        return ChildProcess(pid: pid, input: stdin.write, output: stdout.read, errors: stderr.read)
    }

    /// Ends the child at once (SIGKILL) with every process it started that still runs: the
    /// runtime's backtracer of a worker ended while it crashed would otherwise wait forever
    /// for it, holding its pipes. The child is stopped first, so that it starts no other
    /// meanwhile. Only while the child is not reaped (its pid is its own).
    func killWithDescendants() {
        _ = kill(pid, SIGSTOP)
        for descendant in Self.descendants(of: pid) { _ = kill(descendant, SIGKILL) }
        _ = kill(pid, SIGKILL)
    }

    /// The processes `root` started, and theirs, as `/proc` tells (none where there is no `/proc`).
    private static func descendants(of root: pid_t) -> [pid_t] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return [] }
        var children: [pid_t: [pid_t]] = [:]
        for name in names {
            guard let pid = pid_t(name), let parent = parent(of: name) else { continue }
            children[parent, default: []].append(pid)
        }
        var found: [pid_t] = []
        var next = children[root] ?? []
        while let pid = next.popLast(), found.count < 10_000 {
            found.append(pid)
            next += children[pid] ?? []
        }
        return found
    }

    /// The parent's pid in `/proc/PID/stat`: the second field after the name (in parentheses,
    /// which may hold spaces and parentheses of its own).
    private static func parent(of pid: String) -> pid_t? {
        let descriptor = open("/proc/\(pid)/stat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, let close = bytes[..<count].lastIndex(of: UInt8(ascii: ")")) else { return nil }
        let fields = bytes[(close + 1)..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1 else { return nil }
        return pid_t(String(decoding: fields[1], as: UTF8.self))
    }

    /// Waits for the child to end without reaping it, so that its pid stays its own (a
    /// signal sent meanwhile cannot reach another process).
    func awaitEnd() {
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }

    /// Reaps the ended child: its exit status, or the signal that ended it.
    func reap() -> (status: Int32, signal: Int32?) {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { return (-1, nil) }
        }
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F { return (signal, signal) }
        return ((status >> 8) & 0xFF, nil)
    }

    /// A pipe whose two ends are close-on-exec. (`pipe2` is not in Swift's Glibc module:
    /// the ends are marked after the pipe is made, and `spawn` holds `spawning` meanwhile so
    /// that no other child of this process is started in between.)
    private static func makePipe(_ ends: inout [Int32]) -> Int32 {
        guard pipe(&ends) == 0 else { return -1 }
        for descriptor in ends { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        return 0
    }

    /// Held while a child is started, so that none inherits another's pipes.
    private static let spawning = Locked<Void>(())
}

/// `posix_spawn`'s file actions, typed alike on Linux and macOS.
private struct FileActions {
    #if canImport(Darwin)
        private var actions: posix_spawn_file_actions_t?
        private var attributes: posix_spawnattr_t?
    #else
        private var actions = posix_spawn_file_actions_t()
        private var attributes = posix_spawnattr_t()
    #endif

    init() {
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        // The child blocks no signal, whichever thread of the runner (whose task pool blocks
        // most of them) starts it.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        #if canImport(Darwin)
            // Every descriptor not named by an action is closed in the child.
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_CLOEXEC_DEFAULT | POSIX_SPAWN_SETSIGMASK))
        #else
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        #endif
    }

    mutating func duplicate(_ descriptor: Int32, to target: Int32) {
        posix_spawn_file_actions_adddup2(&actions, descriptor, target)
    }

    /// Closes in the child every descriptor above standard error, as macOS's
    /// `POSIX_SPAWN_CLOEXEC_DEFAULT` does: what the runner was given open by its own parent (a
    /// test harness's pipes, a CI agent's files) is no business of a worker, nor of the processes
    /// its steps start. On Linux, glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and
    /// later; not in Swift's Glibc module, so looked up) does it; without it, the child keeps them.
    mutating func closeTheRest() {
        #if os(Linux)
            typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
            else { return }
            _ = unsafeBitCast(symbol, to: CloseFrom.self)(&actions, STDERR_FILENO + 1)
        #endif
    }

    mutating func spawn(
        _ pid: inout pid_t, _ path: String, _ argv: [UnsafeMutablePointer<CChar>?],
        _ envp: [UnsafeMutablePointer<CChar>?]
    ) -> Int32 {
        posix_spawn(&pid, path, &actions, &attributes, argv, envp)
    }

    mutating func destroy() {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }
}

/// The process's limit of open files (`ulimit -n`), to name in a message.
package enum OpenFileLimit {
    package static var current: UInt64? {
        var limit = rlimit()
        #if canImport(Glibc)
            guard getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return nil }
        #else
            guard getrlimit(RLIMIT_NOFILE, &limit) == 0 else { return nil }
        #endif
        return UInt64(limit.rlim_cur)
    }

    /// Why a descriptor was refused (`errno`), worded, with the limit when it is the cause.
    package static func reason(errno code: Int32) -> String {
        let reason = String(cString: strerror(code)).lowercased()
        guard code == EMFILE || code == ENFILE, let limit = current else { return reason }
        return reason + " (limit \(limit): raise it with ulimit -n)"
    }

    /// Whether `count` more descriptors could be opened now (each is opened and closed again).
    package static func allows(_ count: Int) -> Bool {
        var opened: [Int32] = []
        defer { for descriptor in opened { close(descriptor) } }
        for _ in 0..<count {
            let descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return false }
            opened.append(descriptor)
        }
        return true
    }

    /// Whether the process holds as many descriptors as it may (a file that cannot be read
    /// may be no fault of its own).
    package static var reached: Bool {
        let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
        guard probe < 0 else {
            close(probe)
            return false
        }
        return errno == EMFILE || errno == ENFILE
    }
}
