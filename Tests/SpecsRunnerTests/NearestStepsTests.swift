import Foundation
import XCTest

@testable import SpecsRunner

/// "Did you mean": the nearest definitions by text and by parameters, with bounded work.
final class NearestStepsTests: XCTestCase {
    final class World {}

    private func nearest(_ expressions: [String], withAnInt: [String] = []) -> NearestSteps {
        var steps = StepRegistry { World() }
        for expression in expressions { steps.given(expression) { _ in } }
        for expression in withAnInt { steps.given(expression) { (_, _: Int) in } }
        XCTAssertEqual(steps.problems.count, 0)
        return NearestSteps(definitions: steps.steps)
    }

    func test_nearest_misspeltWord_findsTheDefinitionMeantFirst() {
        let found = nearest(["a step that fails", "a step that passes", "the barrier opens"])
            .nearest(to: "a step that pases")
        XCTAssertEqual(found.map(\.expression), ["a step that passes"])
        XCTAssertTrue(found[0].location.file.hasSuffix("NearestStepsTests.swift"), found[0].location.file)
    }

    func test_nearest_otherParameterType_findsTheDefinitionWithTheSameWords() {
        let found = nearest(["the ticket is lost"], withAnInt: ["the ticket costs {int} euros"])
            .nearest(to: #"the ticket costs "12.50" euros"#)
        XCTAssertEqual(found.first?.expression, "the ticket costs {int} euros")
    }

    /// A step one letter off a definition with a custom parameter type is found, its value
    /// read as that type, as a snippet reads it.
    func test_nearest_customParameterType_findsTheDefinitionOneLetterOff() throws {
        var steps = StepRegistry { World() }
        steps.parameterType("money", regex: #"\d+[.,]\d{2} ?(?:€|EUR)"#) { groups in groups.first.flatMap { $0 } ?? "" }
        steps.then("beträgt die Summe {money}") { (_, _: String) in }
        steps.given("ein leerer Warenkorb") { _ in }
        XCTAssertEqual(steps.problems.count, 0)
        let nearest = NearestSteps(
            definitions: steps.steps, types: steps.customParameterTypes.map(\.type).filter(\.useForSnippets))
        XCTAssertEqual(nearest.nearest(to: "beträgt die Sume 3,00 €").first?.expression, "beträgt die Summe {money}")
    }

    /// The bounded distance agrees with the whole one wherever the whole one is within the bound.
    func test_distance_bounded_agreesWithTheWholeOneWithinItsBound() {
        var generator = SystemRandomNumberGenerator()
        let letters = Array("abcé ".unicodeScalars)
        for _ in 0..<3000 {
            let a = (0..<Int.random(in: 0...12, using: &generator)).map { _ in letters.randomElement(using: &generator)!
            }
            let b = (0..<Int.random(in: 0...12, using: &generator)).map { _ in letters.randomElement(using: &generator)!
            }
            let bound = Int.random(in: 0...5, using: &generator)
            let whole = NearestSteps.distance(a, b)
            XCTAssertEqual(NearestSteps.distance(a, b, atMost: bound), min(whole, bound + 1), "\(a) \(b) \(bound)")
        }
    }

    func test_nearest_optionalTextAndEscapes_areReadAsTheExpressionsWords() {
        XCTAssertEqual(
            NearestSteps.literalWords(ofExpression: #"{int} car(s) park \(level {int}\)"#),
            "\u{1} car park (level \u{1})")
    }

    func test_nearest_nothingNear_findsNothing() {
        XCTAssertEqual(nearest(["a step that passes"]).nearest(to: "the garage barrier opens for KA-1234"), [])
    }

    func test_didYouMean_decomposedText_saysSoAndNamesTheDefinitionItMeant() throws {
        let text = try XCTUnwrap(
            nearest(["ein Korb enthält Äpfel"]).didYouMean("ein Korb entha\u{308}lt A\u{308}pfel"))
        XCTAssertTrue(text.hasPrefix("The step's text is in decomposed Unicode (NFD"), text)
        XCTAssertTrue(text.contains("'ein Korb enthält Äpfel' at "), text)
        XCTAssertFalse(text.contains("Did you mean"), text)
    }

    func test_didYouMean_decimalComma_namesTheFloatDefinitionItMeant() throws {
        // A German or French team's `2,5 EUR`: the {float} step is one character away.
        var registry = StepRegistry { World() }
        registry.given("ein Warenkorb mit {int} Artikel(n) zu {float} EUR") { (_, _: Int, _: Double) in }
        registry.given("a step that passes") { _ in }
        XCTAssertEqual(registry.problems.count, 0)
        let steps = NearestSteps(definitions: registry.steps)
        let text = try XCTUnwrap(steps.didYouMean("ein Warenkorb mit 2 Artikel zu 2,5 EUR"))
        XCTAssertTrue(
            text.hasPrefix("The step writes a decimal comma; 'ein Warenkorb mit {int} Artikel(n) zu {float} EUR' at "),
            text)
        XCTAssertTrue(
            text.hasSuffix(
                "with a decimal point ('ein Warenkorb mit 2 Artikel zu 2.5 EUR'): {float} reads a point, as Cucumber's does"
            ), text)
        // A comma that is no decimal one is left to the nearest steps.
        XCTAssertNil(NearestSteps.withDecimalPoints("1, 2 and 3,"))
        XCTAssertEqual(NearestSteps.withDecimalPoints("1,5 and 2,25"), "1.5 and 2.25")
        XCTAssertFalse(steps.didYouMean("ein Warenkorb mit 2 Artikeln zu 2,5 Euro")?.contains("decimal comma") ?? false)
    }

    func test_didYouMean_namesEachDefinitionWithItsPlace() throws {
        let text = try XCTUnwrap(nearest(["a step that passes"]).didYouMean("a step that pases"))
        XCTAssertTrue(text.hasPrefix("Did you mean:\n  'a step that passes' at "), text)
        XCTAssertTrue(text.contains("NearestStepsTests.swift:"), text)
    }

    func test_nearest_manyDefinitionsSharingTheirWords_stillFindsTheOneMeant() {
        var expressions = (0..<5_000).map { "a step that passes number \($0) of the garage" }
        expressions.append("a step that pays the parking fee")
        let found = nearest(expressions).nearest(to: "a step that pays the parkng fee")
        XCTAssertEqual(found.map(\.expression), ["a step that pays the parking fee"])
    }
}
