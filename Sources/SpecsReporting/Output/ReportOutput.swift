import Foundation
import SpecsRunner

/// Where a format writes: standard output, standard error or a file. Writes are
/// buffered; `flush()` pushes them out. A report file is written beside its target and
/// renamed over it when closed, so an old report is never emptied before a new one
/// exists and a run stopped half way leaves the old one whole. The path is taken as the
/// system resolves it (`ReportDestination`, as the checks before a run take it): a symbolic
/// link is written through (to a file beside its target), a FIFO or a device is written
/// directly, and a path naming standard output or error or another descriptor (`/dev/stdout`,
/// `/dev/fd/3`, also when the stream is a file: `> log`) is written where that stream is,
/// after what it holds. A failed write is kept as `failure`, not ignored; standard output or
/// error whose reader went away (`specs | head -1`) is not a failure: what follows is dropped
/// quietly (`readerClosed`). A FIFO or another descriptor whose reader went away is: the
/// report it was to hold is not whole.
package final class ReportOutput {
    private let descriptor: Int32
    private let closeOnFinish: Bool
    private var buffer: [UInt8] = []
    package let isTerminal: Bool
    /// Whether control characters are written out (`TerminalText`) rather than sent: so on
    /// standard error, where diagnostics quote feature files and messages and no colour goes.
    package let escapesControlCharacters: Bool
    /// The file the report goes to, once the temporary one beside it is complete.
    private var pendingRename: (temporary: String, target: String)?
    /// The path as given, for messages.
    package let path: String?
    /// The first write or rename that failed, worded; nil while all went well.
    package private(set) var failure: String?
    /// Whether the output is a pipe whose reader closed it: the rest is not written, and
    /// that is no failure.
    package private(set) var readerClosed = false
    /// Whether a reader that goes away ends the output quietly: standard output and error.
    private let quietWhenReaderLeaves: Bool
    /// Whether `failure` was told to the user already, so that it is told once.
    package var failureTold = false
    private var closed = false
    /// Whether the file at the target path stays as it was when this one cannot be put in its
    /// place (a feature file being formatted), rather than removed (a report, an earlier run's).
    private var keepsTargetOnFailure = false

    /// An output writing to `handle` (closed by `close()` when `closeOnFinish`); `isTerminal`
    /// lets colours through, `escapesControlCharacters` writes control characters out.
    package init(
        handle: FileHandle, closeOnFinish: Bool = false, isTerminal: Bool = false,
        escapesControlCharacters: Bool = false
    ) {
        self.descriptor = handle.fileDescriptor
        self.closeOnFinish = closeOnFinish
        self.isTerminal = isTerminal
        self.escapesControlCharacters = escapesControlCharacters
        self.path = nil
        quietWhenReaderLeaves = true
        buffer.reserveCapacity(1 << 16)
    }

    private init(descriptor: Int32, path: String, rename: (String, String)?, quietWhenReaderLeaves: Bool = false) {
        self.descriptor = descriptor
        self.closeOnFinish = true
        self.isTerminal = false
        self.escapesControlCharacters = false
        self.quietWhenReaderLeaves = quietWhenReaderLeaves
        self.path = path
        self.pendingRename = rename.map { (temporary: $0.0, target: $0.1) }
        buffer.reserveCapacity(1 << 16)
    }

    package static func standardOutput() -> ReportOutput {
        ReportOutput(handle: .standardOutput, isTerminal: isatty(STDOUT_FILENO) != 0)
    }

    package static func standardError() -> ReportOutput {
        ReportOutput(handle: .standardError, isTerminal: isatty(STDERR_FILENO) != 0, escapesControlCharacters: true)
    }

    /// A report at `path` (parent directories created), or an error saying why not. The
    /// path is taken as `ReportDestination` resolves it, as the checks before a run do. A FIFO
    /// is opened once a process reads it, as `waiting` waits for one.
    package static func file(_ path: String, waiting: ReaderWait = ReaderWait()) throws -> ReportOutput {
        try file(path, waiting: waiting, keepingTargetOnFailure: false)
    }

    /// A new text for the file at `path`, written beside it and renamed over it when closed:
    /// the file keeps its mode, owner and group, and when the new text cannot be written
    /// whole (a full disk, a limit) the file is left exactly as it was, never removed.
    package static func replacement(of path: String) throws -> ReportOutput {
        try file(path, waiting: ReaderWait(), keepingTargetOnFailure: true)
    }

    private static func file(
        _ path: String, waiting: ReaderWait, keepingTargetOnFailure keep: Bool
    ) throws
        -> ReportOutput
    {
        let destination = ReportDestination(path)
        switch destination {
        case .standardOutput, .standardError, .descriptor:
            // Standard output or error (`/dev/stdout`, the file `> log` opened), another
            // descriptor (`/dev/fd/3`): written where the stream is, never truncated nor replaced.
            let source =
                switch destination {
                case .standardOutput: STDOUT_FILENO
                case .standardError: STDERR_FILENO
                case .descriptor(let descriptor): descriptor
                case .file: Int32(-1)
                }
            let descriptor = dup(source)
            guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
            // A report on standard output or error goes quiet with them (`| head -1`).
            let quiet: Bool
            if case .descriptor = destination { quiet = false } else { quiet = true }
            return ReportOutput(descriptor: descriptor, path: path, rename: nil, quietWhenReaderLeaves: quiet)
        case .file(let resolved):
            // A path ending in `/`, `.` or `..` names a folder, even one not made yet.
            let last = path.split(separator: "/", omittingEmptySubsequences: false).last
            if path.hasSuffix("/") || last == "." || last == ".." {
                throw OutputError(path: path, reason: "is a folder, not a file")
            }
            let output = try file(resolved, shownAs: path, waiting: waiting, keep: keep)
            output.keepsTargetOnFailure = keep
            return output
        }
    }

    private static func file(
        _ path: String, shownAs shown: String, waiting: ReaderWait, keep: Bool
    ) throws
        -> ReportOutput
    {
        var info = stat()
        if stat(path, &info) == 0 {
            let kind = info.st_mode & S_IFMT
            if kind == S_IFDIR { throw OutputError(path: shown, reason: "is a folder, not a file") }
            if kind == S_IFIFO {
                return ReportOutput(descriptor: try waiting.open(path, shownAs: shown), path: shown, rename: nil)
            }
            if kind != S_IFREG {
                // A terminal, /dev/null, another device: written as it is, never replaced.
                let descriptor = open(path, O_WRONLY | O_CLOEXEC)
                guard descriptor >= 0 else { throw OutputError(path: shown, reason: String(cString: strerror(errno))) }
                return ReportOutput(descriptor: descriptor, path: shown, rename: nil)
            }
        }
        let url = URL(fileURLWithPath: path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw OutputError(path: shown, reason: "cannot create its folder: \(error.localizedDescription)")
        }
        removeAbandonedPartials(of: url)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(PartialFile.name(of: url.lastPathComponent, pid: getpid())).path
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let reason = OpenFileLimit.reason(errno: errno)
            throw OutputError(path: shown, reason: reason + (keep ? keptNote : removedNote(path, shown: shown)))
        }
        // A file replaced keeps its mode (a formatted feature file, a report made read-only),
        // and its owner and group where the user may give them (root, in a container).
        if stat(path, &info) == 0 {
            _ = fchmod(descriptor, info.st_mode & 0o7777)
            if info.st_uid != geteuid() || info.st_gid != getegid() { _ = fchown(descriptor, info.st_uid, info.st_gid) }
        }
        return ReportOutput(descriptor: descriptor, path: shown, rename: (temporary, path))
    }

    /// Removes the previous report at `path` (a regular file) when this run's cannot be put
    /// there, so that no report in place is taken for this run's: what to add to the error
    /// saying so (empty when there was none).
    package static func discard(_ path: String) -> String {
        guard case .file(let resolved) = ReportDestination(path) else { return "" }
        return removedNote(resolved, shown: path)
    }

    /// What a failed replacement says of the file it was to replace.
    private static let keptNote = " (the file is left as it was)"

    private static func removedNote(_ path: String, shown: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return "" }
        guard unlink(path) == 0 else {
            return " (the previous \(shown) stays, an earlier run's: it cannot be removed: "
                + "\(String(cString: strerror(errno))))"
        }
        return " (the previous \(shown), another run's, is removed)"
    }

    /// Removes the partial files of this report that runs killed before their end left
    /// beside it (`PartialFile` of a process that no longer writes it: `PartialWriter`, which
    /// also tells this process's own from a killed one's of the same number), whatever their
    /// times: this run's report supersedes them.
    private static func removeAbandonedPartials(of url: URL) {
        let folder = url.deletingLastPathComponent()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            guard let pid = PartialFile.writer(of: name, forReport: url.lastPathComponent) else { continue }
            let partial = folder.appendingPathComponent(name).path
            let attributes = try? FileManager.default.attributesOfItem(atPath: partial)
            guard let modified = attributes?[.modificationDate] as? Date,
                !PartialWriter.writes(pid, modified: modified.timeIntervalSince1970)
            else { continue }
            unlink(partial)
        }
    }

    package func write(_ text: String) {
        buffer.append(contentsOf: escapesControlCharacters ? TerminalText.escape(text).utf8 : text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Appends bytes written straight into the buffer.
    package func write(_ body: (inout [UInt8]) -> Void) {
        body(&buffer)
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Writes bytes whole: straight out (after what is buffered) when they fill a buffer
    /// of their own, so that large blocks are not copied on the way.
    package func write(bytes: [UInt8]) {
        guard bytes.count >= 1 << 16 else {
            write { $0 += bytes }
            return
        }
        flush()
        writeOut(bytes)
    }

    package func flush() {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        writeOut(buffer)
    }

    private func writeOut(_ bytes: [UInt8]) {
        guard failure == nil, !readerClosed else { return }
        if !bytes.withUnsafeBytes({ writeAll(descriptor, $0) }) {
            if errno == EPIPE && quietWhenReaderLeaves {
                readerClosed = true
            } else if errno == EPIPE {
                failure = "cannot write: its reader closed it before the report's end"
            } else {
                failure = "cannot write: \(String(cString: strerror(errno)))"
                givePartialBack()
            }
        }
    }

    /// Empties and removes the partial file of a report whose write failed, at once: on a
    /// full disk it would hold the space the run's other reports need until the run's end.
    private func givePartialBack() {
        guard let pending = pendingRename else { return }
        _ = ftruncate(descriptor, 0)
        unlink(pending.temporary)
    }

    /// Records a failure found on the way to this output (a part of the report that could
    /// not be read back): the report is then not put in place, as after a failed write.
    package func fail(_ reason: String) {
        if failure == nil { failure = reason }
    }

    /// Flushes and, for a report file, closes it and moves it into place (unless a write
    /// failed: then the partial one and the previous report are removed, and the failure
    /// says so, so that no report in place is taken for this run's).
    package func close() {
        guard !closed else { return }
        flush()
        closed = true
        guard closeOnFinish else { return }
        if pendingRename != nil, fsync(descriptor) != 0, failure == nil, errno != EINVAL {
            failure = "cannot write: \(String(cString: strerror(errno)))"
        }
        if Foundation.close(descriptor) != 0, failure == nil {
            failure = "cannot close: \(String(cString: strerror(errno)))"
        }
        guard let pending = pendingRename else { return }
        let note = { [keepsTargetOnFailure] in
            keepsTargetOnFailure ? Self.keptNote : Self.removedNote(pending.target, shown: self.path ?? pending.target)
        }
        if failure != nil {
            unlink(pending.temporary)
            failure? += note()
        } else if rename(pending.temporary, pending.target) != 0 {
            failure =
                "cannot put the \(keepsTargetOnFailure ? "file" : "report") in place: \(String(cString: strerror(errno)))"
            unlink(pending.temporary)
            failure? += note()
        }
        pendingRename = nil
    }
}

package struct OutputError: Error, CustomStringConvertible {
    package let path: String
    package let reason: String
    package var description: String { "\(path): error: \(reason)" }
}
