/// Parses a Cucumber Expression into its syntax tree:
///
///     cucumber-expression := ( alternation | optional | parameter | text )*
///     alternation := (?<=left-boundary) alternative* ( '/' alternative* )+ (?=right-boundary)
///     left-boundary := whitespace | } | ^      right-boundary := whitespace | { | $
///     alternative := optional | parameter | text
///     optional := '(' option* ')'             option := optional | parameter | text
///     parameter := '{' name* '}'              name := whitespace | .
///     text := whitespace | ')' | '}' | .
public struct ExpressionParser {
    private let expression: String
    private let tokens: [ExpressionToken]

    /// The syntax tree of `expression`; throws what is wrong with it.
    public static func parse(_ expression: String) throws(ExpressionError) -> ExpressionNode {
        let parser = ExpressionParser(expression: expression, tokens: try ExpressionTokenizer.tokenize(expression))
        guard
            let (_, nodes) = try parser.between(
                .expression, .startOfLine, .endOfLine, at: 0, [.alternation, .optional, .parameter, .text]),
            let root = nodes.first
        else { return ExpressionNode(kind: .expression, nodes: [], start: 0, end: 0) }
        return root
    }

    private enum Rule { case alternation, optional, parameter, text, name, separator }

    private typealias Parsed = (consumed: Int, nodes: [ExpressionNode])

    private func looking(at index: Int, _ kind: ExpressionToken.Kind) -> Bool {
        if index < 0 { return kind == .startOfLine }
        if index >= tokens.count { return kind == .endOfLine }
        return tokens[index].kind == kind
    }

    private func parse(_ rule: Rule, at index: Int) throws(ExpressionError) -> Parsed? {
        let token = tokens[index]
        switch rule {
        case .text:
            switch token.kind {
            case .whiteSpace, .text, .endParameter, .endOptional:
                return (
                    1, [ExpressionNode(kind: .text, nodes: [], token: token.text, start: token.start, end: token.end)]
                )
            case .alternation:
                throw .alternationInOptional(expression, token)
            default: return nil
            }
        case .name:
            switch token.kind {
            case .whiteSpace, .text:
                return (
                    1, [ExpressionNode(kind: .text, nodes: [], token: token.text, start: token.start, end: token.end)]
                )
            case .beginOptional, .endOptional, .beginParameter, .endParameter, .alternation:
                throw .invalidParameterName(expression, token)
            default: return nil
            }
        case .separator:
            guard token.kind == .alternation else { return nil }
            return (
                1,
                [ExpressionNode(kind: .alternative, nodes: [], token: token.text, start: token.start, end: token.end)]
            )
        case .parameter:
            return try between(.parameter, .beginParameter, .endParameter, at: index, [.name])
        case .optional:
            return try between(.optional, .beginOptional, .endOptional, at: index, [.optional, .parameter, .text])
        case .alternation:
            return try alternation(at: index)
        }
    }

    private func between(
        _ kind: ExpressionNode.Kind, _ begin: ExpressionToken.Kind, _ end: ExpressionToken.Kind, at index: Int,
        _ rules: [Rule]
    ) throws(ExpressionError) -> Parsed? {
        guard looking(at: index, begin) else { return nil }
        let inner = try until(rules, from: index + 1, stopAt: [end, .endOfLine])
        let closing = index + 1 + inner.consumed
        guard looking(at: closing, end) else { throw .missingEnd(expression, begin: tokens[index]) }
        let node = ExpressionNode(kind: kind, nodes: inner.nodes, start: tokens[index].start, end: tokens[closing].end)
        return (closing + 1 - index, [node])
    }

    private func alternation(at index: Int) throws(ExpressionError) -> Parsed? {
        guard [.startOfLine, .whiteSpace, .endParameter].contains(where: { looking(at: index - 1, $0) }) else {
            return nil
        }
        let inner = try until(
            [.separator, .optional, .parameter, .text], from: index, stopAt: [.whiteSpace, .endOfLine, .beginParameter])
        guard inner.nodes.contains(where: { $0.kind == .alternative }) else { return nil }
        let start = tokens[index].start
        let end = tokens[index + inner.consumed].start
        return (
            inner.consumed,
            [
                ExpressionNode(
                    kind: .alternation, nodes: split(inner.nodes, start: start, end: end), start: start, end: end)
            ]
        )
    }

    private func until(
        _ rules: [Rule], from start: Int, stopAt: [ExpressionToken.Kind]
    ) throws(ExpressionError) -> Parsed {
        var index = start
        var nodes: [ExpressionNode] = []
        while index < tokens.count, !stopAt.contains(where: { looking(at: index, $0) }) {
            var parsed: Parsed?
            for rule in rules {
                if let result = try parse(rule, at: index) {
                    parsed = result
                    break
                }
            }
            // Every token is text at worst; anything else is a bug in the rules above.
            guard let parsed, parsed.consumed > 0 else { break }
            index += parsed.consumed
            nodes += parsed.nodes
        }
        return (index - start, nodes)
    }

    /// Groups the nodes between separators into alternatives.
    private func split(_ nodes: [ExpressionNode], start: Int, end: Int) -> [ExpressionNode] {
        var separators: [ExpressionNode] = []
        var groups: [[ExpressionNode]] = [[]]
        for node in nodes {
            if node.kind == .alternative {
                separators.append(node)
                groups.append([])
            } else {
                groups[groups.count - 1].append(node)
            }
        }
        return groups.enumerated().map { index, group in
            let from = index == 0 ? start : separators[index - 1].end
            let to = index == groups.count - 1 ? end : separators[index].start
            return ExpressionNode(kind: .alternative, nodes: group, start: from, end: to)
        }
    }
}
