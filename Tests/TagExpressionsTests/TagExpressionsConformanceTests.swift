import ConformanceData
import Foundation
import TagExpressions
import Testing

/// The official tag-expressions test data: parsing to the canonical form,
/// evaluations, and every error message.
@Suite("Tag expressions conformance")
struct TagExpressionsConformanceTests {
    static func load(_ file: String) -> [JSONValue] {
        guard let url = ConformanceDirectory.url?.appendingPathComponent("tag-expressions/\(file)"),
            let text = try? String(contentsOf: url, encoding: .utf8),
            let value = try? YAMLSubset.parse(text)
        else { return [] }
        return value.arrayValue
    }

    @Test("the official files are present")
    func filesArePresent() {
        if ConformanceDirectory.isAbsent(fail: { Issue.record(Comment(rawValue: $0)) }) {
            return
        }
        #expect(Self.load("parsing.yml").count == 23)
        #expect(Self.load("evaluations.yml").flatMap { $0["tests"]?.arrayValue ?? [] }.count == 26)
        #expect(Self.load("errors.yml").count == 15)
    }

    @Test(
        "parsing gives the canonical form", arguments: load("parsing.yml").map { $0["expression"]?.stringValue ?? "" })
    func parsing(_ expression: String) throws {
        let expected = Self.load("parsing.yml").first { $0["expression"]?.stringValue == expression }?["formatted"]?
            .stringValue
        #expect(try TagExpressionParser.parse(expression).description == expected)
    }

    @Test("evaluations", arguments: load("evaluations.yml").map { $0["expression"]?.stringValue ?? "" })
    func evaluation(_ expression: String) throws {
        let tests =
            Self.load("evaluations.yml").first { $0["expression"]?.stringValue == expression }?["tests"]?.arrayValue
            ?? []
        let parsed = try TagExpressionParser.parse(expression)
        #expect(!tests.isEmpty)
        for test in tests {
            let variables = test["variables"]?.arrayValue.compactMap(\.stringValue) ?? []
            #expect(parsed.evaluate(variables) == (test["result"] == .bool(true)), "\(expression) with \(variables)")
        }
    }

    @Test("errors are worded as upstream", arguments: load("errors.yml").map { $0["expression"]?.stringValue ?? "" })
    func error(_ expression: String) {
        let expected = Self.load("errors.yml").first { $0["expression"]?.stringValue == expression }?["error"]?
            .stringValue
        #expect(throws: TagExpressionError(message: expected ?? "")) { try TagExpressionParser.parse(expression) }
    }
}
