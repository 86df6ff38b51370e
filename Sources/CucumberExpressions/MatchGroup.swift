/// A capture group of a match, with the groups nested inside it. `start` counts
/// Unicode scalars; both are nil for a group that did not take part in the match.
public struct MatchGroup: Sendable, Hashable {
    /// Where the group starts in the step's text (Unicode scalars); nil when it took no part.
    public var start: Int?
    /// The text it matched; nil when it took no part.
    public var value: String?
    /// The groups nested inside it, in order.
    public var children: [MatchGroup]

    /// A group that matched `value` at `start`, with `children` inside it.
    public init(start: Int?, value: String?, children: [MatchGroup]) {
        self.start = start
        self.value = value
        self.children = children
    }

    /// The values a parameter type transforms: the nested groups', or this group's own.
    var transformInput: [String?] { children.isEmpty ? [value] : children.map(\.value) }
}

/// The nesting of the capture groups of a regular expression, read from its source.
struct GroupTree: Sendable {
    struct Node: Sendable {
        var index: Int
        var children: [Node]
    }

    /// The groups directly inside the whole match.
    let roots: [Node]

    init(pattern: String) {
        var stack: [(capturing: Bool, node: Node)] = [(true, Node(index: 0, children: []))]
        var next = 1
        let scalars = Array(pattern.unicodeScalars)
        var escaping = false
        var inClass = false
        for (offset, scalar) in scalars.enumerated() {
            defer { escaping = scalar == "\\" && !escaping }
            if escaping { continue }
            switch scalar {
            case "[": inClass = true
            case "]": inClass = false
            case "(" where !inClass:
                let capturing = Self.isCapturing(scalars, at: offset)
                stack.append((capturing, Node(index: capturing ? next : -1, children: [])))
                if capturing { next += 1 }
            case ")" where !inClass && stack.count > 1:
                let closed = stack.removeLast()
                if closed.capturing {
                    stack[stack.count - 1].node.children.append(closed.node)
                } else {
                    stack[stack.count - 1].node.children += closed.node.children
                }
            default: break
            }
        }
        roots = stack[0].node.children
    }

    private static func isCapturing(_ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        guard offset + 1 < scalars.count, scalars[offset + 1] == "?" else { return true }
        // (?<name>...) captures; (?:, (?=, (?!, (?<=, (?<! and flags do not.
        guard offset + 3 < scalars.count, scalars[offset + 2] == "<" else { return false }
        return scalars[offset + 3] != "=" && scalars[offset + 3] != "!"
    }
}
