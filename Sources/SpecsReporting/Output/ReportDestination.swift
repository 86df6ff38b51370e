import Foundation

/// Where a report's path leads, decided in one place for opening a report and for the checks
/// made before a run (two reports to one place, a report over an input): the process's
/// standard output or standard error (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, a link
/// to one of them, or the very file the stream is redirected to), or a file known by its
/// resolved path.
package enum ReportDestination: Hashable, Sendable {
    /// Descriptor 1, written as it is (appended where it stands, never truncated nor replaced).
    case standardOutput
    /// Descriptor 2, likewise.
    case standardError
    /// A file, existing or not, by its resolved path (see `resolved(_:)`).
    case file(String)

    /// Where `path` leads: a name of a stream on the way through its links first, then the
    /// file a stream is redirected to, then the file itself.
    package init(_ path: String) {
        let chain = Self.links(of: path)
        let streams = [(STDOUT_FILENO, Self.standardOutput), (STDERR_FILENO, .standardError)]
        if let named = streams.first(where: { stream in chain.contains { Self.names(stream.0).contains($0) } }) {
            self = named.1
        } else if let redirected = streams.first(where: { Self.isFile(chain.last ?? path, openedAs: $0.0) }) {
            self = redirected.1
        } else {
            self = .file(Self.resolved(path))
        }
    }

    /// The paths that name descriptor `descriptor` of this process.
    private static func names(_ descriptor: Int32) -> [String] {
        ["/dev/\(descriptor == STDOUT_FILENO ? "stdout" : "stderr")"]
            + ["/dev/fd/", "/proc/self/fd/", "/proc/thread-self/fd/", "/proc/\(getpid())/fd/"].map {
                "\($0)\(descriptor)"
            }
    }

    /// An existing file as the system knows it, whatever path names it (links, `..`, hard links).
    package struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64

        /// The file `path` names once links are followed; nil when there is none.
        package init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// Whether `path` is the regular file `descriptor` writes to (`> log` and a report to `log`).
    private static func isFile(_ path: String, openedAs descriptor: Int32) -> Bool {
        var file = stat()
        var stream = stat()
        guard stat(path, &file) == 0, fstat(descriptor, &stream) == 0, (file.st_mode & S_IFMT) == S_IFREG else {
            return false
        }
        return file.st_dev == stream.st_dev && file.st_ino == stream.st_ino
    }

    /// `path` and, while the last is a symbolic link, where it leads (even to a file not
    /// written yet), each absolute with `.` and `..` taken out.
    package static func links(of path: String) -> [String] {
        var chain = [URL(fileURLWithPath: path).standardizedFileURL.path]
        for _ in 0..<40 {
            let target = chain[chain.count - 1]
            var info = stat()
            guard lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: target)
            else { break }
            let next =
                destination.hasPrefix("/")
                ? URL(fileURLWithPath: destination)
                : URL(fileURLWithPath: target).deletingLastPathComponent().appendingPathComponent(destination)
            chain.append(next.standardizedFileURL.path)
        }
        return chain
    }

    /// The file `path` names with every link resolved: the real path of an existing file;
    /// for one not written yet, the real path of its nearest existing folder and the rest.
    package static func resolved(_ path: String) -> String {
        var current = links(of: path).last ?? path
        var rest: [String] = []
        for _ in 0..<256 {
            if let real = realpath(current, nil) {
                defer { free(real) }
                return ([String(cString: real)] + rest.reversed()).joined(separator: "/")
                    .replacingOccurrences(of: "//", with: "/")
            }
            let url = URL(fileURLWithPath: current)
            let parent = url.deletingLastPathComponent().path
            guard parent != current else { break }
            rest.append(url.lastPathComponent)
            current = links(of: parent).last ?? parent
        }
        return URL(fileURLWithPath: path).standardizedFileURL.path
    }
}
