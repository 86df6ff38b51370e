import Foundation
import Gherkin
import SpecsCommand
import SpecsRunner
import TagExpressions

/// The tag expression that selects the scenario tests: `SPECS_TAGS`, else the `tags` of
/// `specs.json` at the package root (its defaults, and the profile `SPECS_PROFILE` names),
/// as `specs` itself would run them.
enum TagSelection {
    /// Read once per test process: every scenario test asks it.
    static func fromEnvironment() -> Result<TagExpression?, TagSelectionError> { current.expression }

    /// The selection as the user set it (`SPECS_TAGS='@smoke'`), or nil when none is set.
    static var origin: String? { current.origin }

    /// The step timeout `specs.json` sets (with the profile `SPECS_PROFILE` names), as a run
    /// of `specs` would take it; nil when it sets none or cannot be read.
    static var stepTimeout: Double? { current.stepTimeout }

    private static let current = read(
        environment: ProcessInfo.processInfo.environment, directory: FileManager.default.currentDirectoryPath)

    /// The selection `environment` and the `specs.json` in `directory` give. `SPECS_TAGS` or
    /// `SPECS_PROFILE` set to nothing (a CI variable left empty) is not set: the file's tags hold.
    static func read(
        environment: [String: String], directory: String
    ) -> (
        expression: Result<TagExpression?, TagSelectionError>, origin: String?, stepTimeout: Double?
    ) {
        var environment = environment
        for variable in [ScenarioTests.tagsVariable, ScenarioTests.profileVariable]
        where environment[variable]?.trimmingCharacters(in: .whitespaces).isEmpty == true {
            environment[variable] = nil
        }
        // A misspelt variable (`SPECS_TAG=@smoke`) would select nothing the team asked for, silently.
        if let misspelt = misspelling(in: environment) {
            return (.failure(TagSelectionError(message: misspelt)), nil, nil)
        }
        // Read as `specs` reads it: an unknown option (`"tag"` for `"tags"`) is an error here
        // too, not a selection silently lost.
        let profile = environment[ScenarioTests.profileVariable]
        let configured: ProfileArguments.ConfiguredRun?
        do {
            configured = try ProfileArguments.configuredRun(profile: profile, directory: directory)
        } catch {
            return (.failure(TagSelectionError(message: "\(error)")), nil, nil)
        }
        if let tags = environment[ScenarioTests.tagsVariable] {
            return (parse(tags), "\(ScenarioTests.tagsVariable)='\(tags)'", configured?.stepTimeout)
        }
        guard let configured, let tags = configured.tags else { return (.success(nil), nil, configured?.stepTimeout) }
        let origin =
            "\(ProjectConfiguration.fileName)'s tags '\(tags)'"
            + (profile.map { " (\(ScenarioTests.profileVariable)=\($0))" } ?? "")
        return (parse(tags, origin: "\(ProjectConfiguration.fileName)'s tags"), origin, configured.stepTimeout)
    }

    /// A variable whose name is a letter or two from `SPECS_TAGS` or `SPECS_PROFILE` when that
    /// one is not set, worded: the scenario tests do not read it.
    static func misspelling(in environment: [String: String]) -> String? {
        for wanted in [ScenarioTests.tagsVariable, ScenarioTests.profileVariable] where environment[wanted] == nil {
            let near = environment.keys.filter { name in
                name != wanted && name.uppercased().hasPrefix("SPEC")
                    && EditDistance.between(name.uppercased(), wanted) <= 2
            }
            if let name = near.sorted().first {
                return "\(name) is set, which the scenario tests do not read: did you mean \(wanted)?"
            }
        }
        return nil
    }

    static func parse(
        _ source: String?, origin: String = ScenarioTests.tagsVariable
    ) -> Result<TagExpression?, TagSelectionError> {
        guard let source, !source.trimmingCharacters(in: .whitespaces).isEmpty else { return .success(nil) }
        do {
            let expression = try TagExpressionParser.parse(source)
            if let mistake = expression.bareNameMistake {
                return .failure(TagSelectionError(message: "\(origin)='\(source)': \(mistake)"))
            }
            return .success(expression)
        } catch {
            return .failure(
                TagSelectionError(message: "\(origin)='\(source)' is not a tag expression: \(error.message)"))
        }
    }
}

struct TagSelectionError: Error, Sendable {
    let message: String
}
