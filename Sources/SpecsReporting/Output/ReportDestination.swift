import Foundation

/// Where a report's path leads, decided in one place for opening a report and for the checks
/// made before a run (two reports to one place, a report over an input): the process's
/// standard output or standard error (`/dev/stdout`, `/dev/fd/1`, `/proc/self/fd/1`, a link
/// to one of them, another descriptor open on the same pipe or file, or the very file the
/// stream is redirected to), another open descriptor (`/dev/fd/3`), or a file known by its
/// path as the system resolves it (links followed and `..` taken where they lead, never
/// removed as text).
package enum ReportDestination: Hashable, Sendable {
    /// Descriptor 1, written as it is (appended where it stands, never truncated nor replaced).
    case standardOutput
    /// Descriptor 2, likewise.
    case standardError
    /// Another descriptor of this process (`/dev/fd/3`), likewise.
    case descriptor(Int32)
    /// A file, existing or not, by its resolved path (see `resolved(_:)`).
    case file(String)

    /// Where `path` leads: a descriptor it names (standard output or error when it is open
    /// on the same pipe or file as them), then the file a stream is redirected to, then the
    /// file itself.
    package init(_ path: String) {
        switch Self.resolved(path) {
        case .descriptor(let descriptor): self = Self.stream(sharing: descriptor)
        case .path(let resolved):
            if Self.isFile(resolved, openedAs: STDOUT_FILENO) {
                self = .standardOutput
            } else if Self.isFile(resolved, openedAs: STDERR_FILENO) {
                self = .standardError
            } else {
                self = .file(resolved)
            }
        }
    }

    /// The place two destinations share when they are one: the file (by device and inode)
    /// an existing file or another descriptor is, standard output for standard error when
    /// both are one pipe or file (`2>&1`), else the destination itself.
    package var place: Place {
        switch self {
        case .standardOutput: return .destination(self)
        case .standardError: return .destination(Self.streamsAreOne ? .standardOutput : self)
        case .descriptor(let descriptor):
            return FileIdentity(descriptor: descriptor).map(Place.file) ?? .destination(self)
        case .file(let path): return FileIdentity(path).map(Place.file) ?? .destination(self)
        }
    }

    /// What a destination is for the checks: an existing file or a destination not yet a file.
    package enum Place: Hashable, Sendable {
        /// An existing file, however named (a hard link, `/dev/fd/3` open on it).
        case file(FileIdentity)
        /// Standard output or error, or a file not written yet, by its resolved path.
        case destination(ReportDestination)
    }

    /// The regular file this destination writes to, when it is one (a stream redirected to a
    /// file too): to refuse a report over a file the run reads.
    package var regularFile: FileIdentity? {
        let identity: FileIdentity? =
            switch self {
            case .standardOutput: FileIdentity(descriptor: STDOUT_FILENO)
            case .standardError: FileIdentity(descriptor: STDERR_FILENO)
            case .descriptor(let descriptor): FileIdentity(descriptor: descriptor)
            case .file(let path): FileIdentity(path)
            }
        return identity?.isRegular == true ? identity : nil
    }

    /// An existing file as the system knows it, whatever path names it (links, `..`, hard links).
    package struct FileIdentity: Hashable, Sendable {
        let device: UInt64
        let inode: UInt64
        /// Whether it is a regular file (not a pipe, terminal or device); not part of the identity.
        package var isRegular: Bool { kind == S_IFREG }
        /// Whether what is written to it is read back as it was: a regular file, a pipe or a socket.
        package var isReadBack: Bool { [S_IFREG, S_IFIFO, S_IFSOCK].contains(kind) }
        private let kind: mode_t

        /// The file `path` names once links are followed; nil when there is none.
        package init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            self.init(info)
        }

        /// The file descriptor `descriptor` of this process is open on; nil when it is not open.
        package init?(descriptor: Int32) {
            var info = stat()
            guard fstat(descriptor, &info) == 0 else { return nil }
            self.init(info)
        }

        private init(_ info: stat) {
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            kind = info.st_mode & S_IFMT
        }

        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.device == rhs.device && lhs.inode == rhs.inode }
        package func hash(into hasher: inout Hasher) {
            hasher.combine(device)
            hasher.combine(inode)
        }
    }

    /// Whether standard output and standard error are one pipe or file (`> log 2>&1`, `2>&1 | tee`):
    /// what is written to either is read as one. A terminal or a device (`/dev/null`) shows or
    /// drops what it gets and is no such place.
    package static var streamsAreOne: Bool {
        guard let output = FileIdentity(descriptor: STDOUT_FILENO), output.isReadBack else { return false }
        return output == FileIdentity(descriptor: STDERR_FILENO)
    }

    /// Standard output or error when `descriptor` is one of them or open on the same pipe or
    /// file (`3>&1`), else the descriptor itself.
    private static func stream(sharing descriptor: Int32) -> ReportDestination {
        if descriptor == STDOUT_FILENO { return .standardOutput }
        if descriptor == STDERR_FILENO { return .standardError }
        let identity = FileIdentity(descriptor: descriptor)
        if identity != nil, identity == FileIdentity(descriptor: STDOUT_FILENO) { return .standardOutput }
        if identity != nil, identity == FileIdentity(descriptor: STDERR_FILENO) { return .standardError }
        return .descriptor(descriptor)
    }

    /// Whether `path` is the regular file `descriptor` writes to (`> log` and a report to `log`).
    private static func isFile(_ path: String, openedAs descriptor: Int32) -> Bool {
        guard let file = FileIdentity(path), file.isRegular else { return false }
        return file == FileIdentity(descriptor: descriptor)
    }

    /// What a path resolves to: a descriptor of this process or a path.
    package enum Resolution: Equatable, Sendable {
        case descriptor(Int32)
        case path(String)
    }

    /// `path` as the system resolves it, one component after the other: each symbolic link
    /// replaced by where it leads (even to a file not written yet), `..` the parent of the
    /// folder reached (of the real one, through links); from the first component that does
    /// not exist, the rest as written, folders to be created (`..` then leaves one of them).
    /// A name in the folder of this process's descriptors (`/dev/fd/3`, `/proc/self/fd/3`)
    /// is that descriptor.
    package static func resolved(_ path: String) -> Resolution {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var pending = Array(absolute.split(separator: "/").map(String.init).reversed())
        var real = "/"
        var created: [String] = []
        var links = 0
        let descriptorFolders = ["/dev/fd", "/proc/\(getpid())/fd"]
        while let component = pending.popLast() {
            if component.isEmpty || component == "." { continue }
            if component == ".." {
                if created.popLast() == nil { real = (real as NSString).deletingLastPathComponent }
                continue
            }
            if !created.isEmpty {
                created.append(component)
                continue
            }
            let candidate = real == "/" ? "/" + component : real + "/" + component
            if let descriptor = Int32(component),
                descriptorFolders.contains(real)
                    || (real.hasPrefix("/proc/\(getpid())/task/") && real.hasSuffix("/fd"))
            {
                guard pending.allSatisfy({ $0.isEmpty || $0 == "." }) else { return .path(candidate) }
                return .descriptor(descriptor)
            }
            var info = stat()
            if lstat(candidate, &info) != 0 {
                created.append(component)
            } else if (info.st_mode & S_IFMT) == S_IFLNK, links < 40,
                let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: candidate)
            {
                links += 1
                if destination.hasPrefix("/") { real = "/" }
                pending += destination.split(separator: "/").map(String.init).reversed()
            } else {
                real = candidate
            }
        }
        let parts = [real == "/" ? "" : real] + created
        return .path(parts.count == 1 && parts[0].isEmpty ? "/" : parts.joined(separator: "/"))
    }
}
