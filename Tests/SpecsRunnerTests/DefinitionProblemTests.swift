import SpecsRunner
import XCTest

final class DefinitionProblemTests: XCTestCase {
    func test_given_bad_expression_reports_file_and_line() {
        var steps = StepRegistry { TestWorld() }
        steps.given("three (blind mice") { _ in }
        XCTAssertEqual(steps.problems.count, 1)
        XCTAssertEqual(steps.problems.first?.location.file, "SpecsRunnerTests/DefinitionProblemTests.swift")
        XCTAssertEqual(steps.problems.first?.location.line, 7)
        XCTAssertTrue(steps.problems.first?.message.contains("does not have a matching ')'") == true)
    }

    func test_given_unknown_parameter_type_names_it() {
        var steps = StepRegistry { TestWorld() }
        steps.given("I fly to {airport}") { (_, _: String) in }
        XCTAssertEqual(steps.problems.first?.undefinedParameterType, "airport")
    }

    func test_given_closure_with_wrong_arity_is_reported() {
        var steps = StepRegistry { TestWorld() }
        steps.given("I have {int} cukes") { _ in }
        steps.given("I have {int} cukes in {word}") { (_, _: Int) in }
        XCTAssertEqual(steps.problems.count, 2)
        XCTAssertTrue(steps.problems[0].message.contains("has 1 parameter(s) but its closure takes 0"), steps.problems[0].message)
    }

    func test_given_trailing_table_parameter_is_accepted() {
        var steps = StepRegistry { TestWorld() }
        steps.given("these {int} rows:") { (_, _: Int, _: DataTable) in }
        steps.given("this text:") { (_, _: DocString) in }
        XCTAssertEqual(steps.problems, [])
    }

    func test_parameterType_custom_type_transforms_its_value() async throws {
        struct Flight: Sendable, Equatable { let from: String; let to: String }
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("flight", regex: "([A-Z]{3})-([A-Z]{3})") { groups in
            Flight(from: groups[0] ?? "", to: groups[1] ?? "")
        }
        let seen = Journal()
        steps.given("{flight} has been delayed") { (_, flight: Flight) in seen.add("\(flight.from)>\(flight.to)") }
        let feature = "Feature: f\n  Scenario: s\n    Given LHR-CDG has been delayed\n"
        let (summary, _) = try await RunHarness(("f.feature", feature)).run(steps)
        XCTAssertEqual(summary.exitCode, 0)
        XCTAssertEqual(seen.all, ["LHR>CDG"])
    }
}
