/// Parses tag expressions with the shunting-yard algorithm, as the official
/// implementations do, with their error wording. The output queue is the expression's
/// post-order form itself, and both stacks are explicit: no input is too long or too
/// deeply nested to parse.
package enum TagExpressionParser {
    /// The expression `text` writes (`@smoke and not @wip`); an empty or blank text is
    /// ``TagExpression/always``. Throws ``TagExpressionError`` on an unmatched parenthesis,
    /// a missing operand or operator, or a backslash before a character that needs no escape.
    package static func parse(_ text: String) throws(TagExpressionError) -> TagExpression {
        let tokens = try tokenize(text)
        guard !tokens.isEmpty else { return .always }
        var output: [TagExpression.Node] = []
        output.reserveCapacity(tokens.count)
        /// How many complete subexpressions the output holds.
        var operands = 0
        var operators: [String] = []
        var expectOperand = true

        func fail(_ reason: String) -> TagExpressionError {
            TagExpressionError(
                message: "Tag expression \"\(text)\" could not be parsed because of syntax error: \(reason).")
        }
        func expect(operand: Bool) throws(TagExpressionError) {
            if expectOperand != operand { throw fail(expectOperand ? "Expected operand" : "Expected operator") }
        }
        func reduce(_ op: String) throws(TagExpressionError) {
            if op == "not" {
                guard operands >= 1 else { throw fail("Expected operand") }
                output.append(.not)
            } else {
                guard operands >= 2 else { throw fail("Expected operand") }
                operands -= 1
                output.append(op == "and" ? .and : .or)
            }
        }

        for token in tokens {
            switch token {
            case .word("not"):
                try expect(operand: true)
                operators.append("not")
            case .word(let op) where op == "and" || op == "or":
                try expect(operand: false)
                while let top = operators.last, top != "(", precedence(op) <= precedence(top) {
                    try reduce(operators.removeLast())
                }
                operators.append(op)
                expectOperand = true
            case .open:
                try expect(operand: true)
                operators.append("(")
            case .close:
                try expect(operand: false)
                while let top = operators.last, top != "(" { try reduce(operators.removeLast()) }
                guard operators.popLast() == "(" else { throw fail("Unmatched )") }
            case .word(let name):
                try expect(operand: true)
                output.append(.tag(name))
                operands += 1
                expectOperand = false
            }
        }
        while let top = operators.popLast() {
            if top == "(" { throw fail("Unmatched (") }
            try reduce(top)
        }
        guard operands == 1 else { throw fail("Expected operator") }
        return TagExpression(nodes: output)
    }

    private static func precedence(_ op: String) -> Int {
        switch op {
        case "or": 0
        case "and": 1
        case "not": 2
        default: -1
        }
    }

    enum Token: Equatable {
        case open, close
        case word(String)
    }

    static func tokenize(_ text: String) throws(TagExpressionError) -> [Token] {
        var tokens: [Token] = []
        var word = ""
        var escaped = false
        func flush() {
            if !word.isEmpty { tokens.append(.word(word)) }
            word = ""
        }
        for character in text {
            if escaped {
                guard character == "(" || character == ")" || character == "\\" || character.isWhitespace else {
                    throw TagExpressionError(
                        message:
                            "Tag expression \"\(text)\" could not be parsed because of syntax error: Illegal escape before \"\(character)\"."
                    )
                }
                word.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "(" || character == ")" || character.isWhitespace {
                flush()
                if character == "(" { tokens.append(.open) } else if character == ")" { tokens.append(.close) }
            } else {
                word.append(character)
            }
        }
        // A `\` escapes the character after it: at the end it escapes nothing (as the official
        // parsers say, rather than a `\` alone read as no tag, selecting everything).
        if escaped {
            throw TagExpressionError(
                message:
                    "Tag expression \"\(text)\" could not be parsed because of syntax error: Illegal escape before <EOF>."
            )
        }
        flush()
        return tokens
    }
}

/// A tag expression that cannot be parsed, worded as the official implementations word it.
package struct TagExpressionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole sentence: `Tag expression "@a and" could not be parsed because of syntax error: Expected operand.`
    package let message: String
    /// The message, as `print` and a thrown error show it.
    package var description: String { message }
    /// An error saying `message`.
    package init(message: String) { self.message = message }
}
