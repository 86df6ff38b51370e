import Foundation

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
    /// The registry its definitions are called on (`steps` when not known), as written.
    struct Unbuilt: Equatable, Sendable {
        let name: String
        let text: String
        var registry: String? = nil
    }

    /// What an undefined step's diagnostic adds when a Swift file saved after the runner was
    /// built registers the expression the quick fix would write for it (`snippet`) on its
    /// registry, outside comments: build again.
    static func unbuiltNote(snippet: String, in sources: [Unbuilt]) -> String? {
        guard let expression = expressionLiteral(of: snippet),
            let source = sources.first(where: { registers(expression, on: $0.registry ?? "steps", in: $0.text) })
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

    /// The calls a definition makes with no name before them, on `self` (in an extension of
    /// `StepRegistry`: `given("…") { … }`).
    static let bareCalls = ["given(", "when(", "then(", "and(", "but(", "step("]

    /// The name a definition call on `line` is made on: `registry` in `registry.given(`; empty
    /// for a call with no name (`given(` in an extension of `StepRegistry`).
    static func receiver(in line: Substring) -> String? {
        guard let call = callMarkers.compactMap({ line.range(of: $0)?.lowerBound }).min() else {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            return bareCalls.contains { trimmed.hasPrefix($0) } ? "" : nil
        }
        let before = line[..<call]
        if before.hasSuffix("`") {
            // A name that is a keyword, written with its backticks (`` `default` ``).
            guard let open = before.dropLast().lastIndex(of: "`"),
                before.index(after: open) < before.index(before: before.endIndex)
            else { return nil }
            return String(before[open...])
        }
        let name = before.reversed().prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        guard let head = name.last, !head.isNumber else { return nil }
        return String(name.reversed())
    }

    /// Whether `text` registers `expression` (as Swift writes it, quotes included) by a call on
    /// `registry` (`steps.given("…"`, raw or split over lines), outside comments.
    static func registers(_ expression: String, on registry: String, in text: String) -> Bool {
        // A call with no name (`given(`, on `self`) stands after neither a name nor a dot.
        let receiver = registry.isEmpty ? "" : NSRegularExpression.escapedPattern(for: registry) + #"\s*\.\s*"#
        let pattern =
            "(?<![A-Za-z0-9_`.])" + receiver
            + #"(given|when|then|step)\s*\(\s*#*"# + NSRegularExpression.escapedPattern(for: expression)
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        let code = withoutComments(text)
        return regex.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }

    /// Swift source with its `//` and `/* */` comments (nested too) blanked, string literals kept.
    static func withoutComments(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var index = 0
        func at(_ offset: Int) -> Unicode.Scalar? { index + offset < scalars.count ? scalars[index + offset] : nil }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "/", at(1) == "/" {
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
            } else if scalar == "/", at(1) == "*" {
                var depth = 0
                repeat {
                    if scalars[index] == "/", at(1) == "*" {
                        depth += 1
                        index += 2
                    } else if scalars[index] == "*", at(1) == "/" {
                        depth -= 1
                        index += 2
                    } else {
                        if scalars[index] == "\n" { out.append("\n") }
                        index += 1
                    }
                } while depth > 0 && index < scalars.count
                out.append(" ")
            } else if scalar == "#" || scalar == "\"" {
                index = copyString(scalars, from: index, into: &out)
            } else {
                out.append(scalar)
                index += 1
            }
        }
        return String(out)
    }

    /// Copies the string literal (or lone `#`) at `start` to `out`; the index after it.
    private static func copyString(
        _ scalars: [Unicode.Scalar], from start: Int, into out: inout String.UnicodeScalarView
    ) -> Int {
        var index = start
        while index < scalars.count, scalars[index] == "#" { index += 1 }
        let hashes = index - start
        guard index < scalars.count, scalars[index] == "\"" else {
            out.append(contentsOf: scalars[start..<max(index, start + 1)])
            return max(index, start + 1)
        }
        let multiline = index + 2 < scalars.count && scalars[index + 1] == "\"" && scalars[index + 2] == "\""
        let quotes = multiline ? 3 : 1
        index += quotes
        while index < scalars.count {
            if hashes == 0, scalars[index] == "\\" {
                index += 2
                continue
            }
            if !multiline, scalars[index] == "\n" { break }
            let closes =
                index + quotes + hashes <= scalars.count
                && scalars[index..<index + quotes].allSatisfy { $0 == "\"" }
                && scalars[index + quotes..<index + quotes + hashes].allSatisfy { $0 == "#" }
            if closes {
                index += quotes + hashes
                break
            }
            index += 1
        }
        let end = min(index, scalars.count)
        out.append(contentsOf: scalars[start..<end])
        return end
    }

    /// A snippet (`steps.given("…") { … }`) called on `registry` instead of `steps`; with no
    /// name (`""`) when the definitions around it are called on `self`.
    static func calling(_ registry: String?, _ snippet: String) -> String {
        guard let registry, registry != "steps", snippet.hasPrefix("steps.") else { return snippet }
        return registry.isEmpty
            ? String(snippet.dropFirst("steps.".count)) : registry + snippet.dropFirst("steps".count)
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
