import Foundation

/// A write of a file that a run began and did not end: the hidden `.NAME.PID.partial` that
/// a run writes beside a report before putting it in place (`ReportOutput`), as new as the
/// file or newer. The file in place is then an earlier run's. Decided here alone for every
/// command that reads what a run wrote: `specs @FILE` and `specs report STREAM...`.
struct UnfinishedWrite {
    /// The partial file's name, in the file's folder.
    let partial: String
    /// The process that was writing it, as the partial file's name says.
    let writer: Int32?
    /// Whether that process is running still (writing the file now); false once it is gone.
    let writing: Bool

    /// The unfinished write of the file at `path`: the first partial file of it beside it,
    /// as new as it or newer, that another process left; nil when there is none.
    init?(beside path: String) {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = ".\(url.lastPathComponent)."
        let written = Self.modified(path) ?? 0
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return nil }
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(".partial") {
            guard let time = Self.modified(folder + "/" + name), time >= written else { continue }
            let pid = Int32(name.dropFirst(prefix.count).dropLast(".partial".count))
            if pid == getpid() { continue }
            partial = name
            writer = pid
            writing = pid.map { $0 > 0 && (kill($0, 0) == 0 || errno != ESRCH) } ?? false
            return
        }
        return nil
    }

    private static func modified(_ path: String) -> Double? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970
    }
}
