import CucumberExpressions
import Foundation

extension Snippet {
    /// The step text as a Cucumber Expression, as the official generator writes it: from the
    /// left, the earliest (then longest) text that `{int}`, `{float}`, `{string}` or one of
    /// `types` matches becomes that parameter, when it is a whole word: it starts and ends at
    /// the text's start or end, a space, a punctuation mark or a symbol (`$5` gives `${int}`,
    /// `1,5` gives `{int},{int}`, the `o` of `bob` or the apostrophes of `user's ... it's`
    /// stay text). The rest is literal text, escaped.
    ///
    /// `types`: the custom parameter types registered with `useForSnippets`; one whose values
    /// a closure cannot take (not a ``StepArgument``) is left out, since its snippet would not
    /// compile. On a tie, a type that prefers regular expression matches comes first, then
    /// the shorter name, then the one defined first (the built-in ones before the custom ones).
    ///
    /// An expression with custom types that would not match the step again (a type whose
    /// pattern has a named group or a backreference, written twice) gives way to the one
    /// without them.
    static func expression(for text: String, types: [ParameterType] = []) -> (String, [ParameterKindName]) {
        let found = generated(for: text, types: types)
        guard found.1.contains(where: \.isCustom) else { return found }
        var registry = ParameterTypeRegistry()
        for type in types { try? registry.define(type) }
        guard (try? CucumberExpression(found.0, registry: registry))?.match(text) == nil else { return found }
        return generated(for: text, types: [])
    }

    private static func generated(for text: String, types: [ParameterType]) -> (String, [ParameterKindName]) {
        let words = WordSearch(text)
        let matchers = builtInMatchers + types.flatMap(SnippetMatcher.custom)
        var result = ""
        var parameters: [ParameterKindName] = []
        var position = 0
        // Each matcher's next whole word, searched again only once the text before it is
        // written: one pass over the text, however many parameters it has.
        // Each search reads the rest of the text (Foundation copies it for the regular expression),
        // so searches are bounded: a step of thousands of values (a pasted list) costs a few hundred
        // searches of its text, not several per value, and what is not searched stays text.
        var searches = searchesAtMost
        var found: [NSRange?] = matchers.map { words.firstWholeWord($0.regex, from: 0, searches: &searches) }
        while position < words.length, searches > 0 {
            var best: (range: NSRange, matcher: SnippetMatcher)?
            for (index, matcher) in matchers.enumerated() {
                if let range = found[index], range.location < position {
                    found[index] = words.firstWholeWord(matcher.regex, from: position, searches: &searches)
                }
                guard let range = found[index] else { continue }
                if let current = best, !matcher.precedes(current.matcher, at: range, over: current.range) { continue }
                best = (range, matcher)
            }
            guard let best else { break }
            result += escaped(words.text(position..<best.range.location)) + "{\(best.matcher.kind.name)}"
            parameters.append(best.matcher.kind)
            position = best.range.location + best.range.length
        }
        result += escaped(words.text(position..<words.length))
        return (result, parameters)
    }

    /// The most searches for parameters in one step's text: far more than a step of a few dozen
    /// values takes, and each reads the text once.
    static let searchesAtMost = 512

    /// The built-in types a snippet uses, as the official generator has them.
    private static let builtInMatchers: [SnippetMatcher] = [
        SnippetMatcher(kind: .int, pattern: ParameterTypeRegistry.integerPatterns[0], prefers: true, order: 0),
        SnippetMatcher(kind: .float, pattern: floatPattern, prefers: false, order: 1),
        SnippetMatcher(kind: .string, pattern: ParameterTypeRegistry.stringPattern, prefers: false, order: 2),
    ].compactMap { $0 }

    /// The numbers `{float}` matches, written so that a search finds the whole number where
    /// the expression's own pattern (made to match a whole parameter) stops early or matches
    /// nothing: `1.5`, `.5`, `+3`, `1E5`, `-2.5E-3`.
    private static let floatPattern = #"[-+]?(?:\d+(?:\.\d+)?|\.\d+)(?:E[+-]?\d+)?"#

    /// Literal text as an expression writes it: `(`, `)`, `{`, `}`, `/` and `\` escaped.
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if "(){}/\\".unicodeScalars.contains(scalar) { result += "\\" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}

/// One parameter type as the snippet generator searches for it.
private struct SnippetMatcher: Sendable {
    let kind: ParameterKindName
    let regex: NSRegularExpression
    /// `preferForRegularExpressionMatch`: first on a tie.
    let prefers: Bool
    /// Built-in types first, then custom ones in their order of definition.
    let order: Int

    init?(kind: ParameterKindName, pattern: String, prefers: Bool, order: Int) {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        self.kind = kind
        self.regex = regex
        self.prefers = prefers
        self.order = order
    }

    /// A custom type, one matcher per pattern; none when its values cannot be a closure's
    /// argument (a snippet with it would not compile) or a pattern does not compile (a
    /// definition problem of its own).
    static func custom(_ type: ParameterType) -> [SnippetMatcher] {
        let value = type.valueType()
        guard value is any StepArgument.Type else { return [] }
        return type.regularExpressions.compactMap { pattern in
            SnippetMatcher(
                kind: .custom(name: type.name, swift: Snippet.swiftName(of: value)), pattern: pattern,
                prefers: type.preferForRegularExpressionMatch, order: 3)
        }
    }

    /// Whether this type's match at `range` wins over `other`'s at `otherRange`: the
    /// earlier, then the longer, then by preference, the shorter name, the order of definition.
    func precedes(_ other: SnippetMatcher, at range: NSRange, over otherRange: NSRange) -> Bool {
        if range.location != otherRange.location { return range.location < otherRange.location }
        if range.length != otherRange.length { return range.length > otherRange.length }
        if prefers != other.prefers { return prefers }
        if kind.name.count != other.kind.name.count { return kind.name.count < other.kind.name.count }
        return order < other.order
    }
}

/// A step text searched for matches that are whole words, in UTF-16 offsets as
/// `NSRegularExpression` gives them.
private struct WordSearch {
    let string: String
    let length: Int

    init(_ string: String) {
        self.string = string
        length = string.utf16.count
    }

    /// The first non-empty match of `regex` starting at `position` or after that is a whole
    /// word; each search sees the text from where it starts, as the official generator's does.
    /// `searches`: how many more searches may be made (each one made counts); none left, nil.
    func firstWholeWord(_ regex: NSRegularExpression, from position: Int, searches: inout Int) -> NSRange? {
        var start = position
        while start < length, searches > 0 {
            searches -= 1
            guard let match = regex.firstMatch(in: string, range: NSRange(location: start, length: length - start))
            else { return nil }
            let range = match.range
            if range.length > 0, isBoundary(scalar(before: range.location)),
                isBoundary(scalar(at: range.location + range.length))
            {
                return range
            }
            start = range.location + (scalar(at: range.location).map { $0.utf16.count } ?? 1)
        }
        return nil
    }

    /// The text between two UTF-16 offsets.
    func text(_ range: Range<Int>) -> String {
        String(string[index(range.lowerBound)..<index(range.upperBound)])
    }

    private func index(_ offset: Int) -> String.Index { String.Index(utf16Offset: offset, in: string) }

    private func scalar(at offset: Int) -> Unicode.Scalar? {
        offset < length ? string.unicodeScalars[index(offset)] : nil
    }

    private func scalar(before offset: Int) -> Unicode.Scalar? {
        offset > 0 ? string.unicodeScalars[string.unicodeScalars.index(before: index(offset))] : nil
    }

    /// Whether a word may end before (or start after) `scalar`: the text's start or end, a
    /// space, a punctuation mark or a symbol.
    private func isBoundary(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        if scalar.properties.isWhitespace { return true }
        switch scalar.properties.generalCategory {
        case .spaceSeparator, .lineSeparator, .paragraphSeparator, .connectorPunctuation, .dashPunctuation,
            .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation, .otherPunctuation,
            .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
