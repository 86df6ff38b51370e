import Foundation
import Gherkin

/// A parse error in plain words, the one wording of every path that shows one (the runner,
/// `format`, `lint`, the generated scenario tests, the language server): the grammar's token
/// names become what a person writes (`a step`, `Scenario:`), and a line that looks like a
/// misspelt keyword, or an English keyword in a file of another language, gets a suggestion.
package enum ParseErrorWords {
    /// A parse error of `source` (the file's text) in plain words, without its place.
    package static func of(_ error: ParseError, in source: String) -> String {
        let line = sourceLine(error.location.line, of: source)
        return plain(stripLocation(error.message), line: line, source: source)
    }

    /// `message` without its `(line:column): ` prefix; `line` the offending source line; `source` the file.
    package static func plain(_ message: String, line: String?, source: String) -> String {
        var text = message
        if let range = message.range(of: "expected: "),
            message.hasPrefix("expected: ") || message.hasPrefix("unexpected end of file")
        {
            let rest = message[range.upperBound...]
            let (expectedPart, got): (Substring, Substring?) = {
                if let gotRange = rest.range(of: ", got '") {
                    return (rest[..<gotRange.lowerBound], rest[gotRange.upperBound...].dropLast())
                }
                return (rest, nil)
            }()
            let dialect = Dialect.named(LanguageComment.language(of: source))
            let expected = expectedPart.split(separator: ", ").map { words(for: String($0), in: dialect) }
            let unique = expected.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            let list =
                unique.count > 1
                ? unique.dropLast().joined(separator: ", ") + " or " + (unique.last ?? "") : unique.first ?? ""
            if let got {
                text = "'\(got.trimmingCharacters(in: .whitespaces))' cannot stand here; expected \(list)"
            } else {
                text = "the file ends too early; expected \(list)"
            }
        }
        if let line, let hint = suggestion(for: line, language: LanguageComment.language(of: source)) {
            text += ". " + hint
        }
        return text
    }

    /// A token of the grammar in words, its keyword as the file's language (`dialect`) writes it.
    private static func words(for token: String, in dialect: Dialect?) -> String {
        // The language's keyword nearest the English one (`Szenario` for `Scenario` in German).
        func keyword(_ english: String) -> String {
            "'\(dialect.flatMap { KeywordLookalike.native(ofEnglish: english, in: $0) } ?? english):'"
        }
        return switch token {
        case "#EOF": "the end of the file"
        case "#Language": "a '# language:' line"
        case "#TagLine": "a tag"
        case "#FeatureLine": keyword("Feature")
        case "#RuleLine": keyword("Rule")
        case "#BackgroundLine": keyword("Background")
        case "#ScenarioLine": keyword("Scenario")
        case "#ExamplesLine": keyword("Examples")
        case "#StepLine": "a step"
        case "#DocStringSeparator": "a doc string"
        case "#TableRow": "a table row"
        case "#Comment": "a comment"
        case "#Empty": "an empty line"
        case "#Other": "description text"
        default: token
        }
    }

    /// "Did you mean 'Scenario:'?" for a line that starts like a keyword of the file's
    /// language, or the keyword to use for an English keyword in another language's file.
    package static func suggestion(for line: String, language: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let dialect = Dialect.named(language) else { return nil }
        let headers = KeywordLookalike.headers(of: dialect)
        // A keyword in decomposed Unicode (`Funktionalita` and a combining accent) looks like
        // the keyword and is none.
        let composed = trimmed.precomposedStringWithCanonicalMapping
        if !composed.unicodeScalars.elementsEqual(trimmed.unicodeScalars) {
            let steps = dialect.given + dialect.when + dialect.then + dialect.and + dialect.but
            let word = composed.prefix { $0 != ":" }
            if (composed.contains(":") && headers.contains(String(word))) || steps.contains(where: composed.hasPrefix) {
                return "The line is in decomposed Unicode (NFD, letters and combining accents apart), so its keyword "
                    + "is none: save the file as NFC"
            }
        }
        if let colon = trimmed.firstIndex(of: ":") {
            let word = String(trimmed[..<colon])
            if !headers.contains(word) {
                if language != "en", let native = KeywordLookalike.native(ofEnglish: word, in: dialect) {
                    return "'\(word):' is English, but this file's language is '\(language)': use '\(native):'"
                }
                if let near = EditDistance.nearest(word.lowercased(), among: headers.map { $0.lowercased() }),
                    let keyword = headers.first(where: { $0.lowercased() == near })
                {
                    return "Did you mean '\(keyword):'?"
                }
            }
        }
        let firstWord = String(trimmed.prefix { $0 != " " })
        // A keyword without its colon (`Scenario checkout`).
        if !trimmed.contains(":"), trimmed.contains(" "), let keyword = headers.first(where: { $0 == firstWord }) {
            return "Did you mean '\(keyword):'? (a keyword ends with a colon)"
        }
        // An English step keyword in another language's file.
        if language != "en", let english = Dialect.named("en") {
            let kinds: [KeyPath<Dialect, [String]>] = [\.given, \.when, \.then, \.and, \.but]
            if let kind = kinds.first(where: { english[keyPath: $0].contains(firstWord + " ") }),
                let own = dialect[keyPath: kind].first(where: { $0 != "* " })?.trimmingCharacters(in: .whitespaces),
                !dialect[keyPath: kind].contains(firstWord + " ")
            {
                return "'\(firstWord)' is English, but this file's language is '\(language)': use '\(own)'"
            }
        }
        let steps = (dialect.given + dialect.when + dialect.then + dialect.and + dialect.but).filter { $0 != "* " }
        if !steps.contains(firstWord + " "), trimmed.contains(" ") {
            let candidates = steps.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if let near = EditDistance.nearest(firstWord.lowercased(), among: candidates.map { $0.lowercased() }),
                near != firstWord.lowercased(), let keyword = candidates.first(where: { $0.lowercased() == near }),
                firstWord.count > 2
            {
                return "Did you mean '\(keyword)'?"
            }
        }
        return nil
    }

    /// Line `number` (1-based) of `text`, without its line end.
    package static func sourceLine(_ number: Int, of text: String) -> String? {
        guard number >= 1 else { return nil }
        let lines = SourceLines.of(text)
        return number <= lines.count ? String(lines[number - 1]) : nil
    }

    /// A message without the `(line:column): ` the grammar puts before it.
    package static func stripLocation(_ message: String) -> String {
        guard message.hasPrefix("("), let close = message.firstIndex(of: ")") else { return message }
        let rest = message[message.index(after: close)...]
        return rest.hasPrefix(": ") ? String(rest.dropFirst(2)) : message
    }
}
