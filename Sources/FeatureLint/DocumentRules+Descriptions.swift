import Gherkin

/// Which descriptions a run reads for lost steps (`FeatureLinter.descriptionKeywords`): found
/// from the document alone, without the file's lines.
extension DocumentRules {
    /// A description of the feature, the line of the heading it follows, the examples whose
    /// values a lost step's placeholders take (an outline's, or an examples block's own), and,
    /// for a description where the grammar takes no step (a feature's, a rule's, an examples
    /// block's), what it describes.
    typealias Described = (text: String, after: Int, examples: [Examples], stepless: String?)

    /// The feature's descriptions where a line may have been lost to a misspelt or another
    /// language's keyword: one whose last line reads as a step, and any with a colon in it (a
    /// misspelt `Scenario:`). Found without the file's lines: a run
    /// asks it of every file, and a feature's user story (`As a ... I want ...`) is no suspect.
    static func suspectDescriptions(of feature: Feature) -> [Described] {
        // The dialect's words are gathered only for a description that needs them: most files have none.
        var dialectWords: StepLookalike.DialectWords??
        func words() -> StepLookalike.DialectWords? {
            if let known = dialectWords { return known }
            let made = Dialect.named(feature.language).map(StepLookalike.DialectWords.init)
            dialectWords = .some(made)
            return made
        }
        var found: [Described] = []
        func add(_ text: String, after line: Int, examples: [Examples] = [], stepless: String? = nil) {
            guard !text.isEmpty else { return }
            if !text.utf8.contains(UInt8(ascii: ":")) {
                // Lost steps stand last: a description whose last line reads as no step lost none
                // (a feature's, a rule's or an examples block's too, as lint reads them all).
                guard let last = lastLine(of: text), let words = words(),
                    StepLookalike.reading(last, in: words) != nil || last.hasPrefix("* ")
                else { return }
            }
            found.append((text, line, examples, stepless))
        }
        add(feature.description, after: feature.location.line, stepless: "a feature")
        feature.walk { block in
            switch block {
            case .rule(let rule):
                add(rule.description, after: rule.location.line, stepless: "a rule")
            case .background(let background, _):
                add(background.description, after: background.location.line)
            case .scenario(let scenario, _):
                add(scenario.description, after: scenario.location.line, examples: scenario.examples)
                for examples in scenario.examples {
                    add(
                        examples.description, after: examples.location.line, examples: [examples],
                        stepless: "an examples block")
                }
            }
        }
        return found
    }

    /// The last line of `text` that holds more than spaces, without its indentation and the
    /// spaces after it; nil for none.
    private static func lastLine(of text: String) -> Substring? {
        let bytes = text.utf8
        func blank(_ byte: UInt8) -> Bool { byte == 32 || byte == 9 || byte == 10 || byte == 13 }
        var end = bytes.endIndex
        while end > bytes.startIndex, blank(bytes[bytes.index(before: end)]) { end = bytes.index(before: end) }
        guard end > bytes.startIndex else { return nil }
        var start = end
        while start > bytes.startIndex, bytes[bytes.index(before: start)] != 10 { start = bytes.index(before: start) }
        while bytes[start] == 32 || bytes[start] == 9 { start = bytes.index(after: start) }
        return Substring(bytes[start..<end])
    }
}
