/// Reads the small YAML subset of the Cucumber test data into `JSONValue`s: block
/// mappings and sequences, flow sequences of scalars, plain and quoted scalars, and
/// `|`/`|-` literal blocks. Enough for those files; not a general YAML parser.
public enum YAMLSubset {
    public struct SyntaxError: Error, CustomStringConvertible {
        public let line: Int
        public let reason: String
        public var description: String { "YAML line \(line): \(reason)" }
    }

    public static func parse(_ text: String) throws -> JSONValue {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        var reader = Reader(lines: lines)
        reader.skipBlank()
        if reader.index < lines.count, lines[reader.index].hasPrefix("---") { reader.index += 1 }
        return try reader.node(indent: -1) ?? .null
    }

    struct Reader {
        let lines: [String]
        var index = 0

        static func indentation(_ line: String) -> Int { line.prefix { $0 == " " }.count }

        mutating func skipBlank() {
            while index < lines.count {
                let trimmed = lines[index].drop { $0 == " " }
                if trimmed.isEmpty || trimmed.hasPrefix("#") { index += 1 } else { break }
            }
        }

        /// The block node starting at the next content line indented more than `indent`.
        mutating func node(indent: Int) throws -> JSONValue? {
            skipBlank()
            guard index < lines.count else { return nil }
            let line = lines[index]
            let column = Self.indentation(line)
            guard column > indent else { return nil }
            let content = line.dropFirst(column)
            if content == "-" || content.hasPrefix("- ") { return try sequence(column: column) }
            return try mapping(column: column)
        }

        mutating func sequence(column: Int) throws -> JSONValue {
            var items: [JSONValue] = []
            while true {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                guard Self.indentation(line) == column else { break }
                let content = line.dropFirst(column)
                guard content == "-" || content.hasPrefix("- ") else { break }
                let rest = content.dropFirst(1).drop { $0 == " " }
                if rest.isEmpty {
                    index += 1
                    items.append(try node(indent: column) ?? .null)
                } else if Self.keyValue(rest) != nil {
                    // "- key: value" opens a mapping whose keys sit at the item's column.
                    let itemColumn = column + (content.count - rest.count)
                    var replaced = lines
                    replaced[index] = String(repeating: " ", count: itemColumn) + rest
                    var inner = Reader(lines: replaced, index: index)
                    items.append(try inner.mapping(column: itemColumn))
                    index = inner.index
                } else {
                    index += 1
                    items.append(try scalar(String(rest), column: column))
                }
            }
            return .array(items)
        }

        mutating func mapping(column: Int) throws -> JSONValue {
            var object: [String: JSONValue] = [:]
            while true {
                skipBlank()
                guard index < lines.count else { break }
                let line = lines[index]
                guard Self.indentation(line) == column else { break }
                let content = line.dropFirst(column)
                guard let (key, value) = Self.keyValue(content) else {
                    throw SyntaxError(line: index + 1, reason: "expected 'key: value'")
                }
                index += 1
                if value.isEmpty {
                    // A block sequence may sit at its key's own indentation.
                    skipBlank()
                    if index < lines.count, Self.indentation(lines[index]) == column,
                        lines[index].dropFirst(column) == "-" || lines[index].dropFirst(column).hasPrefix("- ")
                    {
                        object[key] = try sequence(column: column)
                    } else {
                        object[key] = try node(indent: column) ?? .null
                    }
                } else if value == "|-" || value == "|" {
                    object[key] = .string(literalBlock(parentColumn: column, keepNewline: value == "|"))
                } else {
                    object[key] = try scalar(value, column: column)
                }
            }
            return .object(object)
        }

        mutating func literalBlock(parentColumn: Int, keepNewline: Bool) -> String {
            var block: [String] = []
            var blockIndent: Int?
            while index < lines.count {
                let line = lines[index]
                if line.allSatisfy({ $0 == " " }) {
                    block.append("")
                    index += 1
                    continue
                }
                let column = Self.indentation(line)
                guard column > parentColumn else { break }
                let indent = blockIndent ?? column
                blockIndent = indent
                block.append(String(line.dropFirst(min(indent, column))))
                index += 1
            }
            while block.last == "" { block.removeLast() }
            return block.joined(separator: "\n") + (keepNewline ? "\n" : "")
        }

        static func keyValue(_ content: Substring) -> (String, String)? {
            if content.hasPrefix("'") || content.hasPrefix("\"") { return nil }
            guard
                let colon = content.range(of: ": ")
                    ?? (content.hasSuffix(":") ? content.index(before: content.endIndex)..<content.endIndex : nil)
            else {
                return nil
            }
            let key = String(content[..<colon.lowerBound])
            guard !key.contains(" ") || key.allSatisfy({ $0.isLetter || $0 == "_" || $0 == " " }) else { return nil }
            return (key, String(content[colon.upperBound...]).trimmingSpaces())
        }

        func scalar(_ raw: String, column: Int) throws -> JSONValue {
            let text = raw.trimmingSpaces()
            if text.hasPrefix("[") && text.hasSuffix("]") {
                return .array(
                    try Self.flowItems(String(text.dropFirst().dropLast())).map { try scalar($0, column: column) })
            }
            if text.hasPrefix("'") {
                guard text.count >= 2, text.hasSuffix("'") else {
                    throw SyntaxError(line: index, reason: "unterminated quote")
                }
                return .string(String(text.dropFirst().dropLast()).replacingAll("''", with: "'"))
            }
            if text.hasPrefix("\"") {
                guard text.count >= 2, text.hasSuffix("\"") else {
                    throw SyntaxError(line: index, reason: "unterminated quote")
                }
                return .string(try JSONValue(parsing: text).stringValue ?? "")
            }
            switch text {
            case "", "~", "null": return .null
            case "true": return .bool(true)
            case "false": return .bool(false)
            default:
                if let number = Double(text),
                    text.first.map({ $0.isNumber || $0 == "-" || $0 == "+" || $0 == "." }) == true
                {
                    return .number(number)
                }
                return .string(text)
            }
        }

        static func flowItems(_ text: String) throws -> [String] {
            var items: [String] = []
            var current = ""
            var quote: Character?
            for character in text {
                if let open = quote {
                    current.append(character)
                    if character == open { quote = nil }
                } else if character == "'" || character == "\"" {
                    quote = character
                    current.append(character)
                } else if character == "," {
                    items.append(current)
                    current = ""
                } else {
                    current.append(character)
                }
            }
            if !current.trimmingSpaces().isEmpty || !items.isEmpty { items.append(current) }
            return items
        }
    }
}

extension String {
    func trimmingSpaces() -> String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }

    func replacingAll(_ target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
