import Foundation
import SpecsRunner
import XCTest

final class GitHubAnnotationsTests: XCTestCase {
    func test_run_on_github_actions_annotates_failed_and_undefined_steps() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/f.feature",
            "Feature: f\n  Scenario: broken, really\n    Given a failing step\n  Scenario: new\n    Given nobody wrote this\n"
        )
        setenv("GITHUB_ACTIONS", "true", 1)
        defer { unsetenv("GITHUB_ACTIONS") }
        let result = try await project.run(["@/Features", "--format", "summary"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(
            result.out.contains(
                "::error file=\(project.path("Features/f.feature")),line=3::broken, really: Given a failing step: expected green, got red"
            ), result.out)
        XCTAssertTrue(result.out.contains(",line=5::new: Given nobody wrote this: Undefined step\n"), result.out)
    }

    /// An ambiguous or a pending step fails the run: it is annotated where it is, as a failed one is.
    func test_run_on_github_actions_annotates_ambiguous_and_pending_steps() async throws {
        let project = try CommandHarness()
        try project.write(
            "Features/f.feature",
            "Feature: f\n  Scenario: two ways\n    Given the same words\n  Scenario: later\n    Given not yet\n")
        var steps = StepRegistry { EmptyWorld() }
        steps.given("the same words") { _ in }
        steps.given("the same {word}") { (_, _: String) in }
        steps.given("not yet") { _ in throw Pending("waiting for the payment API") }
        setenv("GITHUB_ACTIONS", "true", 1)
        defer { unsetenv("GITHUB_ACTIONS") }
        let result = try await project.run(["@/Features", "--format", "summary"], registry: steps)
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(result.out.contains(",line=3::two ways: Given the same words: Ambiguous step"), result.out)
        XCTAssertTrue(
            result.out.contains(",line=5::later: Given not yet: Pending: waiting for the payment API\n"), result.out)
    }
}
