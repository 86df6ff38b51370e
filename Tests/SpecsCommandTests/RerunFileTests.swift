import Foundation
import XCTest

/// The rerun file through the real executable: a line per feature file, its path as it is
/// (spaces and all), read back by `specs @FILE` as written, and as Cucumber-Ruby writes it.
final class RerunFileTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-rerun")
        try scratch.write(
            "Features/my folder/a b.feature",
            "Feature: A\n\n  Scenario: red\n    Given a step that fails\n\n  Scenario: green\n    Given a step that passes\n"
        )
        try scratch.write(
            "Features/c.feature", "Feature: C\n\n  Scenario: red too\n    Given a step that fails\n")
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project)
    }

    func test_rerunFile_pathsWithSpaces_areWrittenAsTheyAreAndRunAgain() throws {
        let first = try run(["--format", "rerun:r.txt", "--format", "summary"])
        XCTAssertEqual(first.code, 1, first.out + first.err)
        XCTAssertEqual(try scratch.read("r.txt"), "Features/c.feature:3\nFeatures/my folder/a b.feature:3\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("2 scenarios (2 failed)"), again.out)
        XCTAssertFalse(again.err.contains("does not exist"), again.err)
    }

    func test_rerunFile_placesSeparatedBySpacesOnOneLine_areEachRun() throws {
        try scratch.write("r.txt", "Features/my folder/a b.feature:3:6 Features/c.feature:3\n")
        let again = try run(["@r.txt", "--format", "summary"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertTrue(again.out.contains("3 scenarios (2 failed, 1 passed)"), again.out)
    }
}
