import Foundation
import XCTest

/// An input file that cannot be read, through the real executable: the error says why.
final class InputFileTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-input")
        try scratch.write("Features/a.feature", "Feature: A\n\n  Scenario: green\n    Given a step that passes\n")
        try scratch.write("folder.ndjson/x", "")
    }

    override func tearDown() { scratch.remove() }

    func test_reportAndShardDurations_missingOrAFolder_sayWhyTheyCannotBeRead() throws {
        let missing = try ExecutableRun.run("misbehaving-specs", ["report", "gone.ndjson"], in: scratch.root)
        XCTAssertEqual(missing.code, 2, missing.out + missing.err)
        XCTAssertTrue(missing.err.contains("gone.ndjson: error: does not exist"), missing.err)
        let folder = try ExecutableRun.run("misbehaving-specs", ["report", "folder.ndjson"], in: scratch.root)
        XCTAssertEqual(folder.code, 2, folder.out + folder.err)
        XCTAssertTrue(folder.err.contains("folder.ndjson: error: is a folder, not a file"), folder.err)
        let durations = try ExecutableRun.run(
            "misbehaving-specs", ["--shard", "1/2", "--shard-durations", "gone.ndjson"], in: scratch.root)
        XCTAssertEqual(durations.code, 2, durations.out + durations.err)
        XCTAssertTrue(durations.err.contains("--shard-durations: 'gone.ndjson' does not exist"), durations.err)
    }
}
