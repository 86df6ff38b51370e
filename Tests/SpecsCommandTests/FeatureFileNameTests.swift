import Foundation
import XCTest

/// Feature files whose names a run cannot tell apart or name again are told at their paths
/// and not run; the others run (tester X's X3 and X7): every output names each scenario's
/// file as the file it is.
final class FeatureFileNameTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-names") }
    override func tearDown() { scratch.remove() }

    /// Writes a feature file of one scenario under `name`, given as the bytes of its name.
    private func feature(_ name: [UInt8], scenario: String, step: String = "a step that passes") throws {
        let path = Array(project.path.utf8) + Array("/Features/".utf8) + name + [0]
        let descriptor = path.withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_CREAT | O_WRONLY | O_TRUNC, 0o644) }
        }
        XCTAssertGreaterThanOrEqual(descriptor, 0, "errno \(errno)")
        let text = Array("Feature: \(scenario)\n  Scenario: \(scenario)\n    Given \(step)\n".utf8)
        _ = text.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
    }

    func test_run_namesDifferingOnlyInNormalization_theSecondIsToldAndTheFirstRuns() throws {
        #if os(Linux)
            // Composed (NFC) `é`, then `e` and a combining acute accent (NFD): two files on Linux.
            try feature(Array("caf\u{E9}.feature".utf8), scenario: "composed", step: "a step that fails")
            try feature(Array("cafe\u{301}.feature".utf8), scenario: "decomposed")
            try feature(Array("other.feature".utf8), scenario: "other")
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["--format", "summary", "--format", "json:cucumber.json"], in: project)
            XCTAssertEqual(run.code, 2, run.out + run.err)
            XCTAssertTrue(run.err.contains("only in how its accents are written (Unicode normalization)"), run.err)
            // One of the two runs (the first in the run's order), the other is told, not run.
            XCTAssertTrue(run.out.contains("2 scenarios ("), run.out)
            let json = try scratch.read("cucumber.json")
            XCTAssertNotEqual(
                json.contains("\"composed\""), json.contains("\"decomposed\""), "one file is run, once: \(json)")
            XCTAssertTrue(json.contains("\"other\""), json)
        #else
            throw XCTSkip("macOS takes names that differ only in normalization for one file")
        #endif
    }

    func test_run_nameNotUTF8_isToldSoAndTheOthersRun() throws {
        try feature(Array("bad".utf8) + [0xFF] + Array(".feature".utf8), scenario: "bad")
        try feature(Array("good.feature".utf8), scenario: "good")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("its name is not UTF-8"), run.err)
        XCTAssertFalse(run.err.contains("a link to nothing"), run.err)
        XCTAssertTrue(run.out.contains("1 scenario (1 passed)"), run.out)
    }

    func test_run_nameHoldingALineFeed_isToldAndItsRerunLinesAreNotSplit() throws {
        try feature(Array("n\nl.feature".utf8), scenario: "split", step: "a step that fails")
        try feature(Array("good.feature".utf8), scenario: "good", step: "a step that fails")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "rerun:rerun.txt"], in: project)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.err.contains("its name holds a line break"), run.err)
        let rerun = try scratch.read("rerun.txt")
        XCTAssertFalse(
            rerun.split(separator: "\n").contains { $0.hasPrefix("l.feature") || $0 == "Features/n" },
            "no line names half a path: \(rerun)")
        XCTAssertTrue(rerun.contains("Features/good.feature:2"), rerun)
    }

    /// Cucumber's other runners name the folder `features`: on a case-sensitive file system the
    /// default `Features` is not there, and the error says which folder is (tester Z1's Z1-3).
    func test_run_defaultFolderInOtherCase_isToldTheFolderThatIsThere() throws {
        try FileManager.default.removeItem(at: project.appendingPathComponent("Features"))
        try scratch.write("features/a.feature", "Feature: a\n  Scenario: s\n    Given a step that passes\n")
        if FileManager.default.fileExists(atPath: project.appendingPathComponent("Features").path) {
            throw XCTSkip("a file system that does not tell case apart (macOS) finds `features` as `Features`")
        }
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(
            run.err.contains("Features: error: no such file or directory; did you mean 'features'?"), run.err)
    }

    func test_rerun_folderNamedLikeAFeatureFileWithASpace_runsItsFailedScenarioAgain() throws {
        try scratch.write(
            "Features/my.feature files/a.feature", "Feature: F\n  Scenario: fails\n    Given a step that fails\n")
        let first = try ExecutableRun.run("misbehaving-specs", ["--format", "rerun:rerun.txt"], in: project)
        XCTAssertEqual(first.code, 1, first.out + first.err)
        let again = try ExecutableRun.run("misbehaving-specs", ["@rerun.txt", "--format", "summary"], in: project)
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertFalse(again.err.contains("could not be used"), again.err)
        XCTAssertTrue(again.out.contains("1 scenario (1 failed)"), again.out)
        // Among other places on a line, as Cucumber-Ruby writes them (tester V2's V2-2), in either
        // order; a place not there is still told alone.
        try scratch.write("Features/ok.feature", "Feature: O\n  Scenario: o\n    Given a step that fails\n")
        for line in [
            "Features/my.feature files/a.feature:2 Features/ok.feature:2",
            "Features/ok.feature:2 Features/my.feature files/a.feature:2",
        ] {
            try scratch.write("several.txt", line + "\n")
            let both = try ExecutableRun.run("misbehaving-specs", ["@several.txt", "--format", "summary"], in: project)
            XCTAssertTrue(both.out.contains("2 scenarios (2 failed)"), line + ": " + both.out + both.err)
        }
        try scratch.write("gone.txt", "Features/gone.feature:2 Features/ok.feature:2\n")
        let gone = try ExecutableRun.run("misbehaving-specs", ["@gone.txt", "--format", "summary"], in: project)
        XCTAssertTrue(gone.out.contains("1 path could not be used: Features/gone.feature"), gone.out)
        XCTAssertTrue(gone.out.contains("1 scenario (1 failed)"), gone.out)
    }
}
