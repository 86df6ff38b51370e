import FeatureLint
import Gherkin
import SpecsRunner
import XCTest

@testable import SpecsLanguageServer

final class FeatureAnalysisTests: XCTestCase {
    func test_init_fileThatDoesNotParse_keepsItsStepsAndHeadingsInItsDialect() {
        let analysis = FeatureAnalysis(
            text: #"""
                # language: es
                Característica: Préstamos
                  Escenario: prestar
                    Dado un libro disponible
                    """
                    Y este texto no es un paso
                    """
                    Y un socio al día
                  Escenari: mal escrito
                    Cuando presta el libro
                """#, uri: "file:///x.feature")
        XCTAssertFalse(analysis.errors.isEmpty)
        XCTAssertEqual(analysis.steps.map(\.text), ["un libro disponible", "un socio al día", "presta el libro"])
        XCTAssertEqual(analysis.steps.map(\.type), [PickleStepType.context, .context, .action])
        XCTAssertEqual(analysis.headings.map(\.title), ["Característica: Préstamos", "Escenario: prestar"])
    }

    func test_init_byteOrderMark_parsesAndCountsItOnTheFirstLine() {
        let analysis = FeatureAnalysis(
            text: "\u{FEFF}Feature: F\r\n  Scenario: s\r\n    Given a step\r\n", uri: "file:///bom.feature")
        XCTAssertEqual(analysis.errors.count, 0)
        XCTAssertTrue(analysis.byteOrderMark)
        XCTAssertEqual(analysis.headings.first?.column, 2, "the mark is one UTF-16 unit of line 1")
        XCTAssertEqual(analysis.steps.map(\.text), ["a step"])
    }

    func test_init_outlineInAFileThatDoesNotParse_matchesItsStepsByItsExamplesRows() {
        let analysis = FeatureAnalysis(
            text: """
                Feature: F
                  Scenario Outline: o
                    Given <count> items
                      | a |
                    Then it costs <price>

                    Examples:
                      | count | price |
                      | 1     | 2     |
                      | 3     | 4     |
                  Scenari: typo
                """, uri: "file:///o.feature")
        XCTAssertFalse(analysis.errors.isEmpty)
        XCTAssertEqual(analysis.steps.map(\.texts), [["1 items", "3 items"], ["it costs 2", "it costs 4"]])
        XCTAssertEqual(analysis.steps.map(\.table), [true, false])
    }

    func test_diagnostics_outlineStepUndefinedInSeveralRows_namesTheOtherRowsTexts() {
        let analysis = FeatureAnalysis(
            text: """
                Feature: F
                  Scenario Outline: o
                    Given <count> items

                    Examples:
                      | count |
                      | 1     |
                      | 2     |
                      | 3     |
                      | 1     |
                """, uri: "file:///o.feature")
        final class World {}
        var steps = StepRegistry { World() }
        steps.given("2 items") { _ in }
        let catalog = StepCatalog(steps)
        let checks = StepChecks(matches: { catalog.matches($0) })
        let messages = analysis.diagnostics(checks: checks, linter: FeatureLinter()).filter {
            $0["code"] as? String == "undefined"
        }.compactMap { $0["message"] as? String }
        XCTAssertEqual(messages.count, 1, "\(messages)")
        XCTAssertEqual(
            messages.first,
            "Undefined step: no step definition matches '1 items' (nor in another example row: '3 items')")
    }

    func test_init_documentLargerThanChecked_isOneDiagnosticAndNoWork() {
        let analysis = FeatureAnalysis(
            text: String(repeating: "#\n", count: FeatureAnalysis.largestChecked / 2 + 1), uri: "file:///big.feature")
        XCTAssertTrue(analysis.tooLarge)
        XCTAssertEqual(
            analysis.diagnostics(checks: StepChecks(matches: { _ in [] }), linter: FeatureLinter()).compactMap {
                $0["code"] as? String
            }, ["too-large"])
    }

    func test_staleSources_definitionsEditedAfterTheBuild_areNamedNewestFirst() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("freshness-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func file(_ name: String, age: TimeInterval) throws -> String {
            let path = folder.appendingPathComponent(name).path
            _ = FileManager.default.createFile(atPath: path, contents: Data())
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSinceNow: -age)], ofItemAtPath: path)
            return path
        }
        let runner = try file("runner", age: 100)
        let older = try file("Old.swift", age: 200)
        let newer = try file("New.swift", age: 10)
        let newest = try file("Newest.swift", age: 5)
        XCTAssertEqual(RunnerFreshness(executable: runner).staleSources([older, newer, newest]), [newest, newer])
        XCTAssertNil(RunnerFreshness(executable: runner).rebuilt())
    }
}

extension FeatureAnalysisTests {
    func test_diagnostics_shortForeignKeywordBeforeADefinedStep_isToldAsARunTellsIt() {
        // `Wenn` is a word of prose too: it is told only before a step the definitions define,
        // with an outline's values in its placeholders, as the run warns of it.
        let analysis = FeatureAnalysis.checked(
            text: """
                Feature: F

                  Scenario: lost
                    Wenn the order is paid
                    Given a cart

                  Scenario Outline: lost too
                    Dann the order is <state>
                    Given a cart

                    Examples:
                      | state |
                      | paid  |

                  Scenario: prose
                    Wenn the weather is fine
                    Given a cart
                """, uri: "file:///lost.feature", linter: FeatureLinter())
        final class World {}
        var steps = StepRegistry { World() }
        steps.given("a cart") { _ in }
        steps.then("the order is paid") { _ in }
        let catalog = StepCatalog(steps)
        let found = analysis.diagnostics(checks: StepChecks(matches: { catalog.matches($0) }), linter: FeatureLinter())
            .filter { $0["code"] as? String == "other-language-keyword" }
        XCTAssertEqual(
            found.compactMap { ($0["range"] as? [String: Any])?["start"] as? [String: Int] },
            [["line": 3, "character": 4], ["line": 7, "character": 4]], "\(found)")
        XCTAssertTrue((found.first?["message"] as? String)?.contains("'Wenn' is a step keyword in de") == true)
        let withoutDefinitions = analysis.diagnostics(checks: StepChecks(matches: { _ in [] }), linter: FeatureLinter())
        XCTAssertFalse(withoutDefinitions.contains { $0["code"] as? String == "other-language-keyword" })
    }
}
