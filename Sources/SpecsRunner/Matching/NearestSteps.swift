import CucumberExpressions
import Foundation
import Locking

/// The defined steps nearest to a step text no definition matches, for "Did you mean":
/// first the definitions whose literal words are the step's with other parameters (`I have
/// {int} cukes` for `I have "five" cukes`), then those whose expression is a few edits from
/// the text (`a step that passes` for `a step that pases`), each with where it is written.
///
/// Costs nothing until a step is undefined: the index is built on first use. Then bounded
/// work whatever the number of definitions: candidates come from an index of each
/// expression's three-letter pieces, the rarest pieces first (a piece shared by more than
/// `postingLimit` definitions says little and is read only when nothing rarer is shared, and
/// then only `postingLimit` of them), and only the `candidateLimit` sharing most pieces are
/// compared letter by letter.
struct NearestSteps: Sendable {
    /// A definition as a suggestion shows it: its expression and its place.
    struct Suggestion: Sendable, Hashable {
        let expression: String
        let location: CodeLocation
    }

    private let definitions: [StepDefinition]
    /// The custom parameter types a snippet uses: a step's `3,00 €` reads as `{money}`, as
    /// a definition may name it.
    private let types: [ParameterType]
    private let index = Locked<Index?>(nil)

    init(definitions: [StepDefinition], types: [ParameterType] = []) {
        self.definitions = definitions
        self.types = types
    }

    private struct Index: Sendable {
        let suggestions: [Suggestion]
        /// Each expression, lowercased, as compared with step texts.
        let compared: [[Unicode.Scalar]]
        /// Definitions by their literal words, parameters left as one mark.
        let byLiteralWords: [String: [Int]]
        /// Definitions by each three-letter piece of their expression.
        let byPiece: [UInt64: [Int32]]
    }

    private static let postingLimit = 512
    private static let candidateLimit = 32
    private static let comparedLength = 160
    static let parameterMark: Unicode.Scalar = "\u{1}"

    private static func index(_ definitions: [StepDefinition]) -> Index {
        var suggestions: [Suggestion] = []
        var compared: [[Unicode.Scalar]] = []
        var byLiteralWords: [String: [Int]] = [:]
        var byPiece: [UInt64: [Int32]] = [:]
        for (index, definition) in definitions.enumerated() {
            var shown = definition.expression.source
            if definition.isRegularExpression {
                if shown.hasPrefix("^") { shown.removeFirst() }
                if shown.hasSuffix("$") { shown.removeLast() }
            } else {
                byLiteralWords[Self.literalWords(ofExpression: shown), default: []].append(index)
            }
            suggestions.append(Suggestion(expression: shown, location: definition.location))
            let scalars = Array(shown.lowercased().unicodeScalars.prefix(Self.comparedLength))
            compared.append(scalars)
            for piece in Set(Self.pieces(of: scalars)) { byPiece[piece, default: []].append(Int32(index)) }
        }
        return Index(
            suggestions: suggestions, compared: compared, byLiteralWords: byLiteralWords, byPiece: byPiece)
    }

    /// Up to `limit` definitions nearest to `text`, nearest first.
    func nearest(to text: String, limit: Int = 3) -> [Suggestion] {
        let index = index.withLock { built in
            if let built { return built }
            built = Self.index(definitions)
            return built!
        }
        return Self.nearest(to: text, limit: limit, in: index, types: types)
    }

    private static func nearest(to text: String, limit: Int, in index: Index, types: [ParameterType]) -> [Suggestion] {
        let (compared, byLiteralWords, byPiece) = (index.compared, index.byLiteralWords, index.byPiece)
        var chosen: [Int] = []
        // The same words with other parameters: the step's numbers, quoted text and the values
        // of custom types as parameters.
        let (asExpression, _) = Snippet.expression(for: text, types: types)
        for index in byLiteralWords[Self.literalWords(ofExpression: asExpression)] ?? [] where chosen.count < limit {
            chosen.append(index)
        }
        // A few edits away, among the definitions sharing most three-letter pieces.
        let scalars = Array(text.lowercased().unicodeScalars.prefix(Self.comparedLength))
        let parameterised = Array(asExpression.lowercased().unicodeScalars.prefix(Self.comparedLength))
        var shared: [Int32: Int] = [:]
        let postings = Set(Self.pieces(of: scalars) + Self.pieces(of: parameterised)).compactMap { byPiece[$0] }
        for posting in postings.sorted(by: { $0.count < $1.count })
        where posting.count <= Self.postingLimit || shared.isEmpty {
            for index in posting.prefix(Self.postingLimit) { shared[index, default: 0] += 1 }
        }
        let candidates = shared.sorted { ($0.value, $1.key) > ($1.value, $0.key) }.prefix(Self.candidateLimit)
        var near: [(distance: Int, index: Int)] = []
        for (candidate, _) in candidates {
            let index = Int(candidate)
            let expression = compared[index]
            // Near enough to be a slip: one edit in six letters of the shorter text, at least two.
            let allowed = max(2, min(scalars.count, expression.count) / 6)
            let distance = min(
                Self.distance(scalars, expression, atMost: allowed),
                Self.distance(parameterised, expression, atMost: allowed))
            if distance <= allowed { near.append((distance, index)) }
        }
        near.sort { ($0.distance, $0.index) < ($1.distance, $1.index) }
        for (_, index) in near where chosen.count < limit && !chosen.contains(index) { chosen.append(index) }
        return chosen.map { index.suggestions[$0] }
    }

    /// "Did you mean" and the nearest definitions, one a line, or nil when none is near. A
    /// text in decomposed Unicode (NFD: `a` and a combining accent, as some tools paste it)
    /// that a definition matches once composed (NFC) is told so: the two look alike.
    func didYouMean(_ text: String) -> String? {
        if let composed = Self.composed(text),
            let definition = definitions.first(where: { $0.expression.match(composed) != nil })
        {
            return "The step's text is in decomposed Unicode (NFD, letters and combining accents apart); "
                + "'\(definition.expression.source)' at \(definition.location) matches it composed (NFC): "
                + "save the feature file as NFC"
        }
        if let pointed = Self.withDecimalPoints(text),
            let definition = definitions.first(where: { $0.expression.match(pointed) != nil })
        {
            return "The step writes a decimal comma; '\(definition.expression.source)' at \(definition.location) "
                + "matches it with a decimal point ('\(pointed)'): {float} reads a point, as Cucumber's does"
        }
        let found = nearest(to: text)
        guard !found.isEmpty else { return nil }
        return (["Did you mean:"] + found.map { "  '\($0.expression)' at \($0.location)" }).joined(separator: "\n")
    }

    /// `text` with each comma between two digits a point (`2,5 EUR` is `2.5 EUR`), when it has one.
    static func withDecimalPoints(_ text: String) -> String? {
        var scalars = Array(text.unicodeScalars)
        var changed = false
        for index in scalars.indices.dropFirst().dropLast()
        where scalars[index] == "," && scalars[index - 1].properties.numericType == .decimal
            && scalars[index + 1].properties.numericType == .decimal
        {
            scalars[index] = "."
            changed = true
        }
        guard changed else { return nil }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: scalars)
        return String(result)
    }

    /// `text` composed (NFC), when that is another text, scalar for scalar.
    static func composed(_ text: String) -> String? {
        guard !text.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        let composed = text.precomposedStringWithCanonicalMapping
        return composed.unicodeScalars.elementsEqual(text.unicodeScalars) ? nil : composed
    }

    /// An expression's literal text, each `{parameter}` one mark and optional `(text)` left out.
    static func literalWords(ofExpression expression: String) -> String {
        var result = String.UnicodeScalarView()
        var iterator = expression.unicodeScalars.makeIterator()
        var depth: (brace: Int, parenthesis: Int) = (0, 0)
        while let scalar = iterator.next() {
            switch scalar {
            case "\\":
                if let escaped = iterator.next(), depth == (0, 0) { result.append(escaped) }
            case "{":
                if depth == (0, 0) { result.append(parameterMark) }
                depth.brace += 1
            case "}": depth.brace = max(0, depth.brace - 1)
            case "(": depth.parenthesis += 1
            case ")": depth.parenthesis = max(0, depth.parenthesis - 1)
            default: if depth == (0, 0) { result.append(scalar) }
            }
        }
        return String(result).lowercased()
    }

    private static func pieces(of scalars: [Unicode.Scalar]) -> [UInt64] {
        guard scalars.count >= 3 else { return scalars.isEmpty ? [] : [key(scalars + [" ", " "])] }
        return (0...(scalars.count - 3)).map { key(scalars[$0..<($0 + 3)]) }
    }

    private static func key(_ scalars: some Collection<Unicode.Scalar>) -> UInt64 {
        scalars.prefix(3).reduce(0) { ($0 << 21) | UInt64($1.value) }
    }

    /// The edit distance (insertions, deletions, substitutions) between two texts.
    /// The edit distance of `a` and `b` when it is at most `bound`, else `bound + 1`: only the
    /// band of `bound` cells beside the diagonal is computed, and a row past the bound ends it,
    /// so that each comparison costs the text's length times the bound.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost bound: Int) -> Int {
        let over = bound + 1
        guard abs(a.count - b.count) <= bound else { return over }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = [Int](repeating: over, count: b.count + 1)
        var current = [Int](repeating: over, count: b.count + 1)
        for j in 0...min(b.count, bound) { previous[j] = j }
        for i in 1...a.count {
            let low = max(1, i - bound)
            let high = min(b.count, i + bound)
            current[0] = i <= bound ? i : over
            if low > 1 { current[low - 1] = over }
            var best = current[0]
            if low <= high {
                for j in low...high {
                    let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                    let value = min(substitution, previous[j] + 1, current[j - 1] + 1, over)
                    current[j] = value
                    best = min(best, value)
                }
            }
            if high < b.count { current[high + 1] = over }
            guard best <= bound else { return over }
            swap(&previous, &current)
        }
        return min(previous[b.count], over)
    }

    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(substitution, previous[j] + 1, current[j - 1] + 1)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
