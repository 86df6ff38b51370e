/// A boolean expression over tags: `@smoke and not (@slow or @wip)`.
/// `not` binds tighter than `and`, which binds tighter than `or`.
///
/// The expression is kept flat, in post-order (`@a @b and` for `@a and @b`), so that however
/// many terms it has, evaluating, comparing, printing and freeing it never recurses.
package struct TagExpression: Sendable, Hashable, CustomStringConvertible {
    /// One term or operator of the post-order form.
    package enum Node: Sendable, Hashable {
        /// A tag: true when the set holds it.
        case tag(String)
        /// The negation of the expression before it.
        case not
        /// Both of the two expressions before it.
        case and
        /// Either of the two expressions before it.
        case or
    }

    /// The expression in post-order; empty for the expression every set satisfies.
    package let nodes: [Node]

    /// An expression of nodes in post-order; the parser makes only well-formed ones.
    init(nodes: [Node]) { self.nodes = nodes }

    /// The expression every set of tags satisfies (an empty `--tags`).
    package static let always = TagExpression(nodes: [])

    /// The expression of one tag.
    package static func tag(_ name: String) -> TagExpression { TagExpression(nodes: [.tag(name)]) }

    /// The negation of `inner`.
    package static func not(_ inner: TagExpression) -> TagExpression { TagExpression(nodes: inner.nodes + [.not]) }

    /// Both `lhs` and `rhs`.
    package static func and(_ lhs: TagExpression, _ rhs: TagExpression) -> TagExpression {
        TagExpression(nodes: lhs.nodes + rhs.nodes + [.and])
    }

    /// Either `lhs` or `rhs`.
    package static func or(_ lhs: TagExpression, _ rhs: TagExpression) -> TagExpression {
        TagExpression(nodes: lhs.nodes + rhs.nodes + [.or])
    }

    /// Whether a set of tags satisfies the expression. Tags compare scalar for scalar, as
    /// Cucumber compares them: `@válido` composed is not the same tag decomposed.
    package func evaluate(_ tags: some Collection<String>) -> Bool {
        guard !nodes.isEmpty else { return true }
        // A scenario's few tags are compared in turn; many are looked up by their bytes.
        let many = tags.count > 16 ? Set(tags.map { Array($0.utf8) }) : nil
        func has(_ name: String) -> Bool {
            if let many { return many.contains(Array(name.utf8)) }
            return tags.contains { $0.utf8.elementsEqual(name.utf8) }
        }
        var values: [Bool] = []
        values.reserveCapacity(16)
        for node in nodes {
            switch node {
            case .tag(let name): values.append(has(name))
            case .not: values.append(!(values.popLast() ?? false))
            case .and, .or:
                let rhs = values.popLast() ?? false
                let lhs = values.popLast() ?? false
                values.append(node == .and ? lhs && rhs : lhs || rhs)
            }
        }
        return values.last ?? true
    }

    /// The tags the expression names, in order.
    package var tagNames: [String] {
        nodes.compactMap {
            guard case .tag(let name) = $0 else { return nil }
            return name
        }
    }

    /// The tags the expression names at least once outside an odd number of `not`s, in order:
    /// those it asks scenarios to carry (`@smoke` in `@smoke and not @wip`).
    package var wantedTagNames: [String] {
        var negated = [Bool](repeating: false, count: nodes.count)
        var groups: [[Int]] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .tag: groups.append([index])
            case .not:
                let inner = groups.popLast() ?? []
                for tag in inner { negated[tag].toggle() }
                groups.append(inner)
            case .and, .or:
                let rhs = groups.popLast() ?? []
                let lhs = groups.popLast() ?? []
                groups.append(lhs + rhs)
            }
        }
        var seen: Set<String> = []
        return nodes.indices.compactMap { index in
            guard case .tag(let name) = nodes[index], !negated[index], seen.insert(name).inserted else { return nil }
            return name
        }
    }

    /// A name without `@` (`smoke`), which no Gherkin tag can be, worded as the command line,
    /// `specs.json` and `SPECS_TAGS` refuse it; nil when every name is a tag. Cucumber's old
    /// syntax (`~@wip`) is told the expression that says it today.
    package var bareNameMistake: String? {
        tagNames.first { !$0.hasPrefix("@") }.map { name in
            // An operator written against its tag (`not@smoke`) needs a space.
            if let word = ["not", "and", "or"].first(where: { name.hasPrefix($0 + "@") && name.count > $0.count + 1 }) {
                return
                    "'\(name)' is not a tag, tags start with @. Did you mean '\(word) \(name.dropFirst(word.count))'?"
            }
            // Another tool's or a shell's negation (`!@wip`, `-@wip`, `^@wip`).
            if let sign = name.first, "!-^".contains(sign), name.dropFirst().hasPrefix("@"), name.count > 2 {
                return "'\(name)' is not a tag, tags start with @: '\(sign)' is no operator here; "
                    + "write 'not \(name.dropFirst())'"
            }
            return Self.oldSyntaxMistake(name) ?? "'\(name)' is not a tag, tags start with @. Did you mean '@\(name)'?"
        }
    }

    /// A name written in Cucumber's old tag syntax, `~` for not and `,` for or (`~@wip`,
    /// `@a,@b`, and `~wip`, the negation without its `@`), worded with the expression that says
    /// it today (`'~@wip' is the old tag syntax; write 'not @wip'`); nil for any other name.
    package static func oldSyntaxMistake(_ name: String) -> String? {
        let parts = name.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count > 1 || name.hasPrefix("~") else { return nil }
        var terms: [String] = []
        for part in parts {
            let negated = part.hasPrefix("~")
            let written = part.dropFirst(negated ? 1 : 0)
            // `~wip`, the old negation with its `@` left out, still names the tag.
            let tag = negated && !written.hasPrefix("@") ? "@" + written : String(written)
            guard tag.hasPrefix("@"), tag.count > 1, !tag.contains("~"), tag.lastIndex(of: "@") == tag.startIndex
            else { return nil }
            terms.append((negated ? "not " : "") + escape(tag))
        }
        return "'\(name)' is the old tag syntax; write '\(terms.joined(separator: " or "))'"
    }

    /// The canonical form, every operator parenthesised.
    package var description: String {
        guard !nodes.isEmpty else { return "" }
        // The children of each operator, found with a stack of the subexpressions' last nodes.
        var children: [[Int]] = Array(repeating: [], count: nodes.count)
        var roots: [Int] = []
        for (index, node) in nodes.enumerated() {
            switch node {
            case .tag: break
            case .not: children[index] = roots.popLast().map { [$0] } ?? []
            case .and, .or:
                let rhs = roots.popLast()
                let lhs = roots.popLast()
                children[index] = [lhs, rhs].compactMap { $0 }
            }
            roots.append(index)
        }
        // Written in order from an explicit stack of what is left to write.
        enum Piece {
            case text(String)
            case node(Int)
        }
        var text = ""
        var pending: [Piece] = roots.last.map { [.node($0)] } ?? []
        while let piece = pending.popLast() {
            switch piece {
            case .text(let words): text += words
            case .node(let index):
                let parts = children[index]
                switch nodes[index] {
                case .tag(let name): text += Self.escape(name)
                case .not:
                    guard let inner = parts.first else { continue }
                    if nodes[inner] == .and || nodes[inner] == .or {
                        pending += [.text("not "), .node(inner)].reversed()
                    } else {
                        pending += [.text("not ( "), .node(inner), .text(" )")].reversed()
                    }
                case .and, .or:
                    let word = nodes[index] == .and ? " and " : " or "
                    guard parts.count == 2 else { continue }
                    pending += [.text("( "), .node(parts[0]), .text(word), .node(parts[1]), .text(" )")].reversed()
                }
            }
        }
        return text
    }

    private static func escape(_ name: String) -> String {
        var result = ""
        for character in name {
            switch character {
            case "\\": result += "\\\\"
            case "(": result += "\\("
            case ")": result += "\\)"
            default: result += character.isWhitespace ? "\\ " : String(character)
            }
        }
        return result
    }
}
