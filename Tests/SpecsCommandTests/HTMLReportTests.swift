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
        let listed = page.components(separatedBy: "data-attention=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" }.split(separator: "/").last ?? "")
        }
        XCTAssertEqual(listed, ["checkout.feature:6", "checkout.feature:9", "checkout.feature:13"])
    }

    func test_htmlReport_outline_isOneEntryWithItsExamplesAndAResultPerRow() async throws {
        let page = try await html(bookProject())
        XCTAssertEqual(
            page.components(separatedBy: "<article").count - 1, 4, "one entry for the outline, not one per row")
        XCTAssertTrue(
            page.contains("<th>n</th><th>Result</th></tr><tr><td>10</td><td><span class=\"b passed\">Passed</span>"),
            page)
        XCTAssertFalse(page.contains("#13") || page.contains("#14"), "rows are not named by a line number")
        XCTAssertEqual(page.components(separatedBy: "<h3><span class=\"kw\">Rule:</span> Discounts</h3>").count - 1, 1)
    }

    func test_htmlReport_undefinedStep_isWordedForReadersWithTheSnippetFolded() async throws {
        let page = try await html(bookProject())
        XCTAssertTrue(
            page.contains(
                "This step is not automated yet.</p><details class=\"dev\"><summary>For developers</summary><pre>steps.given("
            ), page)
    }

    func test_htmlReport_tagFilterAndStepCount_leaveOutLinksAndHooks() async throws {
        let page = try await html(bookProject())
        XCTAssertTrue(page.contains("<option>@smoke</option>"))
        XCTAssertFalse(page.contains("<option>@xctest:"), "no @xctest: tag in the filter")
        XCTAssertTrue(page.contains("<dt>Steps</dt><dd>5</dd>"), "steps only, hooks not counted")
        let developer = try XCTUnwrap(page.range(of: "<details class=\"developer\">"))
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
        for (scenario, mark) in [("Paying", "newly failing"), ("Broken", "fixed"), ("Brand new", "new")] {
            let article =
                page.components(separatedBy: "<article").first { $0.contains("</span> \(scenario) <span") } ?? ""
            XCTAssertTrue(
                article.contains("<span class=\"b mark\">\(mark)</span>"), "\(scenario) is not marked \(mark)")
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
        XCTAssertFalse(page.contains("<span class=\"b mark\">new</span>"), "a scenario that moved is not new")
        XCTAssertFalse(page.contains("<span class=\"b mark\">flaky</span>"), "fixed is not flaky")
        let paying = page.components(separatedBy: "<article").first { $0.contains("</span> Paying <span") } ?? ""
        XCTAssertTrue(paying.contains("<span class=\"b mark\">fixed</span>"), paying)
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
