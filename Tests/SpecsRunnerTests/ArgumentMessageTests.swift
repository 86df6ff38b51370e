import Messages
import SpecsRunner
import XCTest

/// A step whose values do not fit its closure fails with words that say why, in the
/// step's own terms: no Swift optional's debug text, a number too large for `Float` is
/// refused as one too large for `Int8` is, a doc string where a table is expected is named.
final class ArgumentMessageTests: XCTestCase {
    /// The failure messages of `steps`, each run as a scenario of its own.
    private func failures(_ steps: [String], _ registry: StepRegistry<TestWorld>) async throws -> [String] {
        var messages: [String] = []
        for step in steps {
            let (_, envelopes) = try await RunHarness(("f.feature", "Feature: f\n  Scenario: s\n    * \(step)\n"))
                .run(registry)
            for case .testStepFinished(let finished) in envelopes where finished.testStepResult.status == .failed {
                messages.append(finished.testStepResult.message ?? "")
            }
        }
        return messages
    }

    func test_run_customTypeOfAnyNumberTakenAsDoubleOrDecimal_isTheNumber() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.parameterType("wide", regex: #"\d+"#) { groups in Int64(groups[0] ?? "") ?? 0 }
        steps.parameterType("small", regex: #"\d+"#) { groups in Int32(groups[0] ?? "") ?? 0 }
        steps.parameterType("half", regex: "half") { _ in Float(0.5) }
        steps.given("wide {wide}") { (_, value: Double) in
            guard value == 5 else { throw ExpectationFailure("got \(value)") }
        }
        steps.given("small {small}") { (_, value: Decimal) in
            guard value == 7 else { throw ExpectationFailure("got \(value)") }
        }
        steps.given("{half} a cup") { (_, value: Decimal) in
            guard value == Decimal(string: "0.5") else { throw ExpectationFailure("got \(value)") }
        }
        XCTAssertTrue(steps.problems.isEmpty, "\(steps.problems)")
        let messages = try await failures(["wide 5", "small 7", "half a cup"], steps)
        XCTAssertEqual(messages, [])
    }

    func test_run_regexGroupTooLargeForItsInteger_namesTheTextWithoutOptional() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given(regex: #"^rxint8 (\d+)$"#) { (_, _: Int8) in }
        let messages = try await failures(["rxint8 300"], steps)
        XCTAssertEqual(messages, [#"cannot use "300" (String) as Int8"#])
    }

    func test_run_optionalGroupThatDidNotMatch_saysSoAndHowToTakeIt() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given(regex: #"^rxoptint (\d+)?x$"#) { (_, _: Int) in }
        steps.given(regex: #"^rxoptional (\d+)?x$"#) { (_, n: Int?) in try expectEqual(n, nil, "no number") }
        let messages = try await failures(["rxoptint x", "rxoptional x"], steps)
        XCTAssertEqual(
            messages,
            ["capture group 1 did not match, so there is no Int to give: declare the parameter as Int? to take nil"])
    }

    func test_run_floatTooLargeForFloat_failsAsAnIntegerTooLargeDoes() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("floatf {float}") { (_, _: Float) in }
        steps.given("double {float}") { (_, _: Double) in }
        let messages = try await failures(["floatf 1E300", "floatf 1E30", "double 1E300"], steps)
        XCTAssertEqual(messages, ["cannot use 1e+300 (Double) as Float"])
    }

    func test_run_floatTakenAsDecimal_isTheNumberTheStepWrote() async throws {
        let seen = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("floatdec {float}") { (_, value: Decimal) in seen.add("\(value)") }
        let messages = try await failures(
            [
                "floatdec 1.005", "floatdec 123456.789", "floatdec 12345678.12345678", "floatdec 1E-20",
                "floatdec 1.7976931348623157E308",
            ], steps)
        XCTAssertEqual(seen.all, ["1.005", "123456.789", "12345678.12345678", "0.00000000000000000001"])
        XCTAssertEqual(messages, ["cannot use 1.7976931348623157e+308 (Double) as Decimal"])
    }

    func test_run_textTakenAsDecimal_mustBeANumberThroughout() async throws {
        let seen = Journal()
        var steps = StepRegistry { TestWorld() }
        steps.given("worddec {word}") { (_, value: Decimal) in seen.add("\(value)") }
        steps.given("stringdec {string}") { (_, value: Decimal) in seen.add("\(value)") }
        let messages = try await failures(
            ["worddec 1.5abc", "worddec 1,5", "worddec -", #"stringdec "5 apples""#, "worddec -2.50", "worddec .5E1"],
            steps)
        XCTAssertEqual(seen.all, ["-2.5", "5"])
        XCTAssertEqual(
            messages,
            [
                #"cannot use "1.5abc" (String) as Decimal"#, #"cannot use "1,5" (String) as Decimal"#,
                #"cannot use "-" (String) as Decimal"#, #"cannot use "5 apples" (String) as Decimal"#,
            ])
    }

    func test_run_docStringWhereATableIsExpected_namesTheDocString() async throws {
        var steps = StepRegistry { TestWorld() }
        steps.given("table wanted:") { (_, _: DataTable) in }
        let feature = "Feature: f\n  Scenario: s\n    Given table wanted:\n      \"\"\"\n      text\n      \"\"\"\n"
        let (_, envelopes) = try await RunHarness(("f.feature", feature)).run(steps)
        let messages = envelopes.compactMap { envelope -> String? in
            guard case .testStepFinished(let finished) = envelope, finished.testStepResult.status == .failed else {
                return nil
            }
            return finished.testStepResult.message
        }
        XCTAssertEqual(messages, ["'table wanted:' takes a DataTable but the step has a DocString"])
    }
}
