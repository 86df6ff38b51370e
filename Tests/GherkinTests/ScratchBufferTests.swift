@testable import Gherkin
import XCTest

/// The builder's scratch buffer must behave as an array used as a stack: growing past
/// its first capacity, dropping a tail, and reading ranges, with values that own memory
/// (strings) so that a wrong move or a missed deinitialization shows under ASan or as a
/// wrong value.
final class ScratchBufferTests: XCTestCase {
    func test_append_oneOrManyPastCapacityThenRemoveTails_keepsTheSameValuesAsAnArray() {
        var buffer = ScratchBuffer<String>(capacity: 1)
        var array: [String] = []
        var random = SplitMix(seed: 11)
        for step in 0..<5_000 {
            if random.next(below: 8) == 0, !array.isEmpty {
                XCTAssertEqual(buffer.removeLast(), array.removeLast())
            } else if random.next(below: 4) == 0, !array.isEmpty {
                let newCount = random.next(below: array.count + 1)
                buffer.removeAll(from: newCount)
                array.removeSubrange(newCount...)
            } else if random.next(below: 6) == 0 {
                // Sometimes more at once than doubling the capacity makes room for.
                let values = (0..<random.next(below: 3 * array.count + 2)).map { "bulk \(step) \($0) " + String(repeating: "w", count: 16) }
                values.withUnsafeBufferPointer { buffer.append(contentsOf: $0) }
                array += values
            } else {
                let value = String(repeating: "v", count: 20) + String(step)
                buffer.append(value)
                array.append(value)
            }
            XCTAssertEqual(buffer.count, array.count)
        }
        XCTAssertEqual(Array(buffer.elements(0..<buffer.count)), array)
        if array.count > 2 {
            buffer[1] = "changed"
            XCTAssertEqual(buffer[1], "changed")
            XCTAssertEqual(Array(buffer.elements(1..<3)), ["changed", array[2]])
        }
    }

    func test_removeAll_fromZero_leavesItEmptyAndUsable() {
        var buffer = ScratchBuffer<Int>(capacity: 2)
        for value in 0..<10 { buffer.append(value) }
        buffer.removeAll(from: 0)
        XCTAssertEqual(buffer.count, 0)
        buffer.append(42)
        XCTAssertEqual(buffer[0], 42)
    }
}
