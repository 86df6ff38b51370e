import Foundation
import SpecsRunner

/// `@FILE` on the command line: the places a rerun file lists (`path:line:line...`,
/// separated by white space), as `--format rerun:FILE` writes them.
struct RerunFile {
    let path: String
    let places: [FeaturePath]

    /// The rerun file an argument names; nil for an argument that names none (no `@`, or a
    /// file that cannot be read: then the argument is reported as a path that does not exist).
    init?(argument: String) {
        guard argument.hasPrefix("@"), argument.count > 1 else { return nil }
        path = String(argument.dropFirst())
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        places = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).map {
            FeaturePath(argument: String($0))
        }
    }
}
