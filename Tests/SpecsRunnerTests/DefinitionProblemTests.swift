import Foundation
import SpecsRunner
import XCTest

final class DefinitionProblemTests: XCTestCase {
    func test_given_bad_expression_reports_file_and_line() {
        var steps = StepRegistry { TestWorld() }
        steps.given("three (blind mice") { _ in }
        XCTAssertEqual(steps.problems.count, 1)
        XCTAssertEqual(steps.problems.first?.location.file, "Tests/SpecsRunnerTests/DefinitionProblemTests.swift")
        XCTAssertEqual(steps.problems.first?.location.line, 8)
        // At the call's arguments, as a compiler places an error, so that an editor opens it there.
        XCTAssertEqual(steps.problems.first?.location.column, 20)
        XCTAssertTrue(
            steps.problems.first?.description.hasPrefix(
                "Tests/SpecsRunnerTests/DefinitionProblemTests.swift:8:20: error: ") == true)
        XCTAssertTrue(steps.problems.first?.message.contains("does not have a matching ')'") == true)
    }

    func test_hooks_badTagExpression_isPlacedAtTheCallersColumnWhicheverOverload() {
        var steps = StepRegistry { TestWorld() }
        steps.before(tags: "@a and") { _ in }
        steps.afterStep(tags: "or @b") { _, _ in }
        let line = #line - 2
        // The short overloads pass the caller's place on: not their own line in the library.
        XCTAssertEqual(
            steps.problems.map { "\($0.location.line):\($0.location.column ?? 0)" }, ["\(line):21", "\(line + 1):24"])
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
        XCTAssertTrue(
            steps.problems[0].message.contains("has 1 parameter(s) but its closure takes 0"), steps.problems[0].message)
    }

    func test_given_sameExpressionRegisteredTwice_isKeptAmbiguousAndNamedWithTheFirstPlace() {
        var steps = StepRegistry { TestWorld() }
        steps.given("I pay {int} cents") { (_, _: Int) in }
        steps.then("I pay {int} cents") { (_, _: Int) in }
        steps.given(regex: "^I pay (\\d+) cents$") { (_, _: Int) in }
        steps.given("I pay {float} cents") { (_, _: Double) in }
        XCTAssertEqual(steps.problems, [])
        XCTAssertEqual(
            steps.registeredTwice.map { "\($0.location.line) \($0.first.line) \($0.expression)" },
            ["\(#line - 6) \(#line - 7) I pay {int} cents"])
    }

    func test_parameterType_withoutANameOrAnchored_isAProblemSayingWhy() {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("", regex: "x") { _ in 1 }
        let codeLine = #line + 1
        steps.parameterType("code", regex: #"^\d+$"#) { _ in 1 }
        steps.parameterType("price", regex: #"\d+\$"#) { _ in 1 }
        steps.given("code {code} here") { (_, _: Int) in }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "a parameter type needs a name: {} is the anonymous type, which matches anything",
                #"the regular expression of parameter type {code}, /^\d+$/, is anchored (^ or $): it is matched "#
                    + "inside a step's text, so it would never match; drop the anchors",
                "'code {code} here' uses {code}, which could not be registered (see "
                    + "Tests/SpecsRunnerTests/DefinitionProblemTests.swift:\(codeLine):28)",
            ])
    }

    func test_given_trailing_table_parameter_is_accepted() {
        var steps = StepRegistry { TestWorld() }
        steps.given("these {int} rows:") { (_, _: Int, _: DataTable) in }
        steps.given("this text:") { (_, _: DocString) in }
        XCTAssertEqual(steps.problems, [])
    }

    func test_parameterType_custom_type_transforms_its_value() async throws {
        struct Flight: StepArgument, Equatable {
            let from: String
            let to: String
        }
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

    func test_given_closureParameterTheParameterTypeCannotFill_isReportedAtRegistration() {
        var steps = StepRegistry { TestWorld() }
        steps.given("{int} accounts exist") { (_, _: String) in }
        XCTAssertEqual(steps.problems.count, 1)
        XCTAssertEqual(steps.problems.first?.location.line, #line - 2)
        XCTAssertEqual(
            steps.problems.first?.message,
            "'{int} accounts exist': parameter 1, {int}, gives Int values, but the closure takes it as String")
    }

    func test_given_customTypeTakenAsAnotherType_isReportedAtRegistration() {
        struct Money: StepArgument { let cents: Int }
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("money", regex: #"\d+ EUR"#) { _ in Money(cents: 0) }
        steps.given("a price of {money}") { (_, _: Double) in }
        steps.given("a cost of {money}") { (_, _: Money) in }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "'a price of {money}': parameter 1, {money}, gives Money values, but the closure takes it as Double"
            ])
    }

    func test_given_numbersAndTextTakenAsTheirKin_register() {
        var steps = StepRegistry { TestWorld() }
        steps.given("{int} as Int8") { (_, _: Int8) in }
        steps.given("{int} as a Double") { (_, _: Double) in }
        steps.given("{float} as Decimal") { (_, _: Decimal) in }
        steps.given("{word} as Int") { (_, _: Int) in }
        steps.given("{string} as an optional") { (_, _: String?) in }
        steps.step(regex: "^(.*) as Substring$") { (_, _: Substring) in }
        steps.step(regex: #"^(-?\d+) as UInt$"#) { (_, _: UInt) in }
        XCTAssertEqual(steps.problems, [])
    }

    func test_parameterType_regularExpressionThatDoesNotCompile_isReportedAtItsLine() {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("bad", regex: "([") { $0[0] ?? "" }
        let typeLine = #line - 1
        steps.given("use {bad}") { (_, _: String) in }
        XCTAssertEqual(
            steps.problems.map(\.description),
            [
                "Tests/SpecsRunnerTests/DefinitionProblemTests.swift:\(typeLine):28: error: "
                    + "The regular expression of parameter type {bad} does not compile: /([/",
                "Tests/SpecsRunnerTests/DefinitionProblemTests.swift:\(typeLine + 2):20: error: "
                    + "'use {bad}' uses {bad}, which could not be registered "
                    + "(see Tests/SpecsRunnerTests/DefinitionProblemTests.swift:\(typeLine):28)",
            ])
        XCTAssertEqual(steps.problems.compactMap(\.undefinedParameterType), [])
    }

    func test_given_tableBeforeTheExpressionsParameters_isReportedAsMisplaced() {
        var steps = StepRegistry { TestWorld() }
        steps.given("tab {int}") { (_, _: DataTable, _: Int) in }
        steps.given("doc {int} {int}") { (_, _: Int, _: DocString, _: Int) in }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "'tab {int}': the closure takes a DataTable as argument 1 after the world; "
                    + "a DataTable or DocString must be its last argument",
                "'doc {int} {int}': the closure takes a DocString as argument 2 after the world; "
                    + "a DataTable or DocString must be its last argument",
            ])
    }

    func test_given_oneMoreClosureArgumentThatIsNotATableOrDocString_saysWhatItMustBe() {
        var steps = StepRegistry { TestWorld() }
        steps.given("opt table") { (_, _: DataTable?) in }
        steps.given("opt doc") { (_, _: DocString?) in }
        steps.given("doc:") { (_, _: String) in }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "'opt table': the closure's last argument is a DataTable?; declare it DataTable"
                    + " (a step's table or doc string is never optional)",
                "'opt doc': the closure's last argument is a DocString?; declare it DocString"
                    + " (a step's table or doc string is never optional)",
                "'doc:' has 0 parameter(s), and its closure's one more argument after them is a String;"
                    + " that one must be a DataTable or DocString, for the step's table or doc string",
            ])
    }

    func test_givenRegex_groupTwoDefinedTypesMatch_isReportedUnlessOneIsPreferred() {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("c1", regex: "xx|yy") { "c1:" + ($0[0] ?? "") }
        steps.parameterType("c2", regex: "xx|yy") { "c2:" + ($0[0] ?? "") }
        steps.given(regex: #"^same (xx|yy)$"#) { (_, _: String) in }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "Your Regular Expression /^same (xx|yy)$/ matches multiple parameter types with regexp /xx|yy/: {c1} {c2}."
                    + " Make one of them preferential (preferForRegularExpressionMatch: true), or use a Cucumber Expression"
            ])
        XCTAssertEqual(steps.problems.first?.location.line, #line - 7)
    }

    func test_givenRegex_groupOfAPreferredType_takesItsValue() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("p1", regex: "zz", preferForRegularExpressionMatch: true) { "p1:" + ($0[0] ?? "") }
        steps.parameterType("p2", regex: "zz") { "p2:" + ($0[0] ?? "") }
        let seen = Journal()
        steps.given(regex: #"^pref (zz)$"#) { (_, value: String) in seen.add(value) }
        XCTAssertEqual(steps.problems, [])
        let (summary, _) = try await RunHarness(("f.feature", "Feature: f\n  Scenario: s\n    Given pref zz\n")).run(
            steps)
        XCTAssertEqual(summary.exitCode, 0)
        XCTAssertEqual(seen.all, ["p1:zz"])
    }

    func test_parameterType_secondPreferredTypeForTheSameRegex_isReportedAtItsLine() {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("p1", regex: "zz", preferForRegularExpressionMatch: true) { _ in "p1" }
        steps.parameterType("p2", regex: "zz", preferForRegularExpressionMatch: true) { _ in "p2" }
        XCTAssertEqual(
            steps.problems.map(\.message),
            [
                "There can only be one preferential parameter type per regexp. "
                    + "The regexp 'zz' is used for two preferential parameter types, {p1} and {p2}"
            ])
        XCTAssertEqual(steps.problems.first?.location.line, #line - 7)
    }

    func test_given_floatTakenAsAnInteger_isReported() {
        var steps = StepRegistry { TestWorld() }
        steps.given("{float} kilos") { (_, _: Int) in }
        XCTAssertEqual(steps.problems.count, 1)
    }
}
