import Foundation
import SpecsReporting

/// A write of a file that a run began and did not end: the hidden `.NAME.PID.partial`
/// (`PartialFile`) that a run writes beside a report before putting it in place
/// (`ReportOutput`). A run that puts a report in place removes the partials of it whose writers
/// are gone, so one that is left says that the last run writing the file did not finish,
/// whatever the two files' times (clocks of CI machines differ, restored files keep theirs):
/// the file in place is then an earlier run's.
/// Decided here alone for every command that reads what a run wrote: `specs @FILE` and
/// `specs report STREAM...`.
struct UnfinishedWrite {
    /// The partial file's name, in the file's folder.
    let partial: String
    /// The process that was writing it, as the partial file's name says.
    let writer: Int32?
    /// Whether that process is writing the file now (`PartialWriter`): it runs, and it started
    /// before the partial was last modified; false once it is gone, or when the process of that
    /// number now is another that started since.
    let writing: Bool

    /// Whether the file itself is there: when it is not, the partial is all a run left.
    let fileExists: Bool

    /// The unfinished write of the file at `path`, found where the writer put it (beside the
    /// target of the links `path` goes through, under the target's name): of the partial
    /// files of it that another process left (or this one's number before it started), one whose writer is gone
    /// (the file is then an earlier run's), else one being written now (the file in place is
    /// then an earlier run's too, until that run ends); nil when there is none.
    init?(beside path: String) {
        guard case .path(let target) = ReportDestination.resolved(path) else { return nil }
        let url = URL(fileURLWithPath: target)
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        var found: (name: String, pid: Int32?, writing: Bool)?
        for name in names.sorted() {
            guard let pid = PartialFile.writer(of: name, forReport: url.lastPathComponent),
                let time = Self.modified(folder + "/" + name)
            else { continue }
            let writing = PartialWriter.writes(pid, modified: time)
            // This process's own write, unless its number is a killed writer's (every command is PID 1 in a container).
            if pid == getpid() && writing { continue }
            if found == nil || !writing { found = (name, pid, writing) }
            if !writing { break }
        }
        guard let found else { return nil }
        partial = found.name
        writer = found.pid
        writing = found.writing
        fileExists = FileManager.default.fileExists(atPath: url.path)
    }

    private static func modified(_ path: String) -> Double? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970
    }
}
