import Foundation
import SpecsRunner
import XCTest

// The README's "The API you type" example is this file's code between the two markers below,
// after its imports: compiled with every build, and compared with the README by the test.
// readme-snippet-start
final class LibraryWorld {
    var loans: [String: Int] = [:]
}

func libraryRegistry() -> StepRegistry<LibraryWorld> {
    var steps = StepRegistry { LibraryWorld() }

    // A custom parameter type: `{isbn}` in the expressions registered after it.
    steps.parameterType("isbn", regex: #"\d{3}-\d{10}"#) { groups in groups[0] ?? "" }

    steps.given("the book {isbn} is lent for {int} day(s)") { (world, isbn: String, days: Int) in
        world.loans[isbn] = days
        Attach.text(#"{"isbn": "\#(isbn)", "days": \#(days)}"#, mediaType: "application/json")
    }
    steps.then("the book {isbn} is due in {int} days") { (world, isbn: String, days: Int) in
        try expectEqual(world.loans[isbn], days, "days of the loan")
        try expect(world.loans.count < 10, "a member borrows at most 10 books")
    }
    steps.when("the member pays a fine") { _ in throw Pending("fines come with the next release") }

    // Hooks: around each scenario (told which one and, after it, how it ended), and the run.
    steps.before(tags: "@clean") { world in world.loans = [:] }
    steps.after { world, context in
        if context.status == .failed { Attach.log("\(context.scenario.name): loans \(world.loans)") }
    }
    steps.beforeAll { print("the library opens") }
    steps.afterAll { print("the library closes") }
    return steps
}
// readme-snippet-end

final class ReadmeSnippetTests: XCTestCase {
    private static let here = URL(fileURLWithPath: #filePath)

    func test_readme_apiExample_isTheCodeCompiledHere() throws {
        let readme = try String(
            contentsOf: Self.here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "<!-- compiled by Tests/SpecsRunnerTests/ReadmeSnippetTests.swift -->"
        let afterMarker = try XCTUnwrap(readme.range(of: marker), "the README lost its compiled example").upperBound
        let block =
            try XCTUnwrap(readme[afterMarker...].components(separatedBy: "```swift\n").dropFirst().first)
            .components(separatedBy: "\n```").first ?? ""
        let code = block.split(separator: "\n", omittingEmptySubsequences: false).drop {
            $0.hasPrefix("import ") || $0.isEmpty
        }.joined(separator: "\n")
        let source = try String(contentsOf: Self.here, encoding: .utf8)
        let region = try XCTUnwrap(
            source.components(separatedBy: "// readme-snippet-start\n").dropFirst().first?
                .components(separatedBy: "\n// readme-snippet-end").first)
        XCTAssertEqual(code, region, "the README's example and the code compiled here differ")
    }

    func test_readme_apiExample_registersWithoutProblemsAndMatches() {
        let steps = libraryRegistry()
        XCTAssertEqual(steps.problems, [])
        let catalog = StepCatalog(steps)
        XCTAssertEqual(catalog.matches("the book 978-0131103627 is lent for 1 day").count, 1)
        XCTAssertEqual(catalog.matches("the book 978-0131103627 is due in 14 days").count, 1)
    }
}
