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
