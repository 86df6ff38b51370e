import Foundation
import Messages
import SpecsReporting
import SpecsRunner
import XCTest

/// The Cucumber JSON report is written by hand as the run closes each feature: it must read
/// as the pretty-printed, sorted-keys JSON that Jenkins cucumber-reports and Xray take.
final class CucumberJSONLayoutTests: XCTestCase {
    static let feature = """
        @billing
        Feature: Invoices
          Totals are "exact" \\ always

          Background:
            Given an account

          @slow @smoke
          Scenario: a failing total
            Given a table:
              | item | price |
              | pen  | 1.50  |
            When a note is attached
            Then the total is checked:
              \"\"\"text/plain
              total: 1.50
              \"\"\"

          Scenario Outline: rows <n>
            Given an account

            Examples:
              | n |
              | 1 |
        """

    static func registry() -> StepRegistry<TestWorld> {
        var steps = StepRegistry { TestWorld() }
        steps.given("an account") { _ in }
        steps.given("a table:") { (_, _: DataTable) in }
        steps.when("a note is attached") { _ in
            Attach.text("line 1\nline \"2\"", mediaType: "text/plain", fileName: "note.txt")
        }
        steps.then("the total is checked:") { (_, _: DocString) in
            throw ExpectationFailure("expected 1.50, got 1.5\u{1B}[0m")
        }
        steps.before { _ in }
        steps.after { _ in }
        return steps
    }

    private func report() async throws -> String {
        // The second feature has no tags: an empty array is laid out too.
        let plain = "Feature: Plain\n\n  Scenario: nothing more\n    Given an account\n"
        let (_, envelopes) = try await RunHarness(("invoices.feature", Self.feature), ("plain.feature", plain)).run(
            Self.registry())
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cucumber-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let formatter = CucumberJSONFormatter(output: try ReportOutput.file(path))
        for envelope in envelopes { formatter.consume(envelope) }
        formatter.closeDocument("invoices.feature")
        formatter.finish()
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func test_finish_hooksFailuresAttachmentsAndArguments_writeWhatFoundationWritesPrettyPrinted() async throws {
        let text = try await report()
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let again = try JSONSerialization.data(
            withJSONObject: parsed, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        XCTAssertEqual(text, String(decoding: again, as: UTF8.self) + "\n")
    }

    func test_finish_failingScenario_carriesItsHooksErrorEmbeddingsAndArguments() async throws {
        let text = try await report()
        let features = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(features.map { $0["uri"] as? String }, ["invoices.feature", "plain.feature"])
        XCTAssertEqual((features.last?["tags"] as? [Any])?.count, 0)
        XCTAssertEqual(features.first?["description"] as? String, "  Totals are \"exact\" \\ always")
        let elements = try XCTUnwrap(features.first?["elements"] as? [[String: Any]])
        XCTAssertEqual(elements.map { $0["id"] as? String }, ["invoices;a-failing-total", "invoices;rows-1;;24"])
        let failing = elements[0]
        XCTAssertEqual(
            (failing["tags"] as? [[String: Any]])?.map { $0["name"] as? String }, ["@billing", "@slow", "@smoke"])
        XCTAssertEqual((failing["before"] as? [Any])?.count, 1)
        XCTAssertEqual((failing["after"] as? [Any])?.count, 1)
        let steps = try XCTUnwrap(failing["steps"] as? [[String: Any]])
        XCTAssertEqual(
            steps.map { $0["name"] as? String },
            ["an account", "a table:", "a note is attached", "the total is checked:"])
        let rows = (steps[1]["rows"] as? [[String: Any]])?.map { $0["cells"] as? [String] }
        XCTAssertEqual(rows, [["item", "price"], ["pen", "1.50"]])
        let embedding = try XCTUnwrap((steps[2]["embeddings"] as? [[String: Any]])?.first)
        XCTAssertEqual(embedding["mime_type"] as? String, "text/plain")
        XCTAssertEqual(embedding["name"] as? String, "note.txt")
        XCTAssertEqual(
            (embedding["data"] as? String).flatMap { Data(base64Encoded: $0) }, Data("line 1\nline \"2\"".utf8))
        let checked = steps[3]
        XCTAssertEqual((checked["doc_string"] as? [String: Any])?["value"] as? String, "total: 1.50")
        XCTAssertEqual((checked["doc_string"] as? [String: Any])?["content_type"] as? String, "text/plain")
        let result = try XCTUnwrap(checked["result"] as? [String: Any])
        XCTAssertEqual(result["status"] as? String, "failed")
        XCTAssertTrue(
            (result["error_message"] as? String)?.contains("expected 1.50, got 1.5\u{1B}[0m") == true, "\(result)")
        XCTAssertNil((steps[0]["result"] as? [String: Any])?["error_message"])
        XCTAssertNotNil((steps[0]["match"] as? [String: Any])?["location"] as? String)
    }
}
