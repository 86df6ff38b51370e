import Foundation
import XCTest

/// A step or heading the parser reads as description, its keyword misspelt or another
/// language's: the run goes on (it is legal Gherkin) and says so at its place, as `specs
/// lint` does, instead of passing a scenario that lost its steps without a word.
final class DescriptionKeywordTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws { scratch = try ScratchProject("specs-description-keywords") }
    override func tearDown() { scratch.remove() }

    func test_run_stepsAndHeadingsReadAsDescription_areWarnedAtTheirPlace() throws {
        try scratch.write(
            "Features/de.feature",
            "# language: de\nFunktionalität: Kasse\n\n  Szenario: Zwei\n    Given a step that passes\n")
        try scratch.write(
            "Features/fr.feature",
            "# language: fr\nFonctionnalité: Caisse\n\n  Sénario: Deux\n    Soit a step that passes\n")
        try scratch.write("Features/en.feature", "Feature: Fine\n\n  Scenario: one\n    Given a step that passes\n")
        let run = try ExecutableRun.run("misbehaving-specs", ["--format", "summary"], in: project)
        let warnings = run.err.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(
            warnings.map { String($0.prefix { $0 != " " }) },
            ["Features/de.feature:5:5:", "Features/fr.feature:4:3:"], run.err)
        XCTAssertTrue(warnings.first?.contains("did you mean 'Angenommen'?") == true, run.err)
        XCTAssertTrue(warnings.first?.hasSuffix("[other-language-keyword]") == true, run.err)
        XCTAssertTrue(warnings.last?.contains("'Scénario:'") == true, run.err)
        // Legal Gherkin: the verdict is the scenarios' (the English step in German is no step).
        XCTAssertEqual(run.code, 0, run.out + run.err)
    }
}
