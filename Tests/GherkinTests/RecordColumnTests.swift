@testable import Gherkin
import XCTest

/// Record columns are memory of their own that grows by `realloc`: every record
/// appended must read back as it was, through growth, reserving and reuse.
final class RecordColumnTests: XCTestCase {
    private struct Record: Equatable {
        var position: Position
        var value: TextRef
    }

    private func randomRecords(_ count: Int) -> [Record] {
        (0..<count).map { _ in
            Record(
                position: Position(line: Int.random(in: 1...100_000), column: Int.random(in: 0...300)),
                value: TextRef(start: Int.random(in: 0...1 << 40), count: Int.random(in: -1...1_000)))
        }
    }

    func test_append_manyRecordsThroughGrowth_readBackInOrder() {
        for count in [0, 1, 7, 8, 9, 1_000, 10_000] {
            let records = randomRecords(count)
            var column = RecordColumn<Record>()
            defer { column.deallocate() }
            for record in records { column.append(record) }
            XCTAssertEqual(column.count, count)
            XCTAssertGreaterThanOrEqual(column.capacity, count)
            XCTAssertEqual(column.indices.map { column[$0] }, records)
            XCTAssertEqual(Array(column.buffer), records)
        }
    }

    func test_reserveCapacity_withRecords_keepsThemAndTheirOrder() {
        let records = randomRecords(100)
        var column = RecordColumn<Record>()
        defer { column.deallocate() }
        column.append(contentsOf: records[..<50])
        column.reserveCapacity(5_000)
        XCTAssertEqual(column.capacity, 5_000)
        column.append(contentsOf: records[50...])
        XCTAssertEqual(Array(column.buffer), records)
        column.reserveCapacity(10)
        XCTAssertEqual(column.capacity, 5_000, "reserving less never shrinks")
    }

    func test_appendContentsOf_manySmallAppends_growsByDoubling() {
        var column = RecordColumn<Record>()
        defer { column.deallocate() }
        var capacities: Set<Int> = []
        let records = randomRecords(3_000)
        for start in stride(from: 0, to: records.count, by: 3) {
            column.append(contentsOf: records[start..<start + 3])
            capacities.insert(column.capacity)
        }
        XCTAssertEqual(Array(column.buffer), records)
        XCTAssertLessThanOrEqual(capacities.count, 10, "grown \(capacities.count) times for 1,000 appends")
    }

    func test_subscriptRange_anyRange_isThoseRecords() {
        let records = randomRecords(40)
        var column = RecordColumn<Record>()
        defer { column.deallocate() }
        column.append(contentsOf: records)
        for (lower, upper) in [(0, 0), (0, 40), (3, 17), (39, 40), (40, 40)] {
            XCTAssertEqual(Array(column[lower..<upper]), Array(records[lower..<upper]), "\(lower)..<\(upper)")
        }
    }

    func test_removeAll_thenAppend_keepsMemoryAndReadsOnlyNewRecords() {
        var column = RecordColumn<Record>()
        defer { column.deallocate() }
        column.append(contentsOf: randomRecords(300))
        let capacity = column.capacity
        column.removeAll()
        XCTAssertTrue(column.isEmpty)
        XCTAssertEqual(column.capacity, capacity)
        let again = randomRecords(5)
        column.append(contentsOf: again)
        XCTAssertEqual(Array(column.buffer), again)
    }

    func test_deallocate_filledColumn_leavesAnEmptyColumnThatGrowsAgain() {
        var column = RecordColumn<Record>()
        column.append(contentsOf: randomRecords(20))
        column.deallocate()
        XCTAssertEqual(column.count, 0)
        XCTAssertEqual(column.capacity, 0)
        let records = randomRecords(3)
        column.append(contentsOf: records)
        XCTAssertEqual(Array(column.buffer), records)
        column.deallocate()
    }
}
