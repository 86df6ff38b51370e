import CucumberExpressions

/// The rest of a step a Cucumber Expression would complete after what was typed, when the
/// typed text reads as the expression's start with values typed for its parameters
/// (`the count is 5 a` for `the count is {int} and {word}`): the typed text is kept as typed
/// and the rest follows it, each parameter left a value (a placeholder for a client that
/// takes snippets), as `CompletionText` writes a whole step.
enum CompletionContinuation {
    /// A part of one way of reading an expression: its optional text in or out, one
    /// alternative of each alternation.
    private enum Part {
        case text(String)
        case parameter(String)
    }

    /// The most ways of reading one expression tried (optionals and alternations multiply them).
    private static let mostReadings = 32

    /// The step the typed text starts (plain, and as inserted): the expression's own text
    /// where the typed text is its text (in any case), the values typed for its parameters
    /// as typed, then the rest; nil when the typed text is not the start of a step the
    /// expression matches.
    static func continuation(
        of expression: String, after typed: String, snippets: Bool
    ) -> (plain: String, newText: String)? {
        // Most definitions' plain start already differs from the typed text: no need to parse them.
        let plainStart = expression.prefix { !"{(/\\".contains($0) }.lowercased()
        let typedStart = typed.prefix(plainStart.count).lowercased()
        guard !typed.isEmpty, plainStart.hasPrefix(typedStart) || typedStart.hasPrefix(plainStart),
            let tree = try? ExpressionParser.parse(expression)
        else { return nil }
        for reading in readings(of: tree) {
            guard let (matched, rest) = read(reading[...], from: Array(typed)[...]) else { continue }
            var number = 0
            var plain = matched.joined()
            var newText = snippets ? CompletionText.escaped(plain) : plain
            for part in rest {
                switch part {
                case .text(let text):
                    plain += text
                    newText += snippets ? CompletionText.escaped(text) : text
                case .parameter(let type):
                    let value = CompletionText.example(forType: type)
                    plain += value
                    number += 1
                    newText += snippets ? "${\(number):\(CompletionText.escaped(value))}" : value
                }
            }
            return (plain, newText)
        }
        return nil
    }

    /// How `typed` reads as the start of `parts`: the text of the parts it covers (a text part
    /// as the expression writes it, whole when the typed text ends in it; a value as typed),
    /// and the parts after them; nil when it does not. A parameter takes a value its type
    /// matches; the typed text may end in one.
    private static func read(
        _ parts: ArraySlice<Part>, from typed: ArraySlice<Character>
    ) -> (matched: [String], rest: [Part])? {
        guard let first = parts.first else { return typed.isEmpty ? ([], []) : nil }
        if typed.isEmpty { return ([], Array(parts)) }
        switch first {
        case .text(let text):
            let characters = Array(text)
            let common = zip(characters, typed).prefix { sameLetter($0, $1) }.count
            if common == characters.count {
                guard let (matched, rest) = read(parts.dropFirst(), from: typed.dropFirst(common)) else { return nil }
                return ([text] + matched, rest)
            }
            // The typed text ends in this text part.
            guard common == typed.count else { return nil }
            return ([text], Array(parts.dropFirst()))
        case .parameter(let type):
            for length in stride(from: typed.count - 1, through: 1, by: -1)
            where isValue(typed.prefix(length), of: type) {
                if let (matched, rest) = read(parts.dropFirst(), from: typed.dropFirst(length)) {
                    return ([String(typed.prefix(length))] + matched, rest)
                }
            }
            // The typed text ends in the parameter's value: the rest follows it.
            guard isValueStart(typed, of: type) else { return nil }
            return ([String(typed)], Array(parts.dropFirst()))
        }
    }

    /// Whether two characters are the same letter in any case.
    private static func sameLetter(_ a: Character, _ b: Character) -> Bool {
        a == b || a.lowercased() == b.lowercased()
    }

    /// Whether `text` is a whole value of a parameter of type `type` (a defined type's, or
    /// an anonymous one's: any text without a line break).
    private static func isValue(_ text: ArraySlice<Character>, of type: String) -> Bool {
        switch type {
        case "int", "byte", "short", "long", "biginteger":
            let digits = text.first == "-" ? text.dropFirst() : text
            return !digits.isEmpty && digits.allSatisfy(\.isASCIIDigit)
        case "float", "double", "bigdecimal":
            let number = text.first == "-" ? text.dropFirst() : text
            return number.contains(where: \.isASCIIDigit) && number.allSatisfy { $0.isASCIIDigit || $0 == "." }
                && number.filter { $0 == "." }.count <= 1
        case "word": return !text.isEmpty && !text.contains(where: \.isWhitespace)
        case "string":
            guard let quote = text.first, quote == "\"" || quote == "'", text.count >= 2, text.last == quote else {
                return false
            }
            return !text.dropFirst().dropLast().contains(quote)
        default: return !text.isEmpty && !text.contains(where: \.isNewline)
        }
    }

    /// Whether `text` may start a value of type `type` (a value typed in part).
    private static func isValueStart(_ text: ArraySlice<Character>, of type: String) -> Bool {
        switch type {
        case "int", "byte", "short", "long", "biginteger", "float", "double", "bigdecimal":
            return text == ["-"] || isValue(text, of: type) || (text.last == "." && isValue(text + ["0"], of: type))
        case "string":
            guard let quote = text.first, quote == "\"" || quote == "'" else { return false }
            return !text.dropFirst().contains(quote)
        default: return isValue(text, of: type)
        }
    }

    /// The ways of reading an expression, at most `mostReadings`.
    private static func readings(of tree: ExpressionNode) -> [[Part]] {
        func expand(_ nodes: [ExpressionNode]) -> [[Part]] {
            var readings: [[Part]] = [[]]
            for node in nodes {
                let options: [[Part]]
                switch node.kind {
                case .text: options = [[.text(node.text)]]
                case .parameter: options = [[.parameter(node.text)]]
                case .optional: options = [[]] + expand(node.nodes)
                case .alternation: options = node.nodes.flatMap { expand($0.nodes) }
                case .alternative, .expression: options = expand(node.nodes)
                }
                readings = Array(readings.lazy.flatMap { reading in options.map { reading + $0 } }.prefix(mostReadings))
            }
            return readings
        }
        return expand(tree.nodes).map(merged)
    }

    /// Neighbouring text parts as one.
    private static func merged(_ parts: [Part]) -> [Part] {
        var result: [Part] = []
        for part in parts {
            if case .text(let text) = part, case .text(let before)? = result.last {
                result[result.count - 1] = .text(before + text)
            } else {
                result.append(part)
            }
        }
        return result
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
