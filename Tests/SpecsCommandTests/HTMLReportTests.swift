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
        let result = try await project.run(["@/Features", "--tests-dir", "@/Tests", "--format", "html:@/report.html", "--no-color"])
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
        for escaped in ["&lt;script&gt;alert(&#39;feature&#39;)&lt;/script&gt; &amp; &quot;quotes&quot;",
                        "&lt;img src=x onerror=alert(&#39;scenario&#39;)&gt;",
                        "&lt;script&gt;alert(&#39;cell&#39;)&lt;/script&gt;", "&quot;&#39; &amp;",
                        "&lt;script&gt;alert(&#39;docstring&#39;)&lt;/script&gt;",
                        "@tag&lt;script&gt;alert(1)&lt;/script&gt;",
                        "<pre class=\"error\">steps.given(&quot;&lt;script&gt;alert",
                        "Hostile&lt;b&gt;Tests/test_&lt;i&gt;x"] {
            XCTAssertTrue(html.contains(escaped), "missing escaped text \(escaped)")
        }
        XCTAssertFalse(html.contains("http://") || html.contains("https://") || html.contains("src=\""), "the report must not load anything")
    }

    func test_html_report_labels_follow_the_features_language() async throws {
        let project = try CommandHarness()
        try project.write("Features/es.feature", "# language: es\nCaracterística: Pagos\n  Escenario: Pagar\n    Dado a step\n")
        var result = try await project.run(["@/Features", "--format", "html:@/es.html"])
        XCTAssertEqual(result.code, 0, result.err)
        XCTAssertTrue(try project.read("es.html").contains("Documentación viva"))
        result = try await project.run(["@/Features", "--format", "html:@/en.html", "--report-language", "en"])
        XCTAssertTrue(try project.read("en.html").contains("Living documentation"))
    }
}
