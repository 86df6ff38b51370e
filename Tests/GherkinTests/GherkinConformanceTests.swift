import ConformanceData
import Foundation
import Gherkin
import Messages
import Testing

/// The official Gherkin test data: every good input gives the expected source, AST and
/// pickles; every bad input gives the expected parse errors. Compared as JSON values.
@Suite("Gherkin conformance")
struct GherkinConformanceTests {
    static let goodInputs = ConformanceDirectory.files("gherkin/good", suffix: ".feature").map(\.lastPathComponent)
    static let badInputs = ConformanceDirectory.files("gherkin/bad", suffix: ".feature").map(\.lastPathComponent)

    @Test("conformance data is present")
    func conformanceDataIsPresent() {
        guard !ConformanceDirectory.isAbsent(fail: { Issue.record(Comment(rawValue: $0)) }) else { return }
        #expect(Self.goodInputs.count == 50)
        #expect(Self.badInputs.count == 12)
    }

    @Test("good input matches its expected messages", arguments: goodInputs)
    func goodInput(_ name: String) throws {
        let output = try Self.messages(for: "good", name)
        for (kind, key) in [("source", "source"), ("ast", "gherkinDocument"), ("pickles", "pickle")] {
            let expected = try Self.expectedLines("good", "\(name).\(kind).ndjson")
            let actual = output.filter { $0[key] != nil }
            #expect(actual.count == expected.count, "\(kind): \(actual.count) messages, expected \(expected.count)")
            for (index, (got, want)) in zip(actual, expected).enumerated() {
                #expect(got == want, "\(kind) message \(index) differs:\n got: \(got)\nwant: \(want)")
            }
        }
    }

    @Test("bad input gives its expected errors", arguments: badInputs)
    func badInput(_ name: String) throws {
        let output = try Self.messages(for: "bad", name)
        let expected = try Self.expectedLines("bad", "\(name).errors.ndjson")
        let errors = output.filter { $0["parseError"] != nil }
        #expect(errors == expected, "got:\n\(errors.map(\.description).joined(separator: "\n"))")
        #expect(output.allSatisfy { $0["gherkinDocument"] == nil && $0["pickle"] == nil })
    }

    static func messages(for folder: String, _ name: String) throws -> [JSONValue] {
        let base = try #require(ConformanceDirectory.url).appendingPathComponent("gherkin/\(folder)")
        let source = try SourceReader.read(
            path: base.appendingPathComponent(name).path, uri: "../testdata/\(folder)/\(name)")
        var ids = IncrementingIdGenerator()
        return try GherkinMessages().envelopes(for: source, ids: &ids).map { try JSONValue(parsing: NDJSON.line($0)) }
    }

    static func expectedLines(_ folder: String, _ file: String) throws -> [JSONValue] {
        let url = try #require(ConformanceDirectory.url).appendingPathComponent("gherkin/\(folder)/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        return try text.split(separator: "\n").filter { !$0.isEmpty }.map { try JSONValue(parsing: String($0)) }
    }
}
