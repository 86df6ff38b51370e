import Foundation
import SpecsReporting
import SpecsRunner
import XCTest

/// A background is read once per feature in the pretty output: in full under the first
/// scenario, as one line under the others while it passes.
final class PrettyBackgroundTests: XCTestCase {
    func test_pretty_backgroundOfManyScenarios_isPrintedInFullOnceThenAsOneLine() async throws {
        let feature = """
            Feature: F
              Background:
                Given a passing step
                And a passing step

              Scenario: one
                Given a passing step

              Scenario: two
                Given a passing step

              Scenario: three
                Given a failing step
            """
        let text = try await PrettyGoldenTests.render(
            { PrettyFormatter(output: $0, palette: .none) }, feature: feature)
        XCTAssertEqual(text.components(separatedBy: "(Background: 2 steps passed, as above)").count - 1, 2, text)
        let one = try XCTUnwrap(text.range(of: "Scenario: one"))
        let two = try XCTUnwrap(text.range(of: "Scenario: two"))
        XCTAssertEqual(
            text[one.upperBound..<two.lowerBound].components(separatedBy: "Given a passing step").count - 1, 2, text)
    }

    func test_pretty_attachmentOfAHookWithoutAName_saysAHook() async throws {
        var registry = StatusTests.registry()
        registry.after { _ in Attach.text("{}", mediaType: "application/json") }
        registry.after("save the cart") { _ in Attach.text("[]", mediaType: "application/json") }
        let text = try await PrettyGoldenTests.render(
            { PrettyFormatter(output: $0, palette: .none) },
            feature: "Feature: F\n  Scenario: s\n    Given a passing step\n",
            registry: registry)
        XCTAssertTrue(text.contains("attached from a hook: application/json, 2 bytes"), text)
        XCTAssertTrue(text.contains("attached from hook save the cart: application/json, 2 bytes"), text)
        XCTAssertFalse(text.contains("hook hook"), text)
    }
}
