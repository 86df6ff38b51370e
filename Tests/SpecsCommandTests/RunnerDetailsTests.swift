import SpecsCommand
import SpecsReporting
import SpecsRunner
import XCTest

/// The smaller promises: a custom runner speaks in its own name, a report language
/// without labels says so, a misspelt outline placeholder is pointed at, regular
/// expressions have given/when/then, snippets use custom parameter types.
final class RunnerDetailsTests: XCTestCase {
    func test_help_andUsageErrors_nameTheCustomRunner() async throws {
        let project = try CommandHarness()
        let out = try ReportOutput.file(project.path("out.txt"))
        let err = try ReportOutput.file(project.path("err.txt"))
        var code = await SpecsCommand.run(
            arguments: ["--help"], registry: StepRegistry { EmptyWorld() }, out: out, err: err, name: "bank-specs")
        XCTAssertEqual(code, 0)
        code = await SpecsCommand.run(
            arguments: ["--tagz", "@a"], registry: StepRegistry { EmptyWorld() }, out: out, err: err, name: "bank-specs"
        )
        out.close()
        err.close()
        XCTAssertEqual(code, 2)
        let help = try project.read("out.txt")
        let errors = try project.read("err.txt")
        XCTAssertTrue(help.hasPrefix("USAGE: bank-specs [PATH[:LINE]...] [options]\n       bank-specs gherkin"), help)
        XCTAssertTrue(errors.contains("Run 'bank-specs --help' for the options."), errors)
    }

    func test_reportLanguageWithoutLabels_warnsThatTheReportIsInEnglish() async throws {
        let project = try CommandHarness()
        try project.write("Features/a.feature", "Feature: A\n  Scenario: S\n    Given a step\n")
        let result = try await project.run(["@/Features", "--report-language", "fr", "--format", "html:@/r.html"])
        XCTAssertTrue(
            result.err.contains(
                "warning: --report-language fr: the report's labels exist in en and es only; it is written in English"),
            result.err)
    }

    func test_misspeltOutlinePlaceholder_isAWarningAtItsPlace() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/a.feature",
            """
            Feature: A
              Scenario Outline: Balance of <balance>
                Given a step <balanse>

                Examples:
                  | balance |
                  | 10      |
            """)
        let result = try await project.run(["@/Features"])
        XCTAssertTrue(
            result.err.contains(
                "a.feature:3:18: warning: <balanse> is not a column of the examples of 'Balance of <balance>' "
                    + "(columns: balance), so it stays as written. Did you mean <balance>?"), result.err)
    }

    func test_misspeltOutlinePlaceholderInACRLFFile_isAWarningAtItsPlace() async throws {
        let project = try CommandHarness()
        let lines = [
            "Feature: A", "  Scenario Outline: Balance", "    Given a step <balanse>", "", "    Examples:",
            "      | balance |", "      | 10      |",
        ]
        try project.write("Features/a.feature", lines.joined(separator: "\r\n") + "\r\n")
        let result = try await project.run(["@/Features"])
        XCTAssertTrue(result.err.contains("a.feature:3:18: warning: <balanse> is not a column"), result.err)
    }

    func test_regexShorthands_registerAndRun() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/a.feature",
            "Feature: A\n  Scenario: S\n    Given 3 apples\n    When I eat 1\n    Then 2 are left\n")
        var steps = StepRegistry { EmptyWorld() }
        steps.given(regex: #"^(\d+) apples$"#) { (_, _: Int) in }
        steps.when(regex: #"^I eat (\d+)$"#) { (_, _: Int) in }
        steps.then(regex: #"^(\d+) are left$"#) { (_, _: Int) in }
        let result = try await project.run(["@/Features", "--no-color"], registry: steps)
        XCTAssertEqual(result.code, 0, result.out + result.err)
    }

    func test_snippet_usesACustomParameterTypeMarkedForSnippets() async throws {
        struct Money: StepArgument { let cents: Int }
        let project = try CommandHarness()
        try project.write(
            "Features/a.feature", "Feature: A\n  Scenario: S\n    Given a transfer of 12.50 EUR to \"ana\"\n")
        var steps = StepRegistry { EmptyWorld() }
        steps.parameterType("money", regex: #"\d+\.\d\d EUR"#) { _ in Money(cents: 0) }
        let result = try await project.run(["@/Features", "--no-color"], registry: steps)
        XCTAssertTrue(
            result.out.contains(
                #"steps.given("a transfer of {money} to {string}") { (world, money1: Money, string2: String) in"#),
            result.out)
    }
}
