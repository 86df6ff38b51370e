import FeatureLint
import Gherkin
import SpecsRunner

/// Outline placeholders that name no column of the outline's examples: a misspelt
/// `<balanse>` would otherwise stay in the step as written, silently.
enum OutlineCheck {
    static func warnings(in features: [LoadedFeature]) -> [String] {
        features.flatMap { feature -> [String] in
            guard let children = feature.document?.feature?.children else { return [] }
            let scenarios = children.flatMap { child -> [Scenario] in
                switch child {
                case .scenario(let scenario): [scenario]
                case .rule(let rule): rule.children.compactMap { if case .scenario(let s) = $0 { s } else { nil } }
                case .background: []
                }
            }
            return scenarios.filter { !$0.examples.isEmpty }.flatMap { outline -> [String] in
                let check = OutlinePlaceholders(outline)
                return check.missing.map { missing in
                    let near = ArgumentParser.suggestion(for: missing.name, among: check.columns).map { " Did you mean <\($0)>?" } ?? ""
                    return "\(feature.source.uri):\(missing.location.line):\(missing.location.column ?? 1): warning: <\(missing.name)> is not a column "
                        + "of the examples of '\(outline.name)' (columns: \(check.columns.sorted().joined(separator: ", "))), so it stays as written.\(near)"
                }
            }
        }
    }
}
