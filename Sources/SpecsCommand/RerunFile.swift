import Foundation
import SpecsRunner

/// `@FILE` on the command line: the places a rerun file lists, as `--format rerun:FILE`
/// writes them and Cucumber-JVM and cucumber-js do: a line per file, `path:line:line...`,
/// the path as it is (spaces and all). A line of several places separated by spaces, as
/// Cucumber-Ruby writes them, is read as they are: each ends at `.feature` or its lines.
/// A line that starts with `#` is a note, not a place: a failed run that could name no
/// scenario, or that failed for a reason its places do not cover, writes `# FAILED: ...`
/// there, and such a file is refused.
struct RerunFile {
    let path: String
    let places: [FeaturePath]
    /// Why the run that wrote it failed, when running again the places it lists (if any)
    /// would not settle it.
    let failure: String?
    /// Why the file cannot be taken for the last run's, and is refused: a run that was writing
    /// it (`.NAME.PID.partial` beside it, newer than it) was killed before its end, or is
    /// writing it now; or it is empty and read from a pipe, a FIFO or a device, where a command
    /// that failed before writing anything gives the same nothing as a passing run's file, and
    /// no partial file is beside it to tell them apart.
    let untrusted: String?

    /// The rerun file an argument names; nil for an argument that names none (no `@`, or a
    /// file that cannot be read: then the argument is reported as a path that does not exist).
    init?(argument: String) {
        guard argument.hasPrefix("@"), argument.count > 1 else { return nil }
        path = String(argument.dropFirst())
        // A feature file or a folder after `@` (a tag typed without `--tags`, an `@` too many) is
        // no list of places: said so, not read as one path a line.
        if let misuse = Self.noRerunFile(path) {
            (places, failure, untrusted) = ([], nil, misuse)
            return
        }
        guard let data = InputFile.contents(atPath: path) else {
            // None yet, but a run is writing one (or died writing it): said so, not "no such file".
            guard let unfinished = Self.unfinishedWrite(of: path) else { return nil }
            (places, failure, untrusted) = ([], nil, unfinished)
            return
        }
        // A byte order mark (some Windows editors write one) is no part of the first path.
        let text = data.starts(with: [0xEF, 0xBB, 0xBF]) ? data.dropFirst(3) : data[...]
        let lines = String(decoding: text, as: UTF8.self).split(whereSeparator: \.isNewline)
        let notes = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        failure = notes.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("# FAILED:") }.map {
            String($0.dropFirst("# FAILED:".count)).trimmingCharacters(in: .whitespaces)
        }
        places = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.flatMap {
            Self.places(in: $0).map(FeaturePath.init(argument:))
        }
        untrusted =
            Self.unfinishedWrite(of: path)
            ?? (places.isEmpty && failure == nil && InputFile.isStream(atPath: path)
                ? "empty, and read from a pipe, a FIFO or a device: a passing run's empty rerun file cannot be told "
                    + "there from nothing sent by a command that failed (no partial file is beside it to check): "
                    + "give the rerun file itself (specs @rerun.txt)"
                : nil)
    }

    /// Why the file an `@` names is none that a rerun file can be (a feature file, a folder);
    /// nil for any other.
    static func noRerunFile(_ path: String) -> String? {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return nil }
        if isFolder.boolValue {
            return "is a folder, not a rerun file: run it without the @ (specs \(path)); a tag is selected with "
                + "--tags '@\(path)'"
        }
        guard path.hasSuffix(".feature") else { return nil }
        return "is a feature file, not a rerun file (a list of places a run wrote with --format rerun): run it "
            + "without the @ (specs \(path))"
    }

    /// The newer partial file of `path` a run left (`UnfinishedWrite`), said as why the file
    /// cannot be trusted.
    static func unfinishedWrite(of path: String) -> String? {
        guard let write = UnfinishedWrite(beside: path) else { return nil }
        if write.writing, let pid = write.writer {
            return "a run (process \(pid)) is writing it now (\(write.partial)): wait for its end"
        }
        return "the run that was writing it did not finish (\(write.partial) is left beside it), "
            + "so it lists an earlier run's scenarios: run the suite again"
    }

    /// The places of one line: the line, or each `....feature[:line...]` of it when there are
    /// several (spaces inside a path stay its own).
    static func places(in line: Substring) -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return [] }
        // A line that names one file whose path holds `.feature ` (a folder `my.feature files`) is that file.
        if let whole = trimmed.wholeMatch(of: #/(.*?\.feature)(?::\d+)*/#),
            FileManager.default.fileExists(atPath: String(whole.output.1))
        {
            return [trimmed]
        }
        let found = trimmed.matches(of: #/\S.*?\.feature(?::\d+)*(?=\s|$)/#)
        guard !found.isEmpty else { return [trimmed] }
        // A piece that names nothing there is joined with the pieces after it when together they
        // name a file (`f/my.feature files/x.feature:2`, a folder whose name holds `.feature `,
        // among other places on the line); else it stays a place of its own, told if it is not there.
        func path(_ place: Substring) -> String { String(place).replacing(#/(?::\d+)+$/#, with: "") }
        var places: [String] = []
        var index = 0
        while index < found.count {
            let from = found[index].range.lowerBound
            var end = index
            if !FileManager.default.fileExists(atPath: path(trimmed[found[index].range])),
                let joined = (index + 1..<found.count).first(where: { last in
                    FileManager.default.fileExists(atPath: path(trimmed[from..<found[last].range.upperBound]))
                })
            {
                end = joined
            }
            places.append(String(trimmed[from..<found[end].range.upperBound]))
            index = end + 1
        }
        return places
    }
}
