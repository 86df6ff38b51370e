import Foundation
import XCTest

/// A step or run hook that changes the working directory (a server started in its folder, a
/// command-line tool under test): the run still reads every feature file it was given and
/// writes every report and the history where they were asked for.
final class WorkingDirectoryChangeTests: XCTestCase {
    private var scratch: ScratchProject!
    private var elsewhere: URL!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-working-directory")
        elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("elsewhere-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        // More files than a batch reads at once: the later ones are read after the change.
        try scratch.write(
            "Features/a000.feature",
            "Feature: A\n  Scenario: moves\n    Given a step that changes the working directory to \"\(elsewhere.path)\"\n"
        )
        for file in 1...60 {
            var text = "Feature: B\(file)\n"
            for number in 0..<20 { text += "  Scenario: s\(number)\n    Given a step that passes\n" }
            try scratch.write(String(format: "Features/b%03d.feature", file), text)
        }
    }

    override func tearDownWithError() throws {
        scratch.remove()
        try? FileManager.default.removeItem(at: elsewhere)
    }

    private func run(_ options: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run(
            "misbehaving-specs",
            ["Features", "--format", "summary", "--format", "html:reports/book.html", "--history", "reports/history"]
                + options,
            in: scratch.root, environment: ["SPECS_FIXTURE_UNRULY_STEPS": "1"].merging(environment) { $1 })
    }

    private func assertEveryScenarioPassedAndTheHistoryIsHome(_ run: ExecutableRun, _ label: String) throws {
        XCTAssertEqual(run.code, 0, label + run.out + run.err)
        XCTAssertTrue(run.out.contains("1201 scenarios (1201 passed)"), label + run.out)
        XCTAssertFalse(run.err.contains("no such file"), label + run.err)
        let history = try FileManager.default.contentsOfDirectory(
            atPath: scratch.root.appendingPathComponent("reports/history").path)
        XCTAssertEqual(history.count, 1, label)
        XCTAssertFalse(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("reports").path), label)
    }

    func test_run_stepChangesTheDirectoryInProcess_readsEveryFileAndWritesTheHistoryWhereAsked() throws {
        try assertEveryScenarioPassedAndTheHistoryIsHome(try run(["--in-process"]), "in process")
    }

    func test_run_beforeAllChangesTheDirectory_readsEveryFileAndWritesTheHistoryWhereAsked() throws {
        for options in [[], ["--in-process"]] {
            let run = try run(options, environment: ["SPECS_FIXTURE_BEFORE_ALL_CHANGES_DIRECTORY": elsewhere.path])
            try assertEveryScenarioPassedAndTheHistoryIsHome(run, "\(options)")
            try FileManager.default.removeItem(atPath: scratch.root.appendingPathComponent("reports/history").path)
        }
    }

    func test_run_beforeAllChangesTheDirectory_findsTheLinkedTestsOfThePackage() throws {
        // The tests a scenario links are looked up in the package's Tests folder, not the new one's.
        try scratch.write(
            "Features/linked.feature",
            "Feature: L\n  @xctest:FooTests/test_one\n  Scenario: linked\n    Given a step that passes\n")
        try scratch.write(
            "Tests/FooTests/FooTests.swift",
            "import XCTest\n\nfinal class FooTests: XCTestCase {\n    func test_one() {}\n}\n")
        for options in [[], ["--in-process"]] {
            let run = try ExecutableRun.run(
                "misbehaving-specs", ["Features", "--format", "summary"] + options, in: scratch.root,
                environment: [
                    "SPECS_FIXTURE_UNRULY_STEPS": "1", "SPECS_FIXTURE_BEFORE_ALL_CHANGES_DIRECTORY": elsewhere.path,
                ])
            XCTAssertEqual(run.code, 0, "\(options)" + run.out + run.err)
            XCTAssertTrue(run.out.contains("1202 scenarios (1202 passed)"), "\(options)" + run.out)
        }
    }
}
