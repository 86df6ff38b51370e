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
