/// Finds the step definitions whose expression could match a step text without
/// trying them all: a trie over each expression's literal prefix, then, among the
/// definitions that share a prefix, a lookup by literal suffix. Cost grows with the
/// text, not with the number of definitions.
struct StepIndex: Sendable {
    private struct Node: Sendable {
        var children: [UInt8: Int32] = [:]
        var group: Int32 = -1
    }

    /// Definitions that share one literal prefix, by literal suffix.
    private struct SuffixGroup: Sendable {
        var bySuffix: [String: [Int]] = [:]
        var suffixLengths: [Int] = []
    }

    private var nodes = [Node()]
    private var groups: [SuffixGroup] = []

    init(prefixesAndSuffixes: [(prefix: String, suffix: String)]) {
        for (index, entry) in prefixesAndSuffixes.enumerated() {
            var node = 0
            for byte in entry.prefix.utf8 {
                if let child = nodes[node].children[byte] {
                    node = Int(child)
                } else {
                    nodes.append(Node())
                    nodes[node].children[byte] = Int32(nodes.count - 1)
                    node = nodes.count - 1
                }
            }
            if nodes[node].group < 0 {
                groups.append(SuffixGroup())
                nodes[node].group = Int32(groups.count - 1)
            }
            let group = Int(nodes[node].group)
            groups[group].bySuffix[entry.suffix, default: []].append(index)
            let length = entry.suffix.utf8.count
            if !groups[group].suffixLengths.contains(length) {
                groups[group].suffixLengths.append(length)
                groups[group].suffixLengths.sort()
            }
        }
    }

    /// Indexes of the definitions that may match `text`, in registration order.
    func candidates(for text: String) -> [Int] {
        var found: [Int] = []
        let utf8 = text.utf8
        var node = 0
        var consumed = 0
        var index = utf8.startIndex
        while true {
            if nodes[node].group >= 0 {
                collect(groups[Int(nodes[node].group)], text: text, available: utf8.count - consumed, into: &found)
            }
            guard index < utf8.endIndex, let child = nodes[node].children[utf8[index]] else { break }
            node = Int(child)
            consumed += 1
            utf8.formIndex(after: &index)
        }
        if found.count > 1 { found.sort() }
        return found
    }

    private func collect(_ group: SuffixGroup, text: String, available: Int, into found: inout [Int]) {
        let utf8 = text.utf8
        for length in group.suffixLengths {
            guard length <= available else { break }
            let start = utf8.index(utf8.endIndex, offsetBy: -length)
            // Bytes that start inside a character are no definition's suffix (a string taken
            // from there would start at the character, and find a longer suffix again).
            guard start.samePosition(in: text.unicodeScalars) != nil else { continue }
            if let matches = group.bySuffix[String(text[start...])] { found += matches }
        }
    }
}
