@testable import Gherkin
import XCTest

/// Frozen tables are read without bounds checks: their elements must be the ones they
/// were built from, and every index the parser reads the shared tables at must be in them.
final class FrozenTableTests: XCTestCase {
    func test_init_randomArrays_readBackEveryElementInOrder() {
        var random = SystemRandomNumberGenerator()
        for count in [0, 1, 2, 7, 64, 1_000] {
            let elements = (0..<count).map { _ in Int.random(in: .min ... .max, using: &random) }
            let table = FrozenTable(elements)
            XCTAssertEqual(table.count, count)
            XCTAssertEqual(Array(table), elements)
            XCTAssertEqual(table.withUnsafeBufferPointer { Array($0) }, elements)
            for index in elements.indices { XCTAssertEqual(table[index], elements[index]) }
        }
    }

    func test_init_copiesOfOneTable_outliveTheOriginal() {
        var copy: FrozenTable<String>?
        do {
            let table = FrozenTable(["a", "b", String(repeating: "c", count: 100)])
            copy = table
        }
        XCTAssertEqual(copy.map(Array.init), ["a", "b", String(repeating: "c", count: 100)])
    }

    func test_transitionTable_everyStoredIndex_isWithinItsTable() {
        let table = TransitionTable.shared
        for range in table.states {
            XCTAssertTrue(range.lowerBound >= 0 && range.upperBound <= table.entries.count)
        }
        for entry in table.entries {
            XCTAssertTrue(entry.next >= 0 && entry.next < table.states.count, "next \(entry.next)")
            XCTAssertTrue(entry.open.lowerBound >= 0 && entry.open.upperBound <= table.opens.count, "open \(entry.open)")
        }
    }

    func test_keywordTables_everyBucketAndCandidate_isWithinItsTable() {
        for table in KeywordTable.all {
            XCTAssertEqual(table.lineTypes.count, 256, table.language)
            XCTAssertEqual(table.buckets.count, KeywordTable.Group.allCases.count * 256, table.language)
            for bucket in table.buckets { XCTAssertLessThanOrEqual(bucket.upperBound, table.bucketed.count, table.language) }
            for candidate in table.bucketed {
                let keyword = Int(candidate.keyword)
                XCTAssertTrue(keyword >= 0 && keyword < table.texts.count, table.language)
                XCTAssertLessThanOrEqual(Int(candidate.start) + Int(candidate.count), table.bytes.count, table.language)
            }
            // A candidate's keyword indexes these.
            for count in [table.starts.count, table.ends.count, table.stepTypes.count, table.textLengths.count] {
                XCTAssertEqual(count, table.texts.count, table.language)
            }
        }
    }
}
