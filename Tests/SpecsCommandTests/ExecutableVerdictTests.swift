import Foundation
import XCTest

/// Issue examples replayed through the real `specs` executable on this package's own
/// Features/: each fails loudly, its last lines and exit code agreeing.
final class ExecutableVerdictTests: XCTestCase {
    private let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private func specs(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("specs", arguments + ["--in-process"], in: package)
    }

    func test_specs_tagWithoutAt_isAUsageError() throws {
        let run = try specs(["--tags", "smoke"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("'smoke' is not a tag, tags start with @. Did you mean '@smoke'?"), run.err)
    }

    func test_specs_misspeltTag_warnsAndFailsForSelectingNothing() throws {
        let run = try specs(["--tags", "@catalgo"])
        XCTAssertEqual(run.code, 1)
        XCTAssertTrue(
            run.err.contains("warning: --tags: no scenario has the tag @catalgo. Did you mean '@catalogo'?"), run.err)
        XCTAssertTrue(
            run.out.hasSuffix(
                "FAILED:\n  - no scenario was selected: --tags '@catalgo' matches none of the 50 scenarios\n"), run.out)
    }

    func test_specs_lineWithoutScenario_isAnError() throws {
        let run = try specs(["Features/login.feature:999"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(
            run.err.contains(
                "Features/login.feature:999:1: error: no scenario or example row is at line 999. Nearest: line 55"),
            run.err)
    }

    func test_specs_lineWithoutScenarioBesideTheWholeFileOrItsFolder_isAnErrorToo() throws {
        // The whole file runs either way; a mistyped line in a CI command is still not run past.
        for arguments in [
            ["Features/login.feature", "Features/login.feature:999"], ["Features/login.feature:999", "Features"],
        ] {
            let run = try specs(arguments)
            XCTAssertEqual(run.code, 2, "\(arguments) " + run.out)
            XCTAssertTrue(
                run.err.contains("login.feature:999:1: error: no scenario or example row is at line 999."),
                "\(arguments) " + run.err)
        }
    }

    /// A feature file named that is gone (a rerun file's line, after the file was deleted) is
    /// told as the file it is, not as a folder nothing was found under (tester V's F7).
    func test_specs_featureFileThatIsGone_isToldAsAFileNotAFolder() throws {
        let run = try specs(["Features/gone.feature:3"])
        XCTAssertEqual(run.code, 2, run.out + run.err)
        XCTAssertTrue(run.out.contains("no .feature file at Features/gone.feature"), run.out)
        XCTAssertFalse(run.out.contains("under Features/gone.feature"), run.out)
    }

    func test_specs_commandOfAnotherHabitOrAStreamNamedAsAPath_isAUsageErrorSayingWhatToRun() throws {
        let merge = try specs(["merge", "shard-1.ndjson"])
        XCTAssertEqual(merge.code, 2, merge.out)
        XCTAssertTrue(merge.err.hasPrefix("merge: error: no such file or directory"), merge.err)
        XCTAssertTrue(merge.err.contains("did you mean `specs report`?"), merge.err)
        XCTAssertFalse(merge.err.contains("cannot stand here"), merge.err)
        let misspelt = try specs(["fromat", "Features"])
        XCTAssertTrue(misspelt.err.contains("did you mean `specs format`?"), misspelt.err)
        XCTAssertEqual(misspelt.code, 2)
        let stream = FileManager.default.temporaryDirectory.appendingPathComponent("specs-\(UUID().uuidString).ndjson")
        try Data("{\"meta\":{}}\n".utf8).write(to: stream)
        defer { try? FileManager.default.removeItem(at: stream) }
        let named = try specs([stream.path])
        XCTAssertEqual(named.code, 2, named.out)
        XCTAssertTrue(named.err.contains("is a message stream, not a feature file: `specs report"), named.err)
    }

    func test_specs_minCoverageWithoutTestResults_isAUsageError() throws {
        let run = try specs(["--min-coverage", "100"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("--min-coverage needs the linked tests' results"), run.err)
    }
}
