import FeatureLint
import Foundation
import SpecsRunner

/// How the project wants its feature files laid out and linted, file by file, as `specs
/// format` and `specs lint` decide it: the lint settings of `specs.json` (else
/// `.specs-lint.json`), and each file's indentation from `specs.json`, else `.editorconfig`.
struct ProjectStyle {
    /// The project's lint settings, before a file's indentation is set.
    let lint: LintConfiguration
    /// `specs.json` of the project, if it has one that reads.
    let project: ProjectConfiguration?
    /// Each file's indentation, by path, once asked.
    private var indentations: [String: String] = [:]

    /// The style of the project in `folder`.
    init(folder: String) {
        project = (try? ProjectConfiguration.load(directory: folder)) ?? nil
        let data =
            project?.lint
            ?? FileManager.default.contents(
                atPath: URL(fileURLWithPath: folder).appendingPathComponent(LintConfiguration.defaultFile).path)
        lint = data.flatMap { try? LintConfiguration.read($0) } ?? LintConfiguration()
    }

    /// One indentation level of the file at `uri`, as `specs format` writes it.
    mutating func indentation(of uri: String) -> String {
        let path = URL(string: uri).flatMap { $0.isFileURL ? $0.path : nil } ?? uri
        if let known = indentations[path] { return known }
        let found = FormatIndentation.of(file: path, project: project)
        indentations[path] = found
        return found
    }

    /// The linter for the file at `uri`: the project's rules, expecting the file's indentation.
    mutating func linter(for uri: String) -> FeatureLinter {
        var configuration = lint
        configuration.indentation = indentation(of: uri)
        return FeatureLinter(configuration: configuration)
    }
}
