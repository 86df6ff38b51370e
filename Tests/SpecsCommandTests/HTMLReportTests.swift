import Foundation
import XCTest

/// The HTML report renders hostile text as text: names, descriptions, tags, steps,
/// table cells, doc strings, error messages and attachments are escaped.
final class HTMLReportTests: XCTestCase {
    static let hostileFeature = """
        @tag<script>alert(1)</script>
        Feature: <script>alert('feature')</script> & "quotes"
          Description with <img src=x onerror=alert('description')>

          @xctest:Hostile<b>Tests/test_<i>x
          Scenario: <img src=x onerror=alert('scenario')>
            Given a step
            And a step
              | <script>alert('cell')</script> | "' & |
              | x                              | y    |
            And a failing step
              \"\"\"html
              <script>alert('docstring')</script>
              \"\"\"

          Scenario: undefined
            Given <script>alert('undefined')</script>
        """

    func test_html_report_with_hostile_feature_escapes_every_user_text() async throws {
        let project = try CommandHarness()
        try project.write("Features/hostile.feature", Self.hostileFeature)
        try project.write("Tests/X/XTests.swift", "final class XTests: XCTestCase { func test_a() {} }\n")
        let result = try await project.run([
            "@/Features", "--tests-dir", "@/Tests", "--format", "html:@/report.html", "--no-color",
        ])
        XCTAssertEqual(result.code, 1)
        let html = try project.read("report.html")

        // Our own script is the only one; no user markup survives as markup.
        XCTAssertEqual(html.components(separatedBy: "<script>").count - 1, 1)
        for payload in ["<img", "<i>", "<b>Tests", "<script>alert"] {
            XCTAssertFalse(html.contains(payload), "raw \(payload) in the report")
        }
        // No tag carries an event handler attribute.
        let handler = try NSRegularExpression(pattern: "<[a-zA-Z][^>]*\\son[a-z]+\\s*=")
        XCTAssertNil(handler.firstMatch(in: html, range: NSRange(html.startIndex..., in: html)))
        for escaped in [
            "&lt;script&gt;alert(&#39;feature&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;",
            "&lt;img src=x onerror=alert(&#39;scenario&#39;)&gt;",
            "&lt;script&gt;alert(&#39;cell&#39;)&lt;/script&gt;", "&quot;&#39; &amp;",
            "&lt;script&gt;alert(&#39;docstring&#39;)&lt;/script&gt;",
            "@tag&lt;script&gt;alert(1)&lt;/script&gt;",
            "<pre>steps.given(&quot;&lt;script&gt;alert",
            "Hostile&lt;b&gt;Tests/test_&lt;i&gt;x",
        ] {
            XCTAssertTrue(html.contains(escaped), "missing escaped text \(escaped)")
        }
        XCTAssertFalse(
            html.contains("http://") || html.contains("https://") || html.contains("src=\""),
            "the report must not load anything")
    }

    func test_html_report_labels_follow_the_features_language() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/es.feature", "# language: es\nCaracterística: Pagos\n  Escenario: Pagar\n    Dado a step\n")
        var result = try await project.run(["@/Features", "--format", "html:@/es.html"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(try project.read("es.html").contains("Documentación viva"))
        result = try await project.run(["@/Features", "--format", "html:@/en.html", "--report-language", "en"])
        XCTAssertTrue(try project.read("en.html").contains("Living documentation"))
    }

    // MARK: The product owner's book

    static let book = """
        Feature: Checkout
          @smoke @xctest:CartTests/test_total
          Scenario: Paying
            Given a step

          Scenario: Broken
            Given a failing step

          Scenario: Not written
            Given a step nobody wrote

          Rule: Discounts
            Scenario Outline: Discount of <n>
              Given a step
              Examples:
                | n  |
                | 10 |
                | 20 |
        """

    private func bookProject(_ feature: String = book) throws -> CommandHarness {
        let project = try CommandHarness()
        try project.write("Features/checkout.feature", feature)
        try project.write(
            "Tests/CartTests/CartTests.swift",
            """
            import XCTest

            final class CartTests: XCTestCase {
                func test_total() {}
                func test_other() {}
            }
            """)
        try project.write(
            "xunit.xml",
            "<testsuites><testsuite name='t'><testcase classname='CartTests' name='test_total'/></testsuite></testsuites>"
        )
        return project
    }

    private func html(_ project: CommandHarness, _ extra: [String] = []) async throws -> String {
        _ = try await project.run(
            ["@/Features", "--tests-dir", "@/Tests", "--xunit", "@/xunit.xml", "--format", "html:@/r.html"] + extra)
        return try project.read("r.html")
    }

    func test_htmlReport_verdictAndWhatNeedsAttentionComeFirst() async throws {
        let page = try await html(bookProject(), ["--title", "Cart app"])
        XCTAssertTrue(page.contains("<h1>Cart app</h1>"), page)
        let verdict = try XCTUnwrap(
            page.range(of: "Not ready: 2 of 5 scenarios do not pass; 2 are not verified by a passing test."))
        let attention = try XCTUnwrap(page.range(of: "id=\"attention\""))
        let book = try XCTUnwrap(page.range(of: "<section class=\"feature\""))
        XCTAssertTrue(verdict.lowerBound < attention.lowerBound && attention.lowerBound < book.lowerBound)
        let listed = try ReportPage(page).attention.map { String($0.split(separator: "/").last ?? "") }
        XCTAssertEqual(listed, ["checkout.feature:6", "checkout.feature:9", "checkout.feature:13"])
    }

    func test_htmlReport_outline_isOneEntryWithItsExamplesAndAResultPerRow() async throws {
        let report = try ReportPage(try await html(bookProject()))
        XCTAssertEqual(report.scenarios.count, 4, "one entry for the outline, not one per row")
        let text = report.chapterText
        XCTAssertTrue(
            text.contains("<th>n</th><th>Result</th></tr><tr><td>10</td><td><span class=\"b passed\">Passed</span>"),
            text)
        XCTAssertFalse(
            report.html.contains("#13") || report.html.contains("#14"), "rows are not named by a line number")
        XCTAssertEqual(text.components(separatedBy: "<h3><span class=\"kw\">Rule:</span> Discounts</h3>").count - 1, 1)
    }

    func test_htmlReport_undefinedStep_isWordedForReadersWithTheSnippetFolded() async throws {
        let text = try ReportPage(try await html(bookProject())).chapterText
        XCTAssertTrue(
            text.contains(
                "This step is not automated yet.</p><details class=\"dev\"><summary>For developers</summary><pre>steps.given("
            ), text)
    }

    func test_htmlReport_tagFilterAndStepCount_leaveOutLinksAndHooks() async throws {
        let page = try await html(bookProject())
        XCTAssertTrue(page.contains("<option>@smoke</option>"))
        XCTAssertFalse(page.contains("<option>@xctest:"), "no @xctest: tag in the filter")
        XCTAssertTrue(page.contains("<dt>Steps</dt><dd>5</dd>"), "steps only, hooks not counted")
        let developer = try XCTUnwrap(page.range(of: "<details class=\"developer\""))
        let unlinked = try XCTUnwrap(page.range(of: "CartTests/test_other"))
        XCTAssertTrue(developer.lowerBound < unlinked.lowerBound, "unlinked tests only in the folded developer detail")
    }

    func test_htmlReport_spanishLabels_needNoAgreement() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/es.feature",
            "# language: es\nCaracterística: Pagos\n  Escenario: Pagar\n    Dado a step\n  Escenario: Otro\n    Dado a step\n"
        )
        _ = try await project.run(["@/Features", "--format", "html:@/es.html"])
        let page = try project.read("es.html")
        XCTAssertTrue(page.contains("<dt>Pasados</dt><dd>2</dd>"), page)
        XCTAssertFalse(page.contains("2 pasado"))
    }

    func test_htmlReport_dryRun_isTheBookWithoutResults() async throws {
        let project = try bookProject()
        _ = try await project.run(["@/Features", "--dry-run", "--format", "html:@/spec.html"])
        let page = try project.read("spec.html")
        XCTAssertTrue(
            page.contains("Specification (not run)") && page.contains("Specification of 5 scenarios, not run."), page)
        XCTAssertTrue(page.contains("Nothing needs attention."))
        XCTAssertFalse(page.contains("class=\"b failed\""))
    }

    func test_htmlReport_history_marksNewNewlyFailingAndFixedScenariosAndDrawsTheTrend() async throws {
        let project = try bookProject()
        _ = try await html(project, ["--history", "@/history"])
        let changed =
            Self.book
            .replacingOccurrences(of: "Given a failing step", with: "Given a step")
            .replacingOccurrences(
                of: "  Scenario: Paying\n    Given a step", with: "  Scenario: Paying\n    Given a failing step")
            + "\n\n  Scenario: Brand new\n    Given a step\n"
        try project.write("Features/checkout.feature", changed)
        let page = try await html(project, ["--history", "@/history"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path("history")).count, 2)
        XCTAssertTrue(page.contains("Trend of the last runs"), page)
        let report = try ReportPage(page)
        for (scenario, mark) in [("Paying", "newly failing"), ("Broken", "fixed"), ("Brand new", "new")] {
            let marks = report.scenario(named: scenario)?["m"] as? [String] ?? []
            XCTAssertEqual(marks, [mark], "\(scenario) is not marked \(mark)")
        }
    }

    func test_htmlReport_history_keepsAScenariosHistoryWhenItMoves_andMarksAFixedOneFixedNotFlaky() async throws {
        let project = try bookProject()
        _ = try await html(project, ["--history", "@/history"])
        try project.write(
            "Features/checkout.feature",
            Self.book.replacingOccurrences(of: "Paying\n    Given a step", with: "Paying\n    Given a failing step"))
        _ = try await html(project, ["--history", "@/history"])
        // A comment above every scenario: each one moves down a line, and Paying passes again.
        try project.write("Features/checkout.feature", "# moved down a line\n" + Self.book)
        let page = try await html(project, ["--history", "@/history"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: project.path("history")).count, 3)
        let report = try ReportPage(page)
        let marks = report.scenarios.flatMap { $0["m"] as? [String] ?? [] }
        XCTAssertFalse(marks.contains("new"), "a scenario that moved is not new")
        XCTAssertFalse(marks.contains("flaky"), "fixed is not flaky")
        XCTAssertEqual(report.scenario(named: "Paying")?["m"] as? [String], ["fixed"])
    }

    /// An example row is known across runs by its examples' name and its cells, in whichever
    /// Examples of the outline it stands (found by its id, not by a walk over the rows).
    func test_htmlReport_history_knowsAnExampleRowOfAnyExamplesAcrossRuns() async throws {
        func outline(_ step: String) -> String {
            "Feature: Rows\n  Scenario Outline: Row <what>\n    Given \(step)\n"
                + "    Examples: First\n      | what |\n      | a step |\n"
                + "    Examples: Second\n      | what |\n      | a failing step |\n      | another |\n"
        }
        let project = try bookProject(outline("<what>"))
        _ = try await html(project, ["--history", "@/history"])
        try project.write("Features/checkout.feature", outline("a step"))
        let report = try ReportPage(try await html(project, ["--history", "@/history"]))
        // The outline's rows: the failing one of the second Examples passes now, none is new.
        XCTAssertEqual(
            report.scenario(named: "Row &lt;what&gt;")?["m"] as? [String], ["fixed"],
            "\(report.scenarios.map { ($0["n"] ?? "", $0["m"] ?? "") })")
    }

    func test_htmlReport_largeBook_carriesEachChapterAsDataBuiltWhenTheReaderGoesThere() async throws {
        let project = try CommandHarness()
        // 2,100 scenarios in 210 files: past the size whose chapters are all built as the page opens.
        for file in 0..<210 {
            let scenarios = (0..<10).map {
                "  Scenario: order \($0) of file \(file)\n    Given a step\n    And a step\n"
            }
            try project.write(
                "Features/area\(file % 7)/f\(file).feature",
                "@area\(file % 7)\nFeature: F\(file)\n" + scenarios.joined())
        }
        _ = try await project.run(["@/Features", "--format", "html:@/r.html"])
        let html = try project.read("r.html")
        let report = try ReportPage(html)
        XCTAssertEqual(report.book["eager"] as? Int, 0, "a large book builds chapters on demand")
        XCTAssertEqual(report.chapters.count, 210)
        XCTAssertEqual(report.scenarios.count, 2_100)
        XCTAssertEqual(Set(report.scenarios.compactMap { $0["n"] as? String }).count, 2_100)
        XCTAssertFalse(html.contains("<article class=\"sc passed"), "no scenario is markup until the reader goes there")
        XCTAssertEqual(
            html.components(separatedBy: "<section class=\"feature\"").count - 1, 210, "each feature's heading is")
        // Nothing is verified without test results: every scenario needs attention, in book order.
        XCTAssertEqual(report.attention.count, 2_100)
        XCTAssertEqual(report.attention.first, project.path("Features/area0/f0.feature") + ":3")
        // The verdict, contents and filters come before any chapter.
        let contents = try XCTUnwrap(html.range(of: "<nav"))
        let firstChapter = try XCTUnwrap(html.range(of: "id=\"c-0\""))
        XCTAssertTrue(contents.lowerBound < firstChapter.lowerBound)
        // Small per scenario: the page carried about 1.2 KB of markup per scenario before.
        let perScenario = html.utf8.count / 2_100
        XCTAssertLessThan(perScenario, 600, "\(perScenario) bytes per scenario")
    }

    func test_htmlReport_bidiControlsInANameAreClosedWhereItEnds() async throws {
        let project = try CommandHarness()
        try project.write("Features/b.feature", "Feature: B\n  Scenario: evil \u{202E}name\n    Given a step\n")
        _ = try await project.run(["@/Features", "--format", "html:@/b.html"])
        XCTAssertTrue(try project.read("b.html").contains("evil \u{202E}name\u{202C}"))
    }

    func test_htmlReport_historyThatCannotBeWritten_isAWarning() async throws {
        let project = try bookProject()
        try project.write("history", "a file where the folder should be")
        let result = try await project.run(["@/Features", "--format", "html:@/r.html", "--history", "@/history"])
        XCTAssertTrue(result.err.contains("warning: --history: the run's record could not be written: "), result.err)
        XCTAssertTrue(try project.read("r.html").contains("</html>"))
    }
}
