import Foundation
import XCTest

/// Parameter types as a team meets them through its runner: the snippet of an undefined step
/// makes parameters of whole words only, and a parameter type whose regular expression does
/// not compile stops the run before it starts, at the type's line.
final class ParameterTypeRunTests: XCTestCase {
    private var project: ScratchProject!

    override func setUpWithError() throws {
        project = try ScratchProject("specs-parameter-types")
    }

    override func tearDown() {
        project.remove()
    }

    private func run(_ steps: [String], types: String) throws -> ExecutableRun {
        let body = steps.map { "    Given \($0)\n" }.joined()
        try project.write("Features/new.feature", "Feature: New\n  Scenario: not written yet\n\(body)")
        return try ExecutableRun.run(
            "misbehaving-specs", ["Features", "--no-color"], in: project.root,
            environment: ["SPECS_FIXTURE_PARAMETER_TYPES": types])
    }

    func test_run_stepRegisteredTwiceThatNoFeatureUses_isWarnedAtItsLineNamingTheFirst() throws {
        try project.write(
            "Features/other.feature", "Feature: Other\n  Scenario: s\n    Given a step that prints \"x\"\n")
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["Features/other.feature", "--format", "summary"], in: project.root,
            environment: ["SPECS_FIXTURE_REGISTERED_TWICE": "1"])
        let warnings = run.err.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(warnings.count, 1, run.err)
        XCTAssertTrue(
            warnings.first?.contains("warning: 'a step that passes' is registered twice, first at ") == true, run.err)
        XCTAssertTrue(warnings.first?.contains("Sources/misbehaving-specs/main.swift:") == true, run.err)
        // Both at file:line:column, the first where `steps.given(` opens on line 10.
        XCTAssertNotNil(
            warnings.first?.range(of: #"main\.swift:\d+:\d+: warning: "#, options: .regularExpression), run.err)
        XCTAssertTrue(warnings.first?.contains("main.swift:10:12: every step it matches") == true, run.err)
        XCTAssertEqual(run.code, 0, "a warning: Cucumber registers both, and a step they match is ambiguous")
    }

    func test_run_undefinedStepsWithCustomTypesAndApostrophesInsideWords_snippetsKeepTheWords() throws {
        let run = try run(
            ["the user logs in as bob", #"the user's path is C:\temp\new and it's fine"#, "red blue-green redder"],
            types: "snippets")
        XCTAssertEqual(run.code, 1, run.err)
        XCTAssertTrue(run.out.contains(#"steps.given("the user logs in as bob") { world in"#), run.out)
        XCTAssertTrue(
            run.out.contains(#"steps.given("the user's path is C:\\\\temp\\\\new and it's fine") { world in"#), run.out)
        XCTAssertTrue(
            run.out.contains(
                #"steps.given("{color} {color}-{color} redder") { (world, color1: String, color2: String, color3: String) in"#
            ), run.out)
        XCTAssertFalse(run.out.contains("{opgrp}"), run.out)
    }

    func test_run_parameterTypeWhoseRegularExpressionDoesNotCompile_isAnErrorAtItsLineAndNothingRuns() throws {
        let run = try run(["a step that passes"], types: "invalid")
        XCTAssertEqual(run.code, 2, run.out + run.err)
        let errors = run.err.split(separator: "\n").filter { $0.contains("error:") }
        let typeError = try XCTUnwrap(
            errors.first {
                $0.hasSuffix(": error: The regular expression of parameter type {bad} does not compile: /([/")
            },
            run.err)
        let place = try XCTUnwrap(typeError.range(of: ": error:")).lowerBound
        XCTAssertTrue(typeError[..<place].contains("misbehaving-specs/main.swift:"), String(typeError))
        XCTAssertTrue(
            errors.contains {
                $0.hasSuffix(
                    "'a step with a {bad} parameter' uses {bad}, which could not be registered (see \(typeError[..<place]))"
                )
            }, run.err)
        XCTAssertEqual(errors.count, 2, run.err)
        XCTAssertFalse(run.out.contains("passed"), run.out)
    }
}
