import Foundation
import XCTest

/// Inputs given as pipes, through the real executable: `cat FILE | specs ... /dev/stdin`, as a
/// CI job or a shell's process substitution `<(...)` hands them. Each is read as the file
/// itself is, and once: a pipe read a second time is empty.
final class PipedInputTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-piped")
        try scratch.write(
            "Features/a.feature",
            "Feature: A\n\n  Scenario: red\n    Given a step that fails\n\n  Scenario: green\n    Given a step that passes\n"
        )
        try scratch.write("Features/b.feature", "Feature: B\n\n  Scenario: green too\n    Given a step that passes\n")
    }

    override func tearDown() { scratch.remove() }

    /// `script` through `/bin/sh`, `"$0"` the executable.
    private func shell(_ script: String) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", [], in: project, script: script)
    }

    func test_report_streamPipedToStandardInput_reportsAsTheFileItself() throws {
        let run = try shell("exec \"$0\" --format message:m.ndjson --format summary")
        XCTAssertEqual(run.code, 1, run.out + run.err)
        let fromFile = try shell("exec \"$0\" report m.ndjson --format junit:file.xml")
        let fromPipe = try shell("cat m.ndjson | \"$0\" report /dev/stdin --format junit:pipe.xml")
        XCTAssertEqual(fromPipe.code, 1, fromPipe.out + fromPipe.err)
        XCTAssertFalse(fromPipe.err.contains("cannot read"), fromPipe.err)
        XCTAssertEqual(fromPipe.out, fromFile.out.replacingOccurrences(of: "m.ndjson", with: "/dev/stdin"))
        XCTAssertEqual(try scratch.read("pipe.xml"), try scratch.read("file.xml"))
        XCTAssertTrue(try scratch.read("pipe.xml").contains("failures=\"1\""))
    }

    func test_run_rerunFilePipedToStandardInput_runsItsPlacesOnce() throws {
        let first = try shell("exec \"$0\" --format rerun:r.txt --format summary")
        XCTAssertEqual(first.code, 1, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/a.feature:3\n")
        // The file is read before the run checks it and again when it lists the paths: once from a pipe.
        let again = try shell("cat r.txt | \"$0\" @/dev/stdin --format summary")
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("1 scenario (1 failed)"), again.out + again.err)
    }

    func test_run_emptyRerunFileFromAPipeAFIFOOrADevice_isRefused() throws {
        let refusal =
            "error: empty, and read from a pipe, a FIFO or a device: a passing run's empty rerun file cannot be told "
            + "there from nothing sent by a command that failed (no partial file is beside it to check): give the "
            + "rerun file itself (specs @rerun.txt)"
        for script in [
            "cat missing-rerun.txt | \"$0\" @/dev/stdin --format summary",
            "exec \"$0\" @/dev/stdin --format summary </dev/null",
            "exec \"$0\" @/dev/null --format summary",
            "mkfifo r.fifo && (: > r.fifo &) && exec \"$0\" @r.fifo --format summary",
        ] {
            let run = try shell(script)
            XCTAssertEqual(run.code, 2, script + ": " + run.out + run.err)
            XCTAssertTrue(run.err.contains(refusal), script + ": " + run.err)
            XCTAssertFalse(run.out.contains("nothing to run"), script + ": " + run.out)
            XCTAssertFalse(run.out.contains("PASSED"), script + ": " + run.out)
        }
        // The empty file itself, which a passing run wrote, runs nothing and says so.
        let passed = try shell("exec \"$0\" Features/b.feature --format rerun:r.txt --format summary")
        XCTAssertEqual(passed.code, 0, passed.out + passed.err)
        XCTAssertEqual(try scratch.read("r.txt"), "")
        let fromFile = try shell("exec \"$0\" @r.txt")
        XCTAssertEqual(fromFile.code, 0, fromFile.out + fromFile.err)
        XCTAssertTrue(fromFile.out.contains("r.txt lists no scenario"), fromFile.out)
    }

    func test_run_shardDurationsPipedToStandardInput_planTheShardsAsTheFileDoes() throws {
        let run = try shell("exec \"$0\" --format message:m.ndjson --format summary")
        XCTAssertEqual(run.code, 1, run.out + run.err)
        for shard in ["1/2", "2/2"] {
            let fromFile = try shell(
                "exec \"$0\" --shard \(shard) --shard-durations m.ndjson --dry-run --format rerun:file.txt")
            let fromPipe = try shell(
                "cat m.ndjson | \"$0\" --shard \(shard) --shard-durations /dev/stdin --dry-run --format rerun:pipe.txt")
            XCTAssertEqual(fromPipe.code, fromFile.code, fromPipe.out + fromPipe.err)
            XCTAssertFalse(fromPipe.err.contains("cannot read"), fromPipe.err)
            XCTAssertEqual(try scratch.read("pipe.txt"), try scratch.read("file.txt"), shard)
        }
    }

    func test_lint_configurationPipedToStandardInput_isReadAsTheFile() throws {
        try scratch.write("Features/c.feature", "Feature: C\n\n  Scenario: trailing  \n    Given a step that passes\n")
        let plain = try shell("exec \"$0\" lint Features/c.feature")
        XCTAssertTrue(plain.out.contains("trailing-spaces"), plain.out + plain.err)
        let run = try shell(
            "echo '{\"rules\": {\"trailing-spaces\": \"off\"}}' | \"$0\" lint --config /dev/stdin Features/c.feature")
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertFalse((run.out + run.err).contains("trailing-spaces"), run.out + run.err)
    }
}
