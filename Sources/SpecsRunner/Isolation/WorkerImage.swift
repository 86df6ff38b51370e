import Foundation

/// The program a worker process runs: the supervisor's own, as it was when the run started.
/// A plan names step definitions and hooks by their place in the registry, so a worker of a
/// runner rebuilt or replaced during the run (`swift build` in another terminal, a deploy)
/// would run other code under those names: a failing step could pass.
///
/// On Linux a worker of the supervisor's own executable is started from `/proc/self/exe`,
/// which is the file the supervisor runs even once a rebuild has replaced the path (its
/// `argv[0]` stays the path). Elsewhere, or for another executable, the path is started, and
/// a file found changed since the run started is refused (`changed`).
struct WorkerImage: Sendable {
    /// The path workers are named by (their `argv[0]`).
    let path: String
    /// The file started: `path`, or `/proc/self/exe` when that is the supervisor's own program.
    let file: String
    /// The path's file when the run started, to refuse a changed one.
    private let identity: Identity?

    init(_ path: String) {
        self.path = path
        file = Self.ownProgram(path) ? Self.ownProgramFile : path
        identity = Identity(path)
    }

    /// Why a worker cannot be started from the path now, if it cannot: it changed since the
    /// run started (and it is not started from the supervisor's own program).
    var changed: String? {
        guard file == path, let identity, Identity(path) != identity else { return nil }
        return "the runner's executable (\(path)) was rebuilt or replaced after the run started: "
            + "its workers would run other step definitions than the run planned with"
    }

    private static let ownProgramFile = "/proc/self/exe"

    /// Whether `path` is the program this process runs: on Linux, the file `/proc/self/exe`
    /// names, also once it was replaced (` (deleted)`).
    private static func ownProgram(_ path: String) -> Bool {
        #if os(Linux)
            guard var running = try? FileManager.default.destinationOfSymbolicLink(atPath: ownProgramFile) else {
                return false
            }
            if running.hasSuffix(" (deleted)") { running.removeLast(" (deleted)".count) }
            let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            return resolved == URL(fileURLWithPath: running).resolvingSymlinksInPath().path
        #else
            return false
        #endif
    }

    /// A file as `stat` tells it: which file, and when it was last written.
    private struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let seconds: Int
        let nanoseconds: Int

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            #if os(Linux)
                (seconds, nanoseconds) = (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
            #else
                (seconds, nanoseconds) = (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
            #endif
        }
    }
}
