import Foundation
import Messages

/// What reading one of the project's feature files from disk gave: read as the command line
/// reads it, in the encoding an `# encoding:` line names, and checked as a file not open.
enum WorkspaceRead {
    /// Its analysis, and the diagnostics to publish for it.
    case checked(FeatureAnalysis, diagnostics: [[String: Any]])
    /// Its bytes are not text in its encoding: one diagnostic says where.
    case undecodable(diagnostic: [String: Any])
    /// Gone since it was listed.
    case gone

    /// Reads the file at `url` and checks it: its steps with `checks` unless it belongs to
    /// another package than `project`, its lines with the project's lint settings.
    static func of(_ url: URL, style: inout ProjectStyle, checks: StepChecks, project: String?) -> WorkspaceRead {
        guard let data = FileManager.default.contents(atPath: url.path) else { return .gone }
        let uri = url.absoluteString
        let text: String
        do { text = try SourceReader.decode(Array(data), uri: url.path) } catch {
            return .undecodable(
                diagnostic: FeatureAnalysis.diagnostic(
                    line: error.line ?? 1, column: error.column ?? 1, severity: 1, code: "encoding",
                    message: error.reason))
        }
        let analysis = FeatureAnalysis(text: text, uri: uri)
        var checks = checks
        var notes: [[String: Any]] = []
        if let project, let package = PackageRoot.other(of: uri, project: project) {
            checks.checksSteps = false
            notes.append(otherPackageNote(package, project: project))
        }
        return .checked(
            analysis, diagnostics: notes + analysis.diagnostics(checks: checks, linter: style.linter(for: uri)))
    }

    /// The note that a file's steps are another package's to check.
    static func otherPackageNote(_ package: String, project: String?) -> [String: Any] {
        FeatureAnalysis.diagnostic(
            line: 1, column: 1, severity: 3, code: "other-package",
            message: "This file belongs to the package at \(package): its steps are checked by that package's "
                + "runner, not by the one serving \(project ?? "this editor").")
    }
}
