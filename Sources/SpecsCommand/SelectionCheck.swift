import SpecsRunner
import TagExpressions

/// What the selection options mean for the loaded features, told before the run: tags
/// no scenario carries, `:LINE`s that name no scenario, and why a selection is empty.
struct SelectionCheck {
    let features: [LoadedFeature]
    let tags: TagExpression

    private var allTags: [String] {
        var seen: Set<String> = []
        return features.flatMap { $0.pickles.flatMap { $0.tags.map(\.name) } }.filter { seen.insert($0).inserted }
    }

    /// A warning for each tag of `--tags` that no scenario carries, with the nearest existing ones.
    func unknownTagWarnings() -> [String] {
        let existing = allTags
        let known = Set(existing)
        return tags.tagNames.filter { !known.contains($0) }.map { tag in
            let nearest = ArgumentParser.suggestion(for: tag, among: existing).map { " Did you mean '\($0)'?" } ?? ""
            return "--tags: no scenario has the tag \(tag).\(nearest)"
        }
    }

    /// An error for each `file:LINE` that selects no scenario or example row, naming the nearest.
    func lineErrors() -> [String] {
        features.flatMap { feature -> [String] in
            guard feature.errors.isEmpty else { return [] }
            return feature.lines.sorted().compactMap { line in
                let alone = LoadedFeature(
                    source: feature.source, document: feature.document, pickles: feature.pickles, errors: [], lines: [line])
                guard alone.selectedPickles.isEmpty else { return nil }
                let starts = Array(Set(feature.pickles.map(\.location.line))).sorted()
                let nearest = starts.sorted { abs($0 - line) < abs($1 - line) }.prefix(2).sorted()
                let names = nearest.map { start in
                    "\(start) (\(feature.pickles.first { $0.location.line == start }?.name ?? ""))"
                }
                let hint = names.isEmpty ? " The file has no scenarios." : " Nearest: line " + names.joined(separator: ", line ") + "."
                return "\(feature.source.uri):\(line): error: no scenario or example row is at line \(line).\(hint)"
            }
        }
    }

    /// Why nothing was selected, in a few words.
    func emptySelectionHint(files: [FeaturePath], paths: [FeaturePath], names: [String]) -> String {
        if files.isEmpty { return "no .feature file under " + paths.map(\.path).joined(separator: ", ") }
        let count = features.reduce(0) { $0 + $1.pickles.count }
        if count == 0 { return "the feature files hold no scenario" }
        var filters: [String] = []
        if tags != .always { filters.append("--tags '\(tags)'") }
        if !names.isEmpty { filters.append(names.map { "--name '\($0)'" }.joined(separator: " ")) }
        return filters.isEmpty ? "" : filters.joined(separator: " and ") + " match\(filters.count == 1 ? "es" : "") none of the \(count) scenarios"
    }
}
