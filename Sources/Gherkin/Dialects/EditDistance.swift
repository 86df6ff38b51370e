/// How many single-character edits turn one word into another (Levenshtein): what
/// "did you mean" suggestions for keywords, options and tags are measured with.
public enum EditDistance {
    /// The Levenshtein distance of `a` and `b`, in characters: `between("Feture", "Feature")` is 1.
    public static func between(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// The closest of `names` to `name`, when it is close enough to be a typo (at most two
    /// edits, or a third of its length): the one rule of every "Did you mean".
    public static func nearest(_ name: String, among names: [String]) -> String? {
        let scored = names.map { ($0, between(name, $0)) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored, score <= max(2, best.count / 3) else { return nil }
        return best
    }
}
