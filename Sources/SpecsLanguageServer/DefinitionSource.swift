/// Where step definitions are in their Swift file now, read from its text as it is on disk:
/// lines recorded when the runner was built move once lines are added above them, and an
/// edit at a recorded line could land outside the function that registers the steps.
enum DefinitionSource {
    /// The 1-based line, in `text`, of the definition of `expression` recorded at `recorded`:
    /// of the lines that hold the expression as Swift writes it, the nearest to where it was.
    static func line(of expression: String, recorded: Int, in text: String) -> Int? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        let written = [
            "\"" + expression.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
                + "\"",
            "#\"" + expression + "\"#",
        ]
        var best: Int?
        for (index, line) in lines.enumerated() where written.contains(where: { line.contains($0) }) {
            let number = index + 1
            if best.map({ abs($0 - recorded) > abs(number - recorded) }) ?? true { best = number }
        }
        guard let found = best else { return nil }
        // A call split over lines starts a line or two above its expression.
        for above in stride(from: found, through: max(1, found - 2), by: -1)
        where callMarkers.contains(where: { lines[above - 1].contains($0) }) {
            return above
        }
        return found
    }

    /// A Swift file with step definitions saved after the runner was built: its name and text.
    struct Unbuilt: Equatable, Sendable {
        let name: String
        let text: String
    }

    /// What an undefined step's diagnostic adds when a Swift file saved after the runner was
    /// built holds the definition the quick fix would write for it (`snippet`): build again.
    static func unbuiltNote(snippet: String, in sources: [Unbuilt]) -> String? {
        guard let expression = expressionLiteral(of: snippet),
            let source = sources.first(where: { $0.text.contains(expression) })
        else { return nil }
        return "\(source.name) defines \(expression) already, but this runner was built before it: "
            + "build again (swift build); the server takes the new runner up by itself."
    }

    /// The calls that define steps (`steps.given(`, `registry.step(`...).
    static let callMarkers = [".given(", ".when(", ".then(", ".and(", ".but(", ".step(", ".given(regex", ".when(regex"]

    /// Where a new definition goes: before the first of `definitions` (expression and the
    /// line recorded at build time) as the file is now, with that line's indentation and the
    /// name of the registry that definition is called on (`steps`, `registry`...).
    static func insertionPoint(
        for definitions: [(expression: String, recorded: Int)], in text: String
    ) -> (line: Int, indent: String, registry: String?)? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" })
        guard let first = definitions.compactMap({ line(of: $0.expression, recorded: $0.recorded, in: text) }).min(),
            first <= lines.count
        else { return nil }
        let call = lines[first - 1]
        return (first, String(call.prefix { $0 == " " || $0 == "\t" }), receiver(in: call))
    }

    /// The name a definition call on `line` is made on: `registry` in `registry.given(`.
    static func receiver(in line: Substring) -> String? {
        guard let call = callMarkers.compactMap({ line.range(of: $0)?.lowerBound }).min() else { return nil }
        let name = line[..<call].reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let head = name.last, !head.isNumber else { return nil }
        return String(name.reversed())
    }

    /// A snippet (`steps.given("…") { … }`) called on `registry` instead of `steps`.
    static func calling(_ registry: String?, _ snippet: String) -> String {
        guard let registry, registry != "steps", snippet.hasPrefix("steps.") else { return snippet }
        return registry + snippet.dropFirst("steps".count)
    }

    /// The expression of a snippet's first line as Swift writes it, quotes included:
    /// `"the user has {int} apples"` in `steps.given("the user has {int} apples") { … }`.
    static func expressionLiteral(of snippet: String) -> String? {
        let first = snippet.prefix { $0 != "\n" }
        guard let open = first.range(of: "(\""), let close = first.range(of: "\") {", options: .backwards),
            open.upperBound <= close.lowerBound
        else { return nil }
        return String(first[first.index(before: open.upperBound)..<first.index(after: close.lowerBound)])
    }
}
