import Foundation
import XCTest

/// `Scripts/generate-messages.py --check`, as CI runs it: the checked-in generated files must
/// be what the schema gives, and a difference is shown and fails.
final class GeneratorCheckTests: XCTestCase {
    private var copy: URL!

    override func setUpWithError() throws {
        _ = try PackageFolders.requireSchema()
        copy = FileManager.default.temporaryDirectory.appendingPathComponent("generated-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: PackageFolders.root.appendingPathComponent("Sources/Messages/Generated"), to: copy)
    }

    override func tearDownWithError() throws {
        if let copy { try? FileManager.default.removeItem(at: copy) }
    }

    func test_check_theCheckedInFiles_exitsZero() throws {
        let run = try generator(["--check"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.contains("matches the messages JSON schema"), run.output)
    }

    func test_check_aGeneratedFileEditedByHand_exitsOneWithTheDiff() throws {
        let file = copy.appendingPathComponent("Timestamp.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        try text.replacingOccurrences(of: "public var nanos: Int", with: "public var nanos: Int64")
            .write(to: file, atomically: true, encoding: .utf8)
        let run = try generator(["--check"])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.output.contains("-    public var nanos: Int64\n+    public var nanos: Int\n"), run.output)
        XCTAssertTrue(run.output.contains("run Scripts/generate-messages.py"), run.output)
    }

    func test_check_aFileTheSchemaDoesNotGive_exitsOne() throws {
        try "public struct Stale {}\n".write(
            to: copy.appendingPathComponent("Stale.swift"), atomically: true, encoding: .utf8)
        let run = try generator(["--check"])
        XCTAssertEqual(run.status, 1, run.output)
        XCTAssertTrue(run.output.contains("-public struct Stale {}"), run.output)
    }

    func test_generate_intoAnEditedFolder_writesTheCheckedInFilesBack() throws {
        try FileManager.default.removeItem(at: copy.appendingPathComponent("Meta.swift"))
        try "stale\n".write(to: copy.appendingPathComponent("Stale.swift"), atomically: true, encoding: .utf8)
        XCTAssertEqual(try generator([]).status, 0)
        let run = try generator(["--check"])
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertFalse(FileManager.default.fileExists(atPath: copy.appendingPathComponent("Stale.swift").path))
    }

    func test_check_withoutTheSchema_saysSoAndSkips() throws {
        let absent = ["SPECS_CONFORMANCE_DIR": copy.appendingPathComponent("absent").path]
        let run = try generator(["--check"], environment: absent)
        XCTAssertEqual(run.status, 0, run.output)
        XCTAssertTrue(run.output.hasPrefix("messages check skipped: no messages JSON schema at "), run.output)
        XCTAssertEqual(run.output.split(separator: "\n").count, 1, run.output)
        let required = try generator(
            ["--check"], environment: absent.merging(["SPECS_REQUIRE_CONFORMANCE": "1"]) { $1 })
        XCTAssertEqual(required.status, 1, required.output)
    }

    /// Runs the generator on the copy, with `environment` beside the test's own (less
    /// `SPECS_REQUIRE_CONFORMANCE`, which the tests set themselves).
    private func generator(
        _ arguments: [String], environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            ["python3", PackageFolders.root.appendingPathComponent("Scripts/generate-messages.py").path]
            + arguments
        var variables = ProcessInfo.processInfo.environment
        variables["SPECS_REQUIRE_CONFORMANCE"] = nil
        variables["MESSAGES_OUT"] = copy.path
        if let schema = PackageFolders.schema {
            variables["SPECS_CONFORMANCE_DIR"] = schema.deletingLastPathComponent().deletingLastPathComponent().path
        }
        process.environment = variables.merging(environment) { $1 }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
