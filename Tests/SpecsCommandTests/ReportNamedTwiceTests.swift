import Foundation
import XCTest

/// `specs report` given one stream under two names, through the real executable: the same
/// device and inode (`/dev/stdin` twice, `rf` and `./rf`) is a usage error saying so, never a
/// second stream read as cut off.
final class ReportNamedTwiceTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-named-twice")
        try scratch.write("Features/u.feature", "Feature: U\n  Scenario: one\n    Given a step that passes\n")
        let saved = try ExecutableRun.run("misbehaving-specs", ["--format", "message:m.ndjson"], in: project)
        XCTAssertEqual(saved.code, 0, saved.out + saved.err)
    }

    override func tearDown() { scratch.remove() }

    private func shell(_ script: String) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", [], in: project, script: script)
    }

    func test_report_standardInputNamedTwice_isAnErrorSayingSo() throws {
        let run = try shell("cat m.ndjson | \"$0\" report /dev/stdin /dev/stdin")
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertEqual(run.err, "/dev/stdin: error: the stream is named twice (it can be read once): name it once\n")
        XCTAssertEqual(run.out, "")
    }

    func test_report_fifoNamedByTwoPaths_isAnErrorNamingBothBeforeWaitingForAWriter() throws {
        XCTAssertEqual(mkfifo(project.appendingPathComponent("rf").path, 0o644), 0)
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["report", "rf", "m.ndjson", "./rf"], in: project, timeout: 20)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertEqual(
            run.err, "./rf: error: the same stream as rf, named again (it can be read once): name it once\n")
    }

    func test_report_standardInputNamedOnce_isReadWhole() throws {
        let run = try shell("cat m.ndjson | \"$0\" report /dev/stdin")
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(run.out.hasSuffix("PASSED: 1 scenario passed\n"), run.out)
    }
}
