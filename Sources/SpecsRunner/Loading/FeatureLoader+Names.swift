import Foundation

/// Feature file names a run cannot tell apart or name again. Reports, rerun files and merges
/// name a file by its path as text: a name holding a line break splits a rerun line in two,
/// and two names that differ only in how their accents are written (Unicode normalization:
/// `café` composed, and `e` followed by a combining accent) are one text to them, though two
/// files on Linux. Such a file is a problem of its path, told where it is, and not run.
extension FeatureLoader {
    /// The files whose names can be told and written, and a problem for each of the others.
    static func separatingUnnameable(_ files: [FeaturePath]) -> (files: [FeaturePath], problems: [PathProblem]) {
        var kept: [FeaturePath] = []
        var problems: [PathProblem] = []
        // A dictionary of Strings compares names as reports do: canonically equivalent ones are one key.
        var firstNamed: [String: String] = [:]
        for file in files {
            if file.path.utf8.contains(where: { $0 == 10 || $0 == 13 }) {
                problems.append(
                    PathProblem(
                        path: file.path.debugDescription,
                        reason: "its name holds a line break, which a rerun file and the reports cannot name: "
                            + "rename it"))
                continue
            }
            if let first = firstNamed[file.path], !first.utf8.elementsEqual(file.path.utf8) {
                problems.append(
                    PathProblem(
                        path: file.path,
                        reason: "its name differs from \(first)'s only in how its accents are written (Unicode "
                            + "normalization): the reports, rerun files and merges cannot tell the two apart, and "
                            + "macOS takes them for one file; rename one of them"))
                continue
            }
            firstNamed[file.path] = file.path
            kept.append(file)
        }
        return (kept, problems)
    }

    /// A path that is not there, beside one that differs only in case (`features/`, as Cucumber's
    /// other runners name the folder, where `Features` was asked): `; did you mean 'features'?`,
    /// else nothing. A case-sensitive file system (Linux) tells the two apart.
    static func otherCase(of path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let name = url.lastPathComponent
        let folder = url.deletingLastPathComponent().path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            let other = names.first(where: { $0 != name && $0.lowercased() == name.lowercased() })
        else { return "" }
        // Said as it was written: the same folder before it.
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard trimmed.hasSuffix(name) else { return "" }
        return "; did you mean '\(trimmed.dropLast(name.count) + other)'?"
    }

    /// Why a path that cannot be found names no file, when its name is not UTF-8: the system
    /// gave the name with U+FFFD in place of bytes that are none, and that name is no file.
    static func notUTF8(_ path: String) -> String? {
        path.unicodeScalars.contains("\u{FFFD}")
            ? "its name is not UTF-8 (\u{FFFD} stands for the bytes that are none): specs reads feature files "
                + "whose names are UTF-8; rename it"
            : nil
    }
}
