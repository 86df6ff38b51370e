import SpecsRunner
import TagExpressions

/// What the selection options mean for the loaded features, told before the run: tags
/// no scenario carries, `:LINE`s that name no scenario, and why a selection is empty.
struct SelectionCheck {
    let tags: TagExpression
    /// Where the tags come from, as a message names them: `--tags`, or specs.json's tags.
    let tagsOrigin: String
    /// Every tag of the features, in the order first seen.
    private var allTags: [String] = []
    /// Tags compare scalar for scalar, as the selection compares them.
    private var seenTags: Set<ExactText> = []
    /// The `file:LINE` errors found so far.
    private(set) var lineErrors: [String] = []
    /// How many scenarios (pickles) the features hold.
    private(set) var pickleCount = 0

    init(tags: TagExpression, origin: String = Option.tags.name) {
        self.tags = tags
        self.tagsOrigin = origin
    }

    /// Takes in one feature: its tags, its pickles and the `:LINE`s asked of it.
    mutating func visit(_ feature: LoadedFeature) {
        pickleCount += feature.pickles.count
        for pickle in feature.pickles {
            for tag in pickle.tags where seenTags.insert(ExactText(tag.name)).inserted { allTags.append(tag.name) }
        }
        lineErrors += Self.lineErrors(feature)
    }

    /// Whether some scenario carries a tag that `matches`.
    func hasTag(where matches: (String) -> Bool) -> Bool { allTags.contains(where: matches) }

    /// A warning for each tag `--tags` asks for that no scenario carries, with the nearest
    /// existing ones (or, for Cucumber's old syntax `@a,@b`, the expression today's syntax
    /// writes). A tag only left out (`not @wip`, specs.json's default) is not warned of: no
    /// scenario carrying it is the usual case. Past the first few, the others are counted.
    func unknownTagWarnings() -> [String] {
        // A tag only left out is warned of too when the features write it in other Unicode:
        // `not @café` would leave out nothing.
        let wanted = tags.wantedTagNames
        let wantedSet = Set(wanted.map(ExactText.init))
        // Swift's strings are equal under canonical equivalence: alike, whatever their Unicode.
        let alike = Set(allTags)
        let leftOutAlike = tags.tagNames.filter { name in
            let exact = ExactText(name)
            return !wantedSet.contains(exact) && !seenTags.contains(exact) && alike.contains(name)
        }
        let unknown = (wanted + leftOutAlike).filter { !seenTags.contains(ExactText($0)) }
        let shown = 10
        var warnings = unknown.prefix(shown).map { tag in
            let composedAlike = allTags.first { $0 == tag }
            let nearest =
                composedAlike.map { _ in
                    " A tag of the features is written alike in other Unicode (composed or decomposed accents): "
                        + "write it as the feature files do."
                }
                ?? TagExpression.oldSyntaxMistake(tag).map { " \($0)." }
                ?? ArgumentParser.suggestion(for: tag, among: allTags).map { " Did you mean '\($0)'?" } ?? ""
            return "\(tagsOrigin): no scenario has the tag \(tag).\(nearest)"
        }
        if unknown.count > shown {
            warnings.append("\(tagsOrigin): no scenario has \(unknown.count - shown) more of its tags")
        }
        return warnings
    }

    /// Those of `names` that the features write only in other Unicode (composed or decomposed
    /// accents): tags compare scalar for scalar, so what names them matches none of those tags.
    func tagsInOtherUnicode(_ names: [String]) -> [String] {
        let alike = Set(allTags)
        return names.filter { !seenTags.contains(ExactText($0)) && alike.contains($0) }
    }

    /// An error for each `file:LINE` that selects no scenario or example row, naming the nearest
    /// (the whole file asked for by another argument too: a mistyped line is not run past).
    private static func lineErrors(_ feature: LoadedFeature) -> [String] {
        guard feature.errors.isEmpty else { return [] }
        let lines = feature.linesSelectingNothing(feature.askedLines)
        guard !lines.isEmpty else { return [] }
        let starts = Array(Set(feature.pickles.map(\.location.line))).sorted()
        return lines.map { line in
            let nearest = starts.sorted { abs($0 - line) < abs($1 - line) }.prefix(2).sorted()
            let names = nearest.map { start in
                "\(start) (\(feature.pickles.first { $0.location.line == start }?.name ?? ""))"
            }
            let hint =
                names.isEmpty
                ? " The file has no scenarios." : " Nearest: line " + names.joined(separator: ", line ") + "."
            return "\(feature.source.uri):\(line):1: error: no scenario or example row is at line \(line).\(hint)"
        }
    }

    /// Why nothing was selected, in a few words.
    func emptySelectionHint(
        files: [FeaturePath], paths: [FeaturePath], names: [String], tagsAsWritten: String? = nil
    ) -> String {
        if files.isEmpty { return NoFeatureFile.words(paths) }
        if pickleCount == 0 { return "the feature files hold no scenario" }
        let filters = RunOptions.selectionWords(
            tags: tags, tagsAsWritten: tagsAsWritten, tagsOrigin: tagsOrigin, names: names)
        guard !filters.isEmpty else { return "" }
        let one = filters.count == 1
        return filters.joined(separator: " and ")
            + (pickleCount == 1
                ? " \(one ? "does" : "do") not match the one scenario"
                : " match\(one ? "es" : "") none of the \(pickleCount) scenarios")
    }
}
