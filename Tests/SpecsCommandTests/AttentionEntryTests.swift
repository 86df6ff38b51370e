import Foundation
import XCTest

/// The book's "Needs attention" entry of a failed scenario leads with why it failed (the
/// step and its message), its evidence second; a followed link is not hidden under the
/// sticky filter bar (the browser check is in Scripts/check-html-report.sh).
final class AttentionEntryTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-attention")
        try project.write(
            "Features/billing.feature",
            """
            Feature: Billing
              @xctest:FooTests/test_a
              Scenario: card declined
                Given a step that passes
                And a step that fails

              Scenario: not written yet
                Given a step nobody wrote

            """)
    }

    override func tearDown() {
        project.remove()
    }

    func test_html_failedScenario_attentionEntryLeadsWithWhyItFailed() throws {
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--format", "summary", "--format", "html:book.html"], in: project.root)
        XCTAssertEqual(run.code, 1, run.err)
        let page = try ReportPage(try project.read("book.html"))
        let entries = (page.book["attention"] as? [[Any]] ?? []).flatMap { $0[2] as? [[Any]] ?? [] }
        let declined = try XCTUnwrap(entries.first { $0[1] as? String == "card declined" }, "\(entries)")
        XCTAssertEqual(declined[2] as? String, "failed")
        XCTAssertTrue(
            (declined[5] as? String)?.hasPrefix("And a step that fails: expected green, got red") == true, "\(declined)"
        )
        XCTAssertEqual(declined[3] as? Int, 1, "its evidence is still there, second")
        let undefined = try XCTUnwrap(entries.first { $0[1] as? String == "not written yet" })
        XCTAssertEqual(undefined[5] as? String, "Given a step nobody wrote: This step is not automated yet.")
        // The page leads each entry with why, and keeps a followed link's heading below the filter bar.
        XCTAssertTrue(page.html.contains("(e[5]?'<div class=\"why\">'+e[5]+'</div>':'')"))
        XCTAssertTrue(page.html.contains("[id]{scroll-margin-top:var(--bar,72px)}"))
    }
}
