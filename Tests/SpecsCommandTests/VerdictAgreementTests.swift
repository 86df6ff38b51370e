import Foundation
import XCTest

/// One verdict, read by every output, replayed through the real executables: whatever makes
/// a run fail (a file that does not parse, definitions that do not register, a report that
/// cannot be written) is what the exit code, the last lines, the book, JUnit, the rerun file
/// and the CI annotations all say; none of them says green.
final class VerdictAgreementTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-verdict")
        try scratch.write(
            "Features/f1.feature",
            "Feature: F1\n" + (1...3).map { "\n  Scenario: s\($0)\n    Given a step that passes\n" }.joined())
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project, environment: environment)
    }

    func test_run_unparsableFile_everyOutputFails() throws {
        try scratch.write(
            "Features/broken.feature", "Feature: B\n  Scenario: b\n    Given a step that passes\n  oops\n")
        let result = try run(["--format", "html:book.html", "--format", "junit:j.xml", "--format", "rerun:r.txt"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        let book = try scratch.read("book.html")
        XCTAssertFalse(book.contains("Ready:"), book)
        XCTAssertTrue(book.contains("Not ready: 1 feature file does not parse: Features/broken.feature:4"))
        XCTAssertTrue(try scratch.read("j.xml").contains("tests=\"4\" failures=\"1\""))
        XCTAssertEqual(try scratch.read("r.txt"), "Features/broken.feature\n")
        let again = try run(["@r.txt"])
        XCTAssertEqual(again.code, 2, again.out + again.err)
        XCTAssertFalse(again.out.contains("had no failure"), again.out)
    }

    func test_run_definitionsNotRegistered_rerunFileNamesEverySelectedScenarioAndRunsThem() throws {
        let result = try run(
            ["--format", "rerun:r.txt", "--format", "junit:j.xml", "--format", "summary"],
            environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        XCTAssertEqual(result.code, 2)
        XCTAssertTrue(result.out.contains("3 scenarios (3 not run)"), result.out)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/f1.feature:3:6:9\n")
        // The three not run fail as such, and the verdict's case says why.
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"4\" failures=\"4\" skipped=\"0\""), junit)
        XCTAssertTrue(junit.contains("could not be registered"), junit)
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 0, again.out + again.err)
        XCTAssertTrue(again.out.contains("3 scenarios (3 passed)"), again.out)
    }

    func test_run_definitionsNotRegisteredInAShard_rerunFileNamesTheShardsScenarios() throws {
        let result = try run(
            ["--shard", "2/2", "--format", "rerun:r.txt", "--format", "message:m.ndjson"],
            environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        XCTAssertEqual(result.code, 2)
        let rerun = try scratch.read("r.txt")
        XCTAssertTrue(rerun.hasPrefix("Features/f1.feature:"), rerun)
        let merged = try ExecutableRun.run(
            "misbehaving-specs", ["report", "m.ndjson", "--format", "rerun:merged.txt"], in: project)
        XCTAssertEqual(merged.code, 1, merged.out + merged.err)
        XCTAssertEqual(try scratch.read("merged.txt"), "Features/f1.feature:3:6:9\n")
    }

    func test_run_reportNotWritten_theBookAndJUnitWrittenAfterItSayItFailed() throws {
        let result = try run([
            "--format", "json:/dev/full", "--format", "html:book.html", "--format", "junit:j.xml", "--format",
            "summary",
        ])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(
            result.out.hasSuffix("FAILED:\n  - 1 report could not be written (see the errors above): /dev/full\n"))
        let book = try scratch.read("book.html")
        XCTAssertTrue(book.contains("Not ready: 1 report could not be written"), book)
        XCTAssertTrue(try scratch.read("j.xml").contains("tests=\"4\" failures=\"1\" skipped=\"0\" errors=\"0\""))
    }

    func test_run_onGitHubActions_annotatesEveryReasonTheRunFailed() throws {
        try scratch.write(
            "Features/broken.feature", "Feature: B\n  Scenario: b\n    Given a step that passes\n  oops\n")
        let result = try run(["--format", "summary"], environment: ["GITHUB_ACTIONS": "true"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(
            result.out.contains(
                "::error title=specs::FAILED: 1 feature file does not parse: Features/broken.feature:4\n"),
            result.out)
    }

    func test_run_oneVerdictReportToAFullDevice_everyOtherReportSaysTheRunFailed() throws {
        let places = ["html": "book.html", "junit": "j.xml", "message": "m.ndjson", "json": "c.json"]
        for full in ["html", "junit", "message", "json"] {
            for place in places.values {
                try? FileManager.default.removeItem(at: project.appendingPathComponent(place))
            }
            let formats = places.sorted { $0.key < $1.key }.flatMap { format, place in
                ["--format", "\(format):\(format == full ? "/dev/full" : place)"]
            }
            let result = try run(formats + ["--format", "rerun:r.txt", "--format", "summary"])
            let said = full + " to /dev/full: " + result.out + result.err
            XCTAssertEqual(result.code, 2, said)
            XCTAssertTrue(
                result.out.hasSuffix("FAILED:\n  - 1 report could not be written (see the errors above): /dev/full\n"),
                said)
            let reason = "1 report could not be written (see the errors above): /dev/full"
            if full != "html" {
                let book = try scratch.read("book.html")
                XCTAssertTrue(book.contains("class=\"verdict bad\""), said)
                XCTAssertTrue(book.contains(reason), said)
            }
            if full != "junit" {
                let junit = try scratch.read("j.xml")
                XCTAssertTrue(junit.contains("failures=\"1\""), said + junit)
                XCTAssertTrue(junit.contains(reason), said + junit)
            }
            if full != "message" {
                let last = try scratch.read("m.ndjson").split(separator: "\n").last.map(String.init) ?? ""
                XCTAssertTrue(last.contains("\"testRunFinished\"") && last.contains("\"success\":false"), said + last)
            }
            if full != "json" {
                let json = try scratch.read("c.json")
                XCTAssertTrue(json.contains("\"status\" : \"failed\""), said + json)
                XCTAssertTrue(json.contains(reason), said + json)
            }
            XCTAssertTrue(try scratch.read("r.txt").contains("# FAILED: " + reason), said)
        }
    }

    func test_run_rerunFileToAFullDevice_everyOtherReportSaysTheRunFailed() throws {
        // A dry run's rerun file names every scenario it planned: the write fails.
        let result = try run([
            "--dry-run", "--format", "rerun:/dev/full", "--format", "junit:j.xml", "--format", "message:m.ndjson",
            "--format", "html:book.html", "--format", "summary",
        ])
        let said = result.out + result.err
        XCTAssertEqual(result.code, 2, said)
        let reason = "1 report could not be written (see the errors above): /dev/full"
        XCTAssertTrue(result.out.hasSuffix("FAILED:\n  - \(reason)\n"), said)
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("failures=\"1\""), said + junit)
        XCTAssertTrue(junit.contains(reason), junit)
        let last = try scratch.read("m.ndjson").split(separator: "\n").last.map(String.init) ?? ""
        XCTAssertTrue(last.contains("\"testRunFinished\"") && last.contains("\"success\":false"), last)
        XCTAssertTrue(try scratch.read("book.html").contains("class=\"verdict bad\""))
    }

    func test_run_emptyShard_bookReadsTheRunsPassingVerdictAndSaysTheShardHeldNoScenario() throws {
        let result = try run(["--shard", "5/5", "--format", "html:book.html", "--format", "summary"])
        XCTAssertEqual(result.code, 0, result.out + result.err)
        XCTAssertTrue(result.out.hasSuffix("PASSED: 0 scenarios passed\n"), result.out)
        let book = try scratch.read("book.html")
        XCTAssertTrue(book.contains("class=\"verdict good\""), book)
        XCTAssertTrue(
            book.contains(
                "This shard holds no scenario (more shards than scenarios): the merge of the shards decides."),
            book)
    }
}
