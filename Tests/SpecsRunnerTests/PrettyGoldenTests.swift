import Foundation
import Messages
import SpecsReporting
import SpecsRunner
import XCTest

/// The pretty format, byte for byte, with colours written as tags. Regenerate the
/// golden files with SPECS_UPDATE_GOLDEN=1.
final class PrettyGoldenTests: XCTestCase {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    func render(_ makeFormatter: (ReportOutput) -> any EventConsumer, feature: String) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("specs-golden-\(UUID().uuidString).txt").path
        let output = try ReportOutput.file(path)
        let formatter = makeFormatter(output)
        let (_, envelopes) = try await RunHarness(("s.feature", feature)).run(StatusTests.registry())
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
        XCTAssertEqual(text, expected, "differs from Golden/\(name); SPECS_UPDATE_GOLDEN=1 regenerates it", file: file, line: line)
    }

    static let feature = StatusTests.feature + """


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
        let text = try await render({ PrettyFormatter(output: $0, palette: .tags) }, feature: Self.feature)
        try assertGolden(text, "pretty.txt")
    }

    func test_progress_with_every_status_matches_golden() async throws {
        let text = try await render({ ProgressFormatter(output: $0, palette: .tags) }, feature: Self.feature)
        try assertGolden(text, "progress.txt")
    }
}
