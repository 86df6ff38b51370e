/// An open document's semantic tokens in line order, at their places in the text, kept with
/// the document: an edit replaces the tokens of the lines it touches and moves those below
/// it, so that a keystroke costs no walk over the document's steps.
struct DocumentTokens {
    /// One token: line and start (0-based, UTF-16), length, and type in the legend.
    struct Token: Equatable {
        var line: Int32
        var start: Int32
        var length: Int32
        var type: Int32
    }

    private(set) var tokens: [Token]

    init(_ tokens: [Token]) {
        self.tokens = tokens
    }

    /// Replaces the tokens of lines `first...last` (0-based, as they were) with `new`, and
    /// moves the tokens below them by `delta` lines.
    mutating func replace(lines first: Int, through last: Int, delta: Int, with new: [Token]) {
        let low = index(atOrAfter: first)
        let high = index(atOrAfter: last + 1)
        tokens.replaceSubrange(low..<high, with: new)
        guard delta != 0 else { return }
        let shift = Int32(delta)
        tokens.withUnsafeMutableBufferPointer { buffer in
            for index in (low + new.count)..<buffer.count { buffer[index].line += shift }
        }
    }

    /// The index of the first token at or after a line, found by halving.
    private func index(atOrAfter line: Int) -> Int {
        var low = 0
        var high = tokens.count
        while low < high {
            let middle = (low + high) / 2
            if Int(tokens[middle].line) < line { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The tokens as the protocol sends them: five numbers each, line and start relative to
    /// the token before, then length, type, and no modifiers.
    var encoded: [Int32] {
        var data = [Int32](repeating: 0, count: tokens.count * 5)
        tokens.withUnsafeBufferPointer { tokens in
            data.withUnsafeMutableBufferPointer { data in
                var line: Int32 = 0
                var start: Int32 = 0
                for (index, token) in tokens.enumerated() {
                    let base = index * 5
                    data[base] = token.line - line
                    data[base + 1] = token.line == line ? token.start - start : token.start
                    data[base + 2] = token.length
                    data[base + 3] = token.type
                    line = token.line
                    start = token.start
                }
            }
        }
        return data
    }

    /// The one edit that turns `old` into `new`: what lies between their common start and
    /// their common end (none when they are equal).
    static func edit(from old: [Int32], to new: [Int32]) -> (start: Int, deleteCount: Int, data: ArraySlice<Int32>)? {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let shorter = min(old.count, new.count)
                var prefix = 0
                while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
                if prefix == old.count && prefix == new.count { return nil }
                var suffix = 0
                while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
                    suffix += 1
                }
                return (prefix, old.count - prefix - suffix, ArraySlice(new[prefix..<(new.count - suffix)]))
            }
        }
    }
}
