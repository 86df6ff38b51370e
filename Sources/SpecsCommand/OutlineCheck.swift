import FeatureLint
import Gherkin
import SpecsRunner

/// Outline placeholders that name no column of the outline's examples: a misspelt
/// `<balanse>` would otherwise stay in the step as written, silently.
enum OutlineCheck {
    static func warnings(in features: [LoadedFeature]) -> [String] {
        features.flatMap { feature -> [String] in
            let scenarios = feature.document?.feature?.scenariosWithRules.map(\.scenario) ?? []
            // The file's lines place a missing placeholder at its column: split only for one.
            var lines: [Substring]?
            return scenarios.filter { !$0.examples.isEmpty }.flatMap { outline -> [String] in
                var check = OutlinePlaceholders(outline)
                if !check.missing.isEmpty {
                    let split = lines ?? SourceLines.of(feature.source.data)
                    lines = split
                    check = OutlinePlaceholders(outline, lines: split)
                }
                return check.missing.map { missing in
                    let place = "\(feature.source.uri):\(missing.location.line):\(missing.location.column ?? 1)"
                    if let lacking = missing.lackingIn {
                        return
                            "\(place): warning: <\(missing.name)> is not a column of the examples of '\(outline.name)' "
                            + "at line \(lacking), so their rows keep it as written."
                    }
                    let near =
                        check.isColumnInOtherUnicode(missing.name)
                        ? " It is written in other Unicode than the column: save the file as NFC."
                        : ArgumentParser.suggestion(for: missing.name, among: check.columns).map {
                            " Did you mean <\($0)>?"
                        } ?? ""
                    return
                        "\(feature.source.uri):\(missing.location.line):\(missing.location.column ?? 1): warning: <\(missing.name)> is not a column "
                        + "of the examples of '\(outline.name)' (columns: \(check.columns.sorted().joined(separator: ", "))), so it stays as written.\(near)"
                }
            }
        }
    }
}
