import Foundation
import XCTest

/// Bad input gets a clear, located error and an exit code, never a crash.
final class InputHygieneTests: XCTestCase {
    func writeBytes(_ project: CommandHarness, _ name: String, _ bytes: [UInt8]) throws {
        try FileManager.default.createDirectory(atPath: project.path("Features"), withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: project.path(name), contents: Data(bytes)))
    }

    func test_run_invalid_utf8_names_file_line_and_column_and_runs_the_rest() async throws {
        let project = try CommandHarness()
        try writeBytes(
            project, "Features/bad.feature",
            Array("Feature: f\n  Scenario: s\n    Given caf".utf8) + [0xC3, 0x28] + Array("\n".utf8))
        try project.write("Features/good.feature", "Feature: g\n  Scenario: ok\n    Given a step\n")
        let result = try await project.run(["@/Features", "--format", "summary"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("bad.feature:3:14: error: invalid UTF-8 (byte 0xC3)"), result.err)
        XCTAssertTrue(result.out.contains("1 scenario (1 passed)"), result.out)
    }

    func test_run_binary_file_is_rejected_with_its_name() async throws {
        let project = try CommandHarness()
        try writeBytes(project, "Features/image.feature", [0x89, 0x50, 0x4E, 0x47, 0x00, 0x01])
        let result = try await project.run(["@/Features"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("image.feature:1:"), result.err)
    }

    func test_run_missing_path_exits_two_naming_it() async throws {
        let project = try CommandHarness()
        let result = try await project.run(["@/nowhere.feature"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("nowhere.feature: error: no such file or directory"), result.err)
    }

    func test_run_byte_order_mark_is_accepted() async throws {
        let project = try CommandHarness()
        try writeBytes(
            project, "Features/bom.feature",
            [0xEF, 0xBB, 0xBF] + Array("Feature: f\r\n  Scenario: s\r\n    Given a step\r\n".utf8))
        let result = try await project.run(["@/Features", "--format", "summary"])
        XCTAssertEqual(result.code, 0, result.err)
    }

    func test_run_parse_error_shows_location_line_and_caret() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/broken.feature", "Feature: f\n  Scenario: s\n    Given a step\n  oops not gherkin\n")
        let result = try await project.run(["@/Features"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.err.contains(
                "broken.feature:4:3: error: 'oops not gherkin' cannot stand here; expected the end of the file, a table row,"
            ), result.err)
        XCTAssertTrue(result.err.contains("    oops not gherkin\n    ^"), result.err)
        XCTAssertEqual(
            result.err.components(separatedBy: "cannot stand here").count, 2, "one copy of the error: \(result.err)")
        XCTAssertFalse(result.out.contains("oops not gherkin"), "no second copy on stdout: \(result.out)")
        XCTAssertTrue(
            result.out.hasSuffix(
                "FAILED:\n  - 1 feature file does not parse: \(project.path("Features/broken.feature")):4\n"),
            "[\(result.out)]")
    }

    func test_gherkin_fileThatIsNotUTF8_isAParseErrorInTheStreamToo() async throws {
        let project = try CommandHarness()
        try writeBytes(project, "latin1.feature", Array("Feature: caf".utf8) + [0xE9] + Array("\n".utf8))
        let result = try await project.run(["gherkin", "@/latin1.feature"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(
            result.out.hasPrefix(
                #"{"parseError":{"message":"(1:13): invalid UTF-8 (byte 0xE9)","source":{"location":{"column":13,"line":1}"#
            ), result.out)
        XCTAssertTrue(result.err.contains("latin1.feature:1:13"), result.err)
    }

    func test_gherkin_command_prints_messages_with_predictable_ids() async throws {
        let project = try CommandHarness()
        try project.write("a.feature", "Feature: f\n  Scenario: s\n    Given x\n")
        let result = try await project.run(["gherkin", "--predictable-ids", "--no-source", "@/a.feature"])
        XCTAssertEqual(result.code, 0, result.err)
        let lines = result.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(lines[0].hasPrefix("{\"gherkinDocument\":"))
        XCTAssertTrue(lines[1].contains("\"id\":\"3\""), String(lines[1]))
    }

    func test_unknown_option_suggests_the_closest() async throws {
        let project = try CommandHarness()
        let result = try await project.run(["--fail-fats"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("unknown option '--fail-fats'. Did you mean '--fail-fast'?"), result.err)
    }

    func test_unknown_language_option_lists_nothing_and_exits_two() async throws {
        let project = try CommandHarness()
        let result = try await project.run(["--i18n-keywords", "xx"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.err.contains("Language not supported: xx"), result.err)
    }
}
