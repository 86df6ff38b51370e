import Foundation
import XCTest

/// A report that cannot be written whole (a full disk, a file size limit as `ulimit -f` sets)
/// fails that report alone: the run goes on, the other reports are written, the exit code and
/// the last lines say which one failed, and no partial file is left behind.
final class FileSizeLimitTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-file-size-limit")
        // A long description: the message stream carries it (twice), the JUnit report does not.
        let description = String(
            repeating: "  Prose that explains the feature at length, line after line.\n", count: 12_000)
        var text = "Feature: Long\n" + description
        for number in 0..<20 { text += "\n  Scenario: s\(number)\n    Given a step that passes\n" }
        try scratch.write("Features/long.feature", text)
    }

    override func tearDownWithError() throws { scratch.remove() }

    func test_run_streamLargerThanTheFileSizeLimit_failsThatReportAloneAndWritesTheOthers() throws {
        // 1,024 blocks of 512 bytes (or of 1,024) to a file: the stream needs more, the others less.
        let run = try ExecutableRun.run(
            "misbehaving-specs",
            [
                "Features", "--format", "summary", "--format", "message:reports/m.ndjson", "--format",
                "junit:reports/j.xml", "--format", "rerun:reports/rr.txt",
            ],
            in: scratch.root, environment: ["SWIFT_BACKTRACE": "enable=no"],
            script: "ulimit -f 1024 && exec \"$0\" \"$@\"")

        XCTAssertFalse(run.signaled, "ended by signal \(run.code): " + run.err)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("reports/m.ndjson: error: cannot write: "), run.err)
        XCTAssertTrue(run.out.contains("20 scenarios (20 passed)"), run.out)
        let written = try FileManager.default.contentsOfDirectory(
            atPath: scratch.root.appendingPathComponent("reports").path)
        XCTAssertEqual(written.sorted(), ["j.xml", "rr.txt"])
    }
}
