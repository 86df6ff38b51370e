import Foundation
import Messages
import SpecsReporting
import SpecsRunner
import XCTest

/// The pretty format, byte for byte, with colours written as tags. Regenerate the
/// golden files with SPECS_UPDATE_GOLDEN=1.
final class PrettyGoldenTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func render(
        _ makeFormatter: (ReportOutput) -> any EventConsumer, feature: String,
        registry: StepRegistry<TestWorld> = StatusTests.registry()
    ) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "specs-golden-\(UUID().uuidString).txt"
        ).path
        let output = try ReportOutput.file(path)
        let formatter = makeFormatter(output)
        let (_, envelopes) = try await RunHarness(("s.feature", feature)).run(registry)
        for envelope in envelopes { formatter.consume(envelope) }
        formatter.finish()
        output.close()
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try String(contentsOfFile: path, encoding: .utf8)
    }

    func assertGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["SPECS_UPDATE_GOLDEN"] == "1" {
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(
            text, expected, "differs from Golden/\(name); SPECS_UPDATE_GOLDEN=1 regenerates it", file: file, line: line)
    }

    static let feature =
        StatusTests.feature + """


              Scenario: arguments
                Given a passing step
                  | name | value |
                  | a    | 1     |
                And a passing step
                  \"\"\"json
                  {"ok": true}
                  \"\"\"
            """

    func test_pretty_with_every_status_matches_golden() async throws {
        let text = try await Self.render({ PrettyFormatter(output: $0, palette: .tags) }, feature: Self.feature)
        try assertGolden(text, "pretty.txt")
    }

    /// Read without colour (CI logs): every status has its word, a skipped step its
    /// reason, a pending one the word pending, a thrown Foundation error its type, code
    /// and definition; Rules are headings; attachments and logs sit under their step.
    func test_pretty_without_colour_reads_every_status_rule_attachment_and_error() async throws {
        var steps = StatusTests.registry()
        steps.given("a step that logs and attaches") { _ in
            Attach.log("GET /products -> 200")
            Attach.text("{\"items\": 2}", mediaType: "text/json")
            Attach.bytes(Data([0x89, 0x50]), mediaType: "image/png", fileName: "cart.png")
        }
        steps.given("a step that cannot reach the server") { _ in throw URLError(.cannotConnectToHost) }
        let feature =
            StatusTests.feature + """


                  Rule: Orders need a connection

                    Scenario: offline
                      Given a step that logs and attaches
                      And a step that cannot reach the server
                      And a passing step

                    Scenario: not written yet
                      Given a pending step
                """
        let text = try await Self.render(
            { PrettyFormatter(output: $0, palette: .none) }, feature: feature, registry: steps)
        try assertGolden(text, "pretty-plain.txt")
    }

    func test_progress_with_every_status_matches_golden() async throws {
        let text = try await Self.render({ ProgressFormatter(output: $0, palette: .tags) }, feature: Self.feature)
        try assertGolden(text, "progress.txt")
    }
}
