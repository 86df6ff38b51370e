import Foundation
import SpecsRunner
import XCTest

/// Tags compare scalar for scalar: a hook whose tag the feature files write in other Unicode
/// (composed or decomposed accents) would run for none of their scenarios without a word.
final class HookTagUnicodeTests: XCTestCase {
    func test_run_hookTagWrittenInOtherUnicode_warnsWithTheHooksPlace() async throws {
        let project = try CommandHarness()
        // The feature writes `@café` decomposed (e + U+0301), as tools that write NFD do.
        try project.write(
            "Features/c.feature", "Feature: C\n  @cafe\u{0301}\n  Scenario: s\n    Given a step\n")
        var steps = StepRegistry { EmptyWorld() }
        steps.given("a step") { _ in }
        steps.before(tags: "@caf\u{E9}") { _ in }  // composed
        steps.before(tags: "@cafe\u{0301} or @tea") { _ in }  // as the feature writes it
        let result = try await project.run(["@/Features", "--format", "summary"], registry: steps)
        XCTAssertEqual(result.code, 0, result.out + result.err)
        let warnings = result.err.components(separatedBy: "\n").filter { $0.contains("warning: the hook's tag") }
        XCTAssertEqual(warnings.count, 1, result.err)
        XCTAssertTrue(
            warnings.first?.contains(
                "HookTagUnicodeTests.swift:15:21: warning: the hook's tag @caf\u{E9} is written alike in other Unicode")
                ?? false, result.err)
    }
}
