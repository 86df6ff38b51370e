import Foundation
import SpecsRunner

/// The bytes of a file a command line names as an input (a message stream, a results file, a
/// rerun file, a configuration). Besides a regular file, that may be a pipe: `/dev/stdin`
/// fed by `cat m.ndjson |`, or a shell's process substitution `<(...)`, which Foundation's
/// `contents(atPath:)` does not read. A pipe can be read once: each such input is read once
/// per command. A FIFO no process writes to yet is waited for, and the wait told (`WriterWait`).
enum InputFile {
    /// The file's bytes; nil when it cannot be read (it does not exist, it is a folder, or
    /// reading it fails).
    static func contents(atPath path: String, waiting: WriterWait = WriterWait()) -> Data? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return FileManager.default.contents(atPath: path)
        case S_IFDIR: return nil
        default:
            // A pipe, a socket or a device: read to its end. Its writer may take its time or
            // never come: a signal ends the read by its default action, also in a run that
            // takes signals in already (`SignalIntake`).
            return SignalIntake.withDefaultActions {
                let opened =
                    status.st_mode & S_IFMT == S_IFIFO ? waiting.open(path) : FileHandle(forReadingAtPath: path)
                guard let handle = opened else { return nil }
                defer { try? handle.close() }
                do { return try handle.readToEnd() ?? Data() } catch { return nil }
            }
        }
    }

    /// Why the file cannot be read, in a few words (`does not exist`, `is a folder`).
    static func whyUnreadable(_ path: String) -> String { FileReason.whyUnreadable(path) }

    /// Whether the file at `path` is a pipe, a FIFO, a socket or a device rather than a regular
    /// file (or a folder): what it gives is what its writer sent, with nothing beside it that
    /// tells whether that writer finished.
    static func isStream(atPath path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }
}
