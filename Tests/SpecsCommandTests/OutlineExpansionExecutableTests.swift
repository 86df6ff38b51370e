import Foundation
import XCTest

/// An outline whose values hold other columns' placeholders, replayed through the real
/// `specs`: the row is a parse error at its place, never an allocation without bound.
final class OutlineExpansionExecutableTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-expansion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: project, withIntermediateDirectories: true)
        // Every column doubles `Given <a0>`: forty columns would ask for a terabyte.
        let names = (0..<40).map { "a\($0)" }
        let values = (1..<40).map { "<a\($0)><a\($0)>" } + ["x"]
        try """
        Feature: F
          Scenario Outline: s
            Given <a0>
            Examples:
              | \(names.joined(separator: " | ")) |
              | \(values.joined(separator: " | ")) |

        """.write(to: project.appendingPathComponent("blowup.feature"), atomically: true, encoding: .utf8)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    /// Memory capped, so that a regression fails the test rather than the machine.
    private func specs(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run(
            "specs", arguments, in: project, timeout: 60, script: "ulimit -v 2000000 && exec \"$0\" \"$@\"")
    }

    private let message =
        "this example row makes the step 'Given <a0>' more than 1048576 bytes (1 MiB) longer than written: "
        + "values that hold placeholders are filled in again by the columns after them"

    func test_gherkin_valuesDoublingAtEveryColumn_parseErrorEnvelopeAtTheRowExit2() throws {
        let run = try specs(["gherkin", "--predictable-ids", "--no-source", "blowup.feature"])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertEqual(
            run.out,
            #"{"parseError":{"message":"(6:7): \#(message)","source":{"location":{"column":7,"line":6},"#
                + #""uri":"blowup.feature"}}}"# + "\n")
        XCTAssertTrue(run.err.hasPrefix("blowup.feature:6:7: error: \(message)\n"), run.err)
    }

    func test_format_valuesDoublingAtEveryColumn_fileLeftAsItIsExit2() throws {
        let run = try specs(["format", "--check", "blowup.feature"])
        XCTAssertEqual(run.code, 2, run.err)
        XCTAssertTrue(run.err.contains("blowup.feature:6:7: error: \(message)\n"), run.err)
    }
}
