import CucumberExpressions

/// What completion inserts for a step definition's Cucumber Expression: its text as
/// written, optional text left out, the first of each alternation, and for each parameter
/// a value its type matches, so that an accepted completion matches the definition it came
/// from. For a client that takes snippets each value is a placeholder to tab through.
enum CompletionText {
    /// The text, or nil for an expression that does not parse.
    static func text(for expression: String, snippets: Bool) -> String? {
        guard let tree = try? ExpressionParser.parse(expression) else { return nil }
        var number = 0
        func render(_ node: ExpressionNode) -> String {
            switch node.kind {
            case .text: return snippets ? escaped(node.text) : node.text
            case .optional: return ""
            case .alternation: return node.nodes.first.map(render) ?? ""
            case .alternative, .expression: return node.nodes.map(render).joined()
            case .parameter:
                let value = example(forType: node.text)
                guard snippets else { return value }
                number += 1
                return "${\(number):\(escaped(value))}"
            }
        }
        return render(tree)
    }

    /// A value each built-in parameter type matches; a defined type's own name, to be replaced.
    static func example(forType name: String) -> String {
        switch name {
        case "int", "byte", "short", "long", "biginteger": "1"
        case "float", "double", "bigdecimal": "1.5"
        case "word": "word"
        case "string": "\"text\""
        case "": "value"
        default: name
        }
    }

    /// Text as a snippet takes it: `$`, `}` and `\` escaped.
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "$" || character == "}" || character == "\\" { result.append("\\") }
            result.append(character)
        }
        return result
    }
}

/// What completion offers for one definition: the text inserted (a snippet where the editor
/// takes them), the same as plain text, and whether it is the whole step.
struct CompletionOffer {
    let newText: String
    let plain: String
    let complete: Bool
}
