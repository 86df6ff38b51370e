import Foundation
import XCTest

/// A scenario that passed only on `--retry` is marked flaky wherever a result is shown,
/// through the real runner: the summary, JUnit (as Maven Surefire marks reruns), Cucumber
/// JSON and the book; `specs report` rebuilds the same from the message stream.
final class FlakyMarkTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-flaky")
        try project.write(
            "Features/billing.feature",
            """
            Feature: Billing
              Scenario: card payment
                Given a step that passes on its run 3

              Scenario: cash
                Given a step that passes

            """)
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project.root)
    }

    func test_run_passedOnRetry_isMarkedFlakyInEveryOutput() throws {
        let run = try run([
            "--retry", "3", "--format", "summary", "--format", "junit:junit.xml", "--format", "json:cucumber.json",
            "--format", "html:book.html", "--format", "message:run.ndjson",
        ])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(
            run.out.contains(
                "2 scenarios (2 passed)\n2 steps (2 passed)\n1 flaky: passed on retry 2: Features/billing.feature:2 card payment\n"
            ), run.out)

        let junit = try project.read("junit.xml")
        XCTAssertTrue(junit.contains(#"failures="0""#), junit)
        XCTAssertEqual(junit.components(separatedBy: "<flakyFailure ").count - 1, 2, junit)
        XCTAssertTrue(junit.contains(#"<flakyFailure message="card declined: 6666 (run 1)"#), junit)
        XCTAssertFalse(junit.contains("<rerunFailure"), junit)

        let json = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(project.read("cucumber.json").utf8)) as? [[String: Any]])
        let elements = json.first?["elements"] as? [[String: Any]] ?? []
        XCTAssertEqual(elements.map { $0["flaky"] as? String }, ["passed on retry 2", nil])

        let book = try ReportPage(try project.read("book.html"))
        XCTAssertEqual(book.scenario(named: "card payment")?["m"] as? [String], ["flaky: passed on retry 2"])
        XCTAssertNil(book.scenario(named: "cash")?["m"])

        // The saved stream gives the same marks.
        let report = try ExecutableRun.run(
            "misbehaving-specs", ["report", "run.ndjson", "--format", "summary", "--format", "junit:again.xml"],
            in: project.root)
        XCTAssertEqual(report.code, 0, report.out + report.err)
        XCTAssertTrue(
            report.out.contains("1 flaky: passed on retry 2: Features/billing.feature:2 card payment"), report.out)
        XCTAssertEqual(try project.read("again.xml").components(separatedBy: "<flakyFailure ").count - 1, 2)
    }

    func test_run_failedEveryRetry_junitHasRerunFailuresAndNoFlakyMark() throws {
        let run = try run(["--retry", "1", "--format", "summary", "--format", "junit:junit.xml"])
        XCTAssertEqual(run.code, 1, run.out + run.err)
        XCTAssertFalse(run.out.contains("flaky"), run.out)
        let junit = try project.read("junit.xml")
        XCTAssertTrue(
            junit.contains(#"<failure type="SpecsRunner.ExpectationFailure" message="card declined: 6666 (run 2)"#),
            junit)
        XCTAssertTrue(junit.contains(#"<rerunFailure message="card declined: 6666 (run 1)"#), junit)
        XCTAssertFalse(junit.contains("<flakyFailure"), junit)
    }

    func test_run_severalFlaky_listsEachUnderOneLine() throws {
        try project.write(
            "Features/billing.feature",
            """
            Feature: Billing
              Scenario: card payment
                Given a step that passes on its run 2

              Scenario: refund
                Given a step that passes on its run 4

            """)
        let run = try run(["--retry", "2", "--format", "summary"])
        XCTAssertEqual(run.code, 0, run.out + run.err)
        XCTAssertTrue(
            run.out.contains(
                "2 flaky:\n  passed on retry 1: Features/billing.feature:2 card payment\n"
                    + "  passed on retry 1: Features/billing.feature:5 refund\n"), run.out)
    }
}
