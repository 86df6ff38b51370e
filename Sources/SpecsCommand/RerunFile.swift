import Foundation
import SpecsRunner

/// `@FILE` on the command line: the places a rerun file lists (`path:line:line...`,
/// separated by white space), as `--format rerun:FILE` writes them. A line that starts
/// with `#` is a note, not a place: a failed run that could name no scenario writes
/// `# FAILED: ...` there.
struct RerunFile {
    let path: String
    let places: [FeaturePath]
    /// Why the run that wrote it failed, when it could name no scenario to run again.
    let failure: String?

    /// The rerun file an argument names; nil for an argument that names none (no `@`, or a
    /// file that cannot be read: then the argument is reported as a path that does not exist).
    init?(argument: String) {
        guard argument.hasPrefix("@"), argument.count > 1 else { return nil }
        path = String(argument.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline)
        let notes = lines.filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
        failure = notes.lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { $0.hasPrefix("# FAILED:") }.map {
            String($0.dropFirst("# FAILED:".count)).trimmingCharacters(in: .whitespaces)
        }
        places = lines.filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.flatMap {
            $0.split(whereSeparator: \.isWhitespace).map { FeaturePath(argument: String($0)) }
        }
    }
}
