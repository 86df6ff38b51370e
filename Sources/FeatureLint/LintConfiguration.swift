import Foundation

/// The rules' settings: a severity for each (`off`, `warning`, `error`) and the few
/// numbers and tag lists some take. Read from a small JSON file at the package root:
///
///     { "rules": { "trailing-spaces": "off",
///                  "scenario-size": { "severity": "error", "max": 8 },
///                  "restricted-tags": { "tags": ["@wip", "@skip"] },
///                  "required-tags": { "severity": "error", "tags": ["@xctest:"] } } }
public struct LintConfiguration: Sendable {
    public var severities: [String: LintSeverity]
    public var maxSteps = 10
    public var restrictedTags = ["@wip"]
    /// Tag prefixes of which every scenario needs one (`@xctest:`); none by default.
    public var requiredTags: [String] = []
    /// One indentation level, as `specs format` writes it (`specs.json`, `.editorconfig`):
    /// the `indentation` rule expects it.
    public var indentation = "  "

    public static let defaultFile = ".specs-lint.json"

    public init() {
        severities = Dictionary(uniqueKeysWithValues: FeatureLinter.rules.map { ($0.name, $0.severity) })
    }

    public func severity(_ rule: String) -> LintSeverity { severities[rule] ?? .warning }

    /// The settings of a file; an unknown rule or a bad value is an error that names it.
    public static func read(_ data: Data) throws -> LintConfiguration {
        var configuration = LintConfiguration()
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw LintConfigurationError(message: "the file is not a JSON object")
        }
        let rules = root["rules"] as? [String: Any] ?? [:]
        let known = Set(FeatureLinter.rules.map(\.name))
        for (name, value) in rules {
            guard known.contains(name) else {
                throw LintConfigurationError(
                    message: "unknown rule '\(name)'; the rules are \(known.sorted().joined(separator: ", "))")
            }
            let settings: [String: Any]
            if let text = value as? String {
                settings = ["severity": text]
            } else if let object = value as? [String: Any] {
                settings = object
            } else {
                throw LintConfigurationError(message: "rule '\(name)' takes a severity or an object")
            }
            if let text = settings["severity"] as? String {
                guard let severity = LintSeverity(rawValue: text) else {
                    throw LintConfigurationError(
                        message: "rule '\(name)': severity '\(text)' is not off, warning or error")
                }
                configuration.severities[name] = severity
            } else if settings["severity"] == nil, configuration.severity(name) == .off {
                configuration.severities[name] = .warning
            }
            if let max = settings["max"] as? Int { configuration.maxSteps = max }
            if let tags = settings["tags"] as? [String] {
                if name == "restricted-tags" { configuration.restrictedTags = tags }
                if name == "required-tags" { configuration.requiredTags = tags }
            }
        }
        return configuration
    }
}

public struct LintConfigurationError: Error, Sendable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}
