import XCTest

@testable import SpecsRunner

/// The index that finds a step text's candidate definitions: whatever the definitions' and
/// the texts' characters (currency signs, degrees, CJK counters, emoji after a parameter),
/// matching through it finds what trying every definition finds, each definition once.
final class StepIndexTests: XCTestCase {
    /// A definition ending in `€` beside one ending in `$`: `5€` matched it once per suffix
    /// length of its group (1, 2 and 3 bytes) and called the step ambiguous with itself.
    func test_matches_suffixesOfOneAndSeveralBytes_findEachDefinitionOnce() {
        var steps = StepRegistry { NSObject() }
        steps.given("the price is {int}€") { (_, _: Int) in }
        steps.given("the price is {int}$") { (_, _: Int) in }
        steps.given("it costs {int}円") { (_, _: Int) in }
        steps.given("it costs {int}.") { (_, _: Int) in }
        steps.given("it costs {int}!!") { (_, _: Int) in }
        let matcher = StepMatcher(definitions: steps.steps)
        XCTAssertEqual(
            matcher.matches(for: "the price is 5€").map(\.definition.expression.source), ["the price is {int}€"])
        XCTAssertEqual(matcher.matches(for: "it costs 5円").map(\.definition.expression.source), ["it costs {int}円"])
    }

    /// Seeded definitions and texts of ASCII and multi-byte pieces: the matches are those of
    /// every definition tried in turn, in registration order, none twice.
    func test_matches_seededDefinitionsAndTexts_equalTryingEveryDefinition() {
        let pieces = ["a", "é", "€", "$", "°", "%", "円", "😀", "x y", ".", "!!", "m²"]
        var random = SplitMix64(seed: 11)
        for _ in 0..<200 {
            var steps = StepRegistry { NSObject() }
            var sources: Set<String> = []
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let prefix = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    pieces.randomElement(using: &random)!
                }
                let suffix = (0..<Int.random(in: 0...2, using: &random)).map { _ in
                    pieces.randomElement(using: &random)!
                }
                let source = "p " + prefix.joined() + "{int}" + suffix.joined()
                guard sources.insert(source).inserted else { continue }
                steps.given(source) { (_, _: Int) in }
            }
            let matcher = StepMatcher(definitions: steps.steps)
            for _ in 0..<10 {
                let text =
                    "p "
                    + (0..<Int.random(in: 0...2, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined() + "7"
                    + (0..<Int.random(in: 0...2, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                    .joined()
                let expected = steps.steps.filter { $0.expression.match(text) != nil }.map(\.id)
                XCTAssertEqual(matcher.matches(for: text).map(\.definition.id), expected, text)
            }
        }
    }
}
