/// A step a step definition's regular expression matches, for completion: its text with a
/// value for each group (`(\d+)` a number, `(.*)` or `"([^"]*)"` a word), optional parts and
/// the alternatives after the first left out; for a client that takes snippets each group's
/// value is a placeholder to tab through. The caller checks the step against the definition
/// (`LanguageServer.completionOffer`): what this makes is a guess that must match.
enum RegexCompletionText {
    /// The step as a snippet and as plain text; nil for a pattern it cannot make one of
    /// (lookarounds, back references, a group it cannot close).
    static func text(for pattern: String) -> (snippet: String, plain: String)? {
        var body = Substring(pattern)
        if body.hasPrefix("^") { body = body.dropFirst() }
        if body.hasSuffix("$") && !body.hasSuffix("\\$") { body = body.dropLast() }
        var maker = Maker()
        guard let made = maker.alternation(Array(body)[...]) else { return nil }
        return (made.snippet, made.plain)
    }

    private struct Piece {
        var plain = ""
        var snippet = ""

        mutating func append(_ other: Piece) {
            plain += other.plain
            snippet += other.snippet
        }

        init(plain: String = "", snippet: String? = nil) {
            self.plain = plain
            self.snippet = snippet ?? CompletionText.escaped(plain)
        }
    }

    private struct Maker {
        /// The groups numbered so far: each capturing group is a placeholder.
        var groups = 0

        /// The first alternative of a pattern.
        mutating func alternation(_ pattern: ArraySlice<Character>) -> Piece? {
            sequence(pattern[..<(Self.topLevelBar(in: pattern) ?? pattern.endIndex)])
        }

        /// The atoms of an alternative, each repeated as its quantifier least allows.
        mutating func sequence(_ pattern: ArraySlice<Character>) -> Piece? {
            var result = Piece()
            var index = pattern.startIndex
            while index < pattern.endIndex {
                guard let (atom, next) = self.atom(pattern, at: index) else { return nil }
                index = next
                var times = 1
                var quantified = true
                switch index < pattern.endIndex ? pattern[index] : " " {
                case "?", "*":
                    times = 0
                    index += 1
                case "+":
                    index += 1
                case "{":
                    guard let close = pattern[index...].firstIndex(of: "}"),
                        let least = Int(String(pattern[(index + 1)..<close].prefix { $0 != "," })), least <= 20
                    else { return nil }
                    times = least
                    index = close + 1
                default: quantified = false
                }
                // A lazy or possessive quantifier repeats as few times as the greedy one.
                if quantified, index < pattern.endIndex, pattern[index] == "?" || pattern[index] == "+" { index += 1 }
                for _ in 0..<times { result.append(atom) }
            }
            return result
        }

        /// One atom at `index`, and the index after it.
        mutating func atom(_ pattern: ArraySlice<Character>, at index: Int) -> (Piece, Int)? {
            let character = pattern[index]
            switch character {
            case "\\":
                guard index + 1 < pattern.endIndex else { return nil }
                let escaped = pattern[index + 1]
                let text: String
                switch escaped {
                case "d": text = "1"
                case "w", "D", "S": text = "a"
                case "s": text = " "
                case "b", "B": text = ""
                case _ where escaped.isLetter || escaped.isNumber: return nil
                default: text = String(escaped)
                }
                return (Piece(plain: text), index + 2)
            case "(":
                guard let close = Self.closingParenthesis(in: pattern, from: index) else { return nil }
                var inner = pattern[(index + 1)..<close]
                var capturing = true
                if inner.first == "?" {
                    guard inner.dropFirst().first == ":" else { return nil }
                    inner = inner.dropFirst(2)
                    capturing = false
                }
                let number = capturing ? groups + 1 : 0
                if capturing { groups += 1 }
                guard let made = alternation(inner) else { return nil }
                guard capturing else { return (made, close + 1) }
                // A group that matches any text gets a word, which reads as a value to replace.
                let plain = Self.anyText.contains(String(inner)) ? "text" : made.plain
                return (Piece(plain: plain, snippet: "${\(number):\(CompletionText.escaped(plain))}"), close + 1)
            case "[":
                guard let (text, next) = Self.characterClass(pattern, at: index) else { return nil }
                return (Piece(plain: text), next)
            case ".": return (Piece(plain: "x"), index + 1)
            case ")", "|", "?", "*", "+", "{", "^", "$": return nil
            default: return (Piece(plain: String(character)), index + 1)
            }
        }

        /// Group bodies that match any text (or any text without quotes or spaces).
        static let anyText: Set<String> = [
            ".*", ".+", ".*?", ".+?", #"[^"]*"#, #"[^"]+"#, "[^']*", "[^']+", #"\S+"#, #"\w+"#, #"[^\s]+"#,
        ]

        /// A character of a bracketed class (the first listed, or one a negated class lacks).
        static func characterClass(_ pattern: ArraySlice<Character>, at index: Int) -> (String, Int)? {
            var cursor = index + 1
            let negated = cursor < pattern.endIndex && pattern[cursor] == "^"
            if negated { cursor += 1 }
            var listed: [Character] = []
            var first = true
            while cursor < pattern.endIndex, pattern[cursor] != "]" || first {
                first = false
                if pattern[cursor] == "\\" {
                    guard cursor + 1 < pattern.endIndex else { return nil }
                    let escaped = pattern[cursor + 1]
                    listed += escaped == "d" ? ["1"] : escaped == "s" ? [" "] : escaped.isLetter ? [] : [escaped]
                    cursor += 2
                } else {
                    listed.append(pattern[cursor])
                    cursor += 1
                }
            }
            guard cursor < pattern.endIndex else { return nil }
            if negated {
                guard let free = "xyz1".first(where: { !listed.contains($0) }) else { return nil }
                return (String(free), cursor + 1)
            }
            guard let chosen = listed.first(where: { $0 != "-" && $0 != "^" }) else { return nil }
            return (String(chosen), cursor + 1)
        }

        /// The index of the `)` that closes the `(` at `index`.
        static func closingParenthesis(in pattern: ArraySlice<Character>, from index: Int) -> Int? {
            firstIndex(in: pattern, from: index) { character, depth in character == ")" && depth == 0 }
        }

        /// The first `|` outside groups and classes.
        static func topLevelBar(in pattern: ArraySlice<Character>) -> Int? {
            firstIndex(in: pattern, from: pattern.startIndex) { character, depth in character == "|" && depth == 0 }
        }

        /// The first character from `index` outside classes and escapes that `stop` takes, given
        /// the depth of the groups around it (counted with it when it opens or closes one).
        static func firstIndex(
            in pattern: ArraySlice<Character>, from index: Int, where stop: (Character, _ depth: Int) -> Bool
        ) -> Int? {
            var depth = 0
            var cursor = index
            var inClass = false
            while cursor < pattern.endIndex {
                let character = pattern[cursor]
                switch character {
                case "\\": cursor += 1
                case "[": inClass = true
                case "]": inClass = false
                case _ where !inClass:
                    if character == "(" { depth += 1 }
                    if character == ")" { depth -= 1 }
                    if stop(character, depth) { return cursor }
                default: break
                }
                cursor += 1
            }
            return nil
        }
    }
}
