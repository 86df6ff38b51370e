import Foundation
import Gherkin

/// The rules' settings: a severity for each (`off`, `warning`, `error`) and the few
/// numbers and tag lists some take. Read from a small JSON file at the package root:
///
///     { "rules": { "trailing-spaces": "off",
///                  "scenario-size": { "severity": "error", "max": 8 },
///                  "restricted-tags": { "tags": ["@wip", "@skip"] },
///                  "required-tags": { "severity": "error", "tags": ["@xctest:"] } } }
package struct LintConfiguration: Sendable {
    package var severities: [String: LintSeverity]
    package var maxSteps = 10
    package var restrictedTags = ["@wip"]
    /// Tag prefixes of which every scenario needs one (`@xctest:`); none by default.
    package var requiredTags: [String] = []
    /// One indentation level, as `specs format` writes it (`specs.json`, `.editorconfig`):
    /// the `indentation` rule expects it.
    package var indentation = "  "

    package static let defaultFile = ".specs-lint.json"

    /// The keys a rule's object takes besides `severity`.
    private static let settingKeys = ["scenario-size": ["max"], "restricted-tags": ["tags"], "required-tags": ["tags"]]

    package init() {
        severities = Dictionary(uniqueKeysWithValues: FeatureLinter.rules.map { ($0.name, $0.severity) })
    }

    package func severity(_ rule: String) -> LintSeverity { severities[rule] ?? .warning }

    /// The settings of a file; an unknown rule, an unknown key of a rule or a bad value is an
    /// error that names it and the keys it is at.
    package static func read(_ data: Data) throws -> LintConfiguration {
        var configuration = LintConfiguration()
        guard let root = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed) as? [String: Any]
        else {
            throw LintConfigurationError(message: "the file is not a JSON object", keyPath: [])
        }
        if let unknown = root.keys.sorted().first(where: { $0 != "rules" }) {
            let hint = EditDistance.nearest(unknown, among: ["rules"]).map { "did you mean '\($0)'?" }
            throw LintConfigurationError(
                message: "unknown key '\(unknown)'; \(hint ?? "the file takes \"rules\"")", keyPath: [unknown])
        }
        guard let rules = root["rules"].map({ $0 as? [String: Any] }) ?? [:] else {
            throw LintConfigurationError(message: "'rules' takes an object of rules by name", keyPath: ["rules"])
        }
        let known = Set(FeatureLinter.rules.map(\.name))
        for (name, value) in rules {
            let keyPath = ["rules", name]
            guard known.contains(name) else {
                let hint =
                    EditDistance.nearest(name, among: known.sorted()).map { "did you mean '\($0)'?" }
                    ?? "the rules are \(known.sorted().joined(separator: ", "))"
                throw LintConfigurationError(message: "unknown rule '\(name)'; \(hint)", keyPath: keyPath)
            }
            let settings: [String: Any]
            if let text = value as? String {
                settings = ["severity": text]
            } else if let object = value as? [String: Any] {
                settings = object
                let keys = ["severity"] + (settingKeys[name] ?? [])
                if let unknown = object.keys.sorted().first(where: { !keys.contains($0) }) {
                    let takes = keys.map { "'\($0)'" }.joined(separator: " and ")
                    throw LintConfigurationError(
                        message: "rule '\(name)': unknown key '\(unknown)' (the rule takes \(takes))"
                            + (EditDistance.nearest(unknown, among: keys).map { "; did you mean '\($0)'?" } ?? ""),
                        keyPath: keyPath + [unknown])
                }
            } else {
                throw LintConfigurationError(
                    message: "rule '\(name)' takes a severity or an object", keyPath: keyPath)
            }
            if let severity = settings["severity"] {
                guard let text = severity as? String, let severity = LintSeverity(rawValue: text) else {
                    let shown = (severity as? String).map { " '\($0)'" } ?? ""
                    throw LintConfigurationError(
                        message: "rule '\(name)': severity\(shown) is not \"off\", \"warning\" or \"error\"",
                        keyPath: value is String ? keyPath : keyPath + ["severity"])
                }
                configuration.severities[name] = severity
            } else if configuration.severity(name) == .off {
                configuration.severities[name] = .warning
            }
            if let max = settings["max"] {
                guard let steps = wholeNumber(max), steps > 0 else {
                    throw LintConfigurationError(
                        message: "rule '\(name)': 'max' takes a whole number of steps, 1 or more",
                        keyPath: keyPath + ["max"])
                }
                configuration.maxSteps = steps
            }
            if let tags = settings["tags"] {
                guard let tags = tags as? [String] else {
                    throw LintConfigurationError(
                        message: "rule '\(name)': 'tags' takes a list of tags in double quotes ([\"@wip\"])",
                        keyPath: keyPath + ["tags"])
                }
                if name == "restricted-tags" { configuration.restrictedTags = tags }
                if name == "required-tags" { configuration.requiredTags = tags }
            }
        }
        return configuration
    }

    /// A JSON number without a fraction (`8`, `8.0`); nil for `true`, which Foundation also
    /// reads as a number.
    private static func wholeNumber(_ value: Any) -> Int? {
        guard let number = value as? NSNumber, String(cString: number.objCType) != "c" else { return nil }
        return value as? Int
    }
}

/// What a lint settings file sets wrong, and the keys of the JSON where it does.
package struct LintConfigurationError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    package let message: String
    /// The object keys, from the outermost, of the value that is wrong (empty: the whole file).
    package let keyPath: [String]
    package var description: String { message }
}
