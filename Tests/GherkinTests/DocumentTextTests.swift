import Foundation
import Gherkin
import XCTest

/// The text of nodes and pickles: descriptions joined across lines, doc strings
/// unindented and unescaped, keywords as written, ids in the order nodes are finished.
final class DocumentTextTests: XCTestCase {
    private func parse(_ source: String, ids: inout some IdGenerator) throws -> GherkinDocument {
        try Parser().parse(source, uri: "t.feature", ids: &ids)
    }

    private func parse(_ source: String) throws -> GherkinDocument {
        var ids = IncrementingIdGenerator()
        return try parse(source, ids: &ids)
    }

    func test_description_crlfLines_joinedWithLineFeedsOnly() throws {
        let document = try parse("Feature: f\r\n  line one\r\n  line two\r\n\r\n  Scenario: s\r\n")
        XCTAssertEqual(document.feature?.description, "  line one\n  line two")
        XCTAssertEqual(document.feature?.name, "f")
    }

    func test_description_commentBetweenLines_leavesCommentOut() throws {
        let document = try parse("Feature: f\n  line one\n# a comment\n  line two\n")
        XCTAssertEqual(document.feature?.description, "  line one\n  line two")
        XCTAssertEqual(document.comments.map(\.text), ["# a comment"])
    }

    func test_docString_indentedAndEscaped_contentUnindentedAndUnescaped() throws {
        let source =
            "Feature: f\n  Scenario: s\n    Given g\n      \"\"\"json\n      {\n        \\\"\\\"\\\"\n      }\n      \"\"\"\n"
        let step = try XCTUnwrap(firstScenario(try parse(source))?.steps.first)
        XCTAssertEqual(step.docString?.content, "{\n  \"\"\"\n}")
        XCTAssertEqual(step.docString?.mediaType, "json")
        XCTAssertEqual(step.docString?.delimiter, "\"\"\"")
    }

    func test_tag_spaceAfterAt_nameStillStartsWithAt() throws {
        XCTAssertEqual(try parse("@ a @b\nFeature: f\n").feature?.tags.map(\.name), ["@a", "@b"])
    }

    func test_keyword_titleAndStep_withoutColonWithTrailingSpace() throws {
        let scenario = try XCTUnwrap(
            firstScenario(
                try parse("Feature: f\n  Scenario Outline: o\n    Given <x>\n    Examples:\n      | x |\n      | 1 |\n")
            ))
        XCTAssertEqual(scenario.keyword, "Scenario Outline")
        XCTAssertEqual(scenario.steps.first?.keyword, "Given ")
        XCTAssertEqual(scenario.examples.first?.keyword, "Examples")
    }

    func test_ids_anyGenerator_keptAsItsStringsInOrder() throws {
        var ids = PrefixedIds()
        let document = try parse("Feature: f\n  Scenario: s\n    Given g\n", ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "t.feature", ids: &ids)
        let scenario = try XCTUnwrap(firstScenario(document))
        XCTAssertEqual(scenario.steps.first?.id, "id-0")
        XCTAssertEqual(scenario.id, "id-1")
        XCTAssertEqual(pickles.first?.steps.first?.id, "id-2")
        XCTAssertEqual(pickles.first?.id, "id-3")
        XCTAssertEqual(pickles.first?.steps.first?.astNodeIds, ["id-0"])
        XCTAssertEqual(ids.next, 4)
    }

    func test_ids_predictable_countOnFromWhereTheyStart() throws {
        var ids = IncrementingIdGenerator(startingAt: 98)
        let document = try parse("Feature: f\n  Scenario: s\n    Given g\n", ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "t.feature", ids: &ids)
        XCTAssertEqual(firstScenario(document)?.id, "99")
        XCTAssertEqual(pickles.first?.id, "101")
        XCTAssertEqual(ids.newId(), "102")
    }

    func test_decode_encodedDocumentAndPickles_equalOriginals() throws {
        let source = """
            @t
            Feature: f
              about it
              Background: b
                Given a
              Rule: r
                Scenario Outline: <x> one
                  Given <x> with
                    | a | <x> |
                    \"\"\"md
                    <x>
                    \"\"\"
                  Examples: e
                    | x |
                    | 1 |
                    | 2 |
            """
        var ids = IncrementingIdGenerator()
        let document = try parse(source, ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "t.feature", ids: &ids)
        XCTAssertEqual(pickles.map(\.name), ["1 one", "2 one"])
        XCTAssertEqual(pickles.last?.steps.last?.argument?.docString?.content, "2")
        XCTAssertEqual(pickles.last?.steps.last?.argument?.dataTable?.rows.first?.cells.map(\.value), ["a", "2"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let decodedDocument = try JSONDecoder().decode(GherkinDocument.self, from: encoder.encode(document))
        XCTAssertEqual(decodedDocument, document)
        XCTAssertEqual(try encoder.encode(decodedDocument), try encoder.encode(document))
        for pickle in pickles {
            let decoded = try JSONDecoder().decode(Pickle.self, from: encoder.encode(pickle))
            XCTAssertEqual(decoded, pickle)
            XCTAssertEqual(decoded.steps.last?.argument, pickle.steps.last?.argument)
        }
        XCTAssertNotEqual(pickles[0], pickles[1])
    }

    private func firstScenario(_ document: GherkinDocument) -> Scenario? {
        for child in document.feature?.children ?? [] {
            switch child {
            case .scenario(let scenario): return scenario
            case .rule(let rule):
                for case .scenario(let scenario) in rule.children { return scenario }
            case .background: continue
            }
        }
        return nil
    }
}

/// Ids `id-0`, `id-1`, ...: a generator that is not the predictable one.
private struct PrefixedIds: IdGenerator {
    var next = 0
    mutating func newId() -> String {
        defer { next += 1 }
        return "id-\(next)"
    }
}
