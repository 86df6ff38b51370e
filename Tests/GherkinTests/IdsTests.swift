import Gherkin
import XCTest

/// The ids the parser hands out: predictable decimal ids, and the AST node ids a
/// pickle keeps inline.
final class IdsTests: XCTestCase {
    func test_newId_everyCountUpToAHundredThousand_equalsTheDecimalString() {
        var ids = IncrementingIdGenerator()
        for expected in 0..<100_000 {
            let id = ids.newId()
            guard id == String(expected) else { return XCTFail("id \(expected) came out as \(id)") }
        }
    }

    func test_newId_largeAndNegativeStarts_equalTheDecimalString() {
        for start in [Int.max - 2, 9_999_999_999_999_999, 999, -3] {
            var ids = IncrementingIdGenerator(startingAt: start)
            XCTAssertEqual([ids.newId(), ids.newId()], [String(start), String(start + 1)])
        }
    }

    /// A generator whose ids are not numbers: kept as the strings it made.
    struct LabelledIds: IdGenerator {
        var count = 0
        mutating func newId() -> String {
            defer { count += 1 }
            return "id-\(count)"
        }
    }

    static func firstScenario(_ document: GherkinDocument) -> Scenario? {
        guard case .scenario(let scenario) = document.feature?.children.first else { return nil }
        return scenario
    }

    static let outline =
        "Feature: f\n  Scenario Outline: o <x>\n    Given <x>\n    Examples:\n      | x |\n      | 1 |\n      | 2 |\n"

    func test_parseAndCompile_predictableIdsFromAStart_continueFromDocumentToPickles() throws {
        var ids = IncrementingIdGenerator(startingAt: 5)
        let document = try Parser().parse(Self.outline, uri: "o.feature", ids: &ids)
        // Nodes, children first: step, two rows, header row, examples, scenario.
        let scenario = try XCTUnwrap(Self.firstScenario(document))
        XCTAssertEqual(scenario.steps.map(\.id), ["5"])
        XCTAssertEqual(scenario.id, "10")
        let pickles = PickleCompiler().compile(document, uri: "o.feature", ids: &ids)
        XCTAssertEqual(pickles.map(\.id), ["12", "14"])
        XCTAssertEqual(pickles.flatMap(\.steps).map(\.id), ["11", "13"])
        XCTAssertEqual(ids.newId(), "15")
    }

    func test_parseAndCompile_generatedIds_areTheGeneratorsInOrder() throws {
        var ids = LabelledIds()
        let document = try Parser().parse(Self.outline, uri: "o.feature", ids: &ids)
        XCTAssertEqual(Self.firstScenario(document)?.id, "id-5")
        let pickles = PickleCompiler().compile(document, uri: "o.feature", ids: &ids)
        XCTAssertEqual(pickles.map(\.id), ["id-7", "id-9"])
        XCTAssertEqual(pickles.flatMap(\.steps).map(\.id), ["id-6", "id-8"])
        XCTAssertEqual(ids.count, 10)
    }

    func test_astNodeIds_nodeAndRow_isTheTwoIdsInOrder() {
        let ids = AstNodeIds("7", row: "12")
        XCTAssertEqual(Array(ids), ["7", "12"])
        XCTAssertEqual(ids.count, 2)
        XCTAssertEqual(ids[1], "12")
        XCTAssertEqual(Array(AstNodeIds("7")), ["7"])
        XCTAssertEqual(AstNodeIds("7", row: "12"), ["7", "12"])
        XCTAssertNotEqual(AstNodeIds("7"), ["7", "12"])
    }

    func test_astNodeIds_anyCount_roundTripsAsAJSONArray() throws {
        for ids: AstNodeIds in [[], ["1"], ["1", "2"], ["1", "2", "3"]] {
            let json = try JSONEncoder().encode(ids)
            XCTAssertEqual(try JSONDecoder().decode([String].self, from: json), Array(ids))
            XCTAssertEqual(try JSONDecoder().decode(AstNodeIds.self, from: json), ids)
        }
    }
}

final class RandomIdGeneratorTests: XCTestCase {
    func test_newId_isUUIDShapedVersion4AndUniqueAcrossManyIds() {
        var ids = RandomIdGenerator(seed: 42)
        var seen: Set<String> = []
        let shape = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
        for _ in 0..<200_000 {
            let id = ids.newId()
            XCTAssertTrue(seen.insert(id).inserted)
            if seen.count <= 1000 { XCTAssertNotNil(id.wholeMatch(of: shape), id) }
        }
        var again = RandomIdGenerator(seed: 42)
        var other = RandomIdGenerator()
        XCTAssertEqual(again.newId(), RandomIdGenerator(seed: 42).newIdCopy())
        XCTAssertNotEqual(other.newId(), RandomIdGenerator(seed: 42).newIdCopy())
    }

    func test_newId_filesOfOneSeed_shareNoIdAndRepeatTheirOwn() {
        var seen: Set<String> = []
        for file in 0..<50 {
            var ids = RandomIdGenerator(seed: 7, file: file)
            for _ in 0..<2_000 { XCTAssertTrue(seen.insert(ids.newId()).inserted, "file \(file)") }
        }
        XCTAssertEqual(RandomIdGenerator(seed: 7, file: 3).newIdCopy(), RandomIdGenerator(seed: 7, file: 3).newIdCopy())
        XCTAssertNotEqual(
            RandomIdGenerator(seed: 7, file: 3).newIdCopy(), RandomIdGenerator(seed: 8, file: 3).newIdCopy())
    }
}

extension RandomIdGenerator {
    fileprivate func newIdCopy() -> String {
        var copy = self
        return copy.newId()
    }
}
