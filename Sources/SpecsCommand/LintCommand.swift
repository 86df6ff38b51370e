import FeatureLint
import Foundation
import Messages
import SpecsReporting
import SpecsRunner

/// `specs lint [--config FILE] PATH...`: each finding as `file:line:column: warning:
/// message [rule]` (and a GitHub annotation under GITHUB_ACTIONS); exit 1 when a finding
/// is an error, 2 for a usage error or a bad configuration.
enum LintCommand {
    static func run(_ arguments: [String], out: ReportOutput, err: ReportOutput, name: String) -> Int32 {
        guard
            let parsed = ArgumentParser.parse(arguments, table: OptionTable.lint, command: "\(name) lint", err: err)?
                .readingRerunFiles()
        else { return 2 }
        if parsed.has(.help) {
            var help = OptionTable.help(
                usage: "\(name) lint [--config FILE] PATH...",
                arguments:
                    "  PATH                              Feature files or directories (recursive). Default: Features/",
                options: OptionTable.lint)
            help +=
                "\nRULES (default severity):\n"
                + FeatureLinter.rules.map { "  \($0.name) (\($0.severity.rawValue)): \($0.summary)" }.joined(
                    separator: "\n") + "\n"
            out.write(help)
            return 0
        }
        var configuration = LintConfiguration()
        // The settings: --config FILE, else the `lint` of specs.json, else .specs-lint.json.
        let project: ProjectConfiguration?
        do { project = try ProjectConfiguration.load() } catch {
            err.write("\(error)\n")
            return 2
        }
        let configPath =
            parsed.value(.config)
            ?? (project?.lint != nil ? ProjectConfiguration.fileName : LintConfiguration.defaultFile)
        // The `lint` of specs.json, whose errors are placed in that file's text.
        let inProject = parsed.value(.config) == nil ? project.flatMap { $0.lint != nil ? $0 : nil } : nil
        do {
            // .specs-lint.json, found by name, is read as specs.json is: there in any other form, an error.
            let data =
                try inProject?.lint
                ?? (parsed.value(.config) != nil
                    ? InputFile.contents(atPath: configPath)
                    : FileReason.settings(atPath: configPath, shownAs: configPath))
            if let data {
                configuration = try LintSettings.read(
                    data, path: configPath, source: inProject?.source, section: inProject == nil ? [] : ["lint"])
            } else if parsed.value(.config) != nil {
                err.write("\(configPath): error: \(InputFile.whyUnreadable(configPath))\n")
                return 2
            }
        } catch {
            err.write("\(error)\n")
            return 2
        }
        let (files, problems) = FeatureLoader.discover(parsed.featurePaths)
        for problem in problems { err.write("\(problem)\n") }
        // A folder without feature files is no clean one: a gate that checked nothing fails, as a
        // run that selected nothing does.
        if files.isEmpty && problems.isEmpty {
            err.write("error: \(NoFeatureFile.words(parsed.featurePaths)): nothing was linted\n")
            return 1
        }
        let annotate = ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true"
        var counts: [LintSeverity: Int] = [:]
        // A package's specs.json that does not read is told once; its files are linted
        // expecting what `.editorconfig` says, and the command fails, as `specs format` does.
        var unreadSettings: Set<String> = []
        for file in files {
            // Each file is expected indented as `specs format` would indent it.
            do {
                configuration.indentation = try FormatIndentation.indentation(file: file.path, project: project)
            } catch {
                if unreadSettings.insert(error.description).inserted { err.write("\(error)\n") }
                configuration.indentation = FormatIndentation.of(file: file.path, project: nil)
            }
            let linter = FeatureLinter(configuration: configuration)
            let findings: [LintFinding]
            do {
                findings = linter.lint(try SourceReader.read(path: file.path).data, uri: file.path)
            } catch {
                findings = [
                    LintFinding(
                        rule: "parse-error", severity: .error, message: error.reason, line: error.line ?? 1,
                        column: error.column ?? 1)
                ]
            }
            for finding in findings {
                out.write(finding.text(path: file.path) + "\n")
                if annotate { out.write(finding.annotation(path: file.path) + "\n") }
                counts[finding.severity, default: 0] += 1
            }
        }
        let errors = counts[.error] ?? 0
        let warnings = counts[.warning] ?? 0
        err.write("\(files.count) feature file(s): \(errors) error(s), \(warnings) warning(s)\n")
        if !problems.isEmpty || !unreadSettings.isEmpty { return 2 }
        return errors > 0 ? 1 : 0
    }
}
