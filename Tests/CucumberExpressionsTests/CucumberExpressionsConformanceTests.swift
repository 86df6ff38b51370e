import ConformanceData
import CucumberExpressions
import Foundation
import Testing

/// The official Cucumber Expressions test data: matching (with transformed values),
/// transformation to regular expressions, parser trees, tokens and every error text.
@Suite("Cucumber Expressions conformance")
struct CucumberExpressionsConformanceTests {
    static func cases(_ folder: String) -> [String] {
        ConformanceDirectory.files("cucumber-expressions/\(folder)", suffix: ".yaml").map {
            "\(folder)/\($0.lastPathComponent)"
        }
    }

    static let all =
        cases("cucumber-expression/matching") + cases("cucumber-expression/transformation")
        + cases("cucumber-expression/parser") + cases("cucumber-expression/tokenizer")
        + cases("regular-expression/matching")

    @Test("all 120 official cases are present")
    func casesArePresent() {
        if ConformanceDirectory.isAbsent(fail: { Issue.record(Comment(rawValue: $0)) }) {
            return
        }
        #expect(Self.all.count == 120)
    }

    @Test("official case", arguments: all)
    func officialCase(_ name: String) throws {
        let url = try #require(ConformanceDirectory.url).appendingPathComponent("cucumber-expressions/\(name)")
        let data = try YAMLSubset.parse(String(contentsOf: url, encoding: .utf8))
        let expression = try #require(data["expression"]?.stringValue)
        let exception = data["exception"]?.stringValue
        do {
            if name.hasPrefix("regular-expression/") {
                try checkRegexMatch(expression, data)
            } else if name.contains("/matching/") {
                try checkMatch(expression, data)
            } else if name.contains("/transformation/") {
                let compiled = try CucumberExpression(expression)
                #expect(compiled.regularExpression == data["expected_regex"]?.stringValue)
                // Compiled only when first matched: it must be valid by construction.
                #expect((try? NSRegularExpression(pattern: compiled.regularExpression)) != nil)
            } else if name.contains("/parser/") {
                let ast = try ExpressionParser.parse(expression)
                if exception == nil { #expect(Self.json(ast) == data["expected_ast"]) }
            } else {
                let tokens = try ExpressionTokenizer.tokenize(expression)
                if exception == nil { #expect(.array(tokens.map(Self.json)) == data["expected_tokens"]) }
            }
            #expect(exception == nil, "expected an error:\n\(exception ?? "")")
        } catch let error as ExpressionError {
            #expect(error.message == exception, "unexpected error:\n\(error.message)")
        }
    }

    private func checkMatch(_ expression: String, _ data: JSONValue) throws {
        let compiled = try CucumberExpression(expression)
        let text = data["text"]?.stringValue ?? ""
        let expected = data["expected_args"] ?? .null
        guard let arguments = compiled.match(text) else {
            #expect(expected == .null, "no match, expected \(expected)")
            return
        }
        #expect(.array(try arguments.map { Self.json(try $0.value()) }) == expected)
    }

    private func checkRegexMatch(_ expression: String, _ data: JSONValue) throws {
        let compiled = try RegularExpression(expression)
        let arguments = try #require(compiled.match(data["text"]?.stringValue ?? ""))
        #expect(.array(try arguments.map { Self.json(try $0.value()) }) == data["expected_args"])
    }

    static func json(_ value: any Sendable) -> JSONValue {
        switch value {
        case let int as Int: .number(Double(int))
        case let double as Double: .number(double)
        case let string as String: .string(string)
        case let optional as String?: optional.map(JSONValue.string) ?? .null
        default: .string("\(value)")
        }
    }

    static func json(_ node: ExpressionNode) -> JSONValue {
        var object: [String: JSONValue] = [
            "type": .string(node.kind.rawValue), "start": .number(Double(node.start)), "end": .number(Double(node.end)),
        ]
        if node.kind == .text {
            object["token"] = .string(node.token ?? "")
        } else {
            object["nodes"] = .array(node.nodes.map(json))
        }
        return .object(object)
    }

    static func json(_ token: ExpressionToken) -> JSONValue {
        .object([
            "type": .string(token.kind.rawValue), "start": .number(Double(token.start)),
            "end": .number(Double(token.end)), "text": .string(token.text),
        ])
    }
}
