import XCTest

@testable import Messages

final class TimeTests: XCTestCase {
    func test_totalNanoseconds_secondsNear2Pow63_isHeldAtTheBoundsNotATrap() {
        XCTAssertEqual(Timestamp(seconds: Int.max, nanos: 999_999_999).totalNanoseconds, Int.max)
        XCTAssertEqual(Timestamp(seconds: Int.min, nanos: 0).totalNanoseconds, Int.min)
        XCTAssertEqual(Duration(seconds: 9_223_372_036, nanos: 999_999_999).totalNanoseconds, Int.max)
        XCTAssertEqual(Timestamp(seconds: 2, nanos: 5).totalNanoseconds, 2_000_000_005)
    }

    func test_saturatingArithmetic_pastTheBounds_holdsAtThem() {
        XCTAssertEqual(Int.max.saturatingAdd(1), Int.max)
        XCTAssertEqual(Int.min.saturatingAdd(-1), Int.min)
        XCTAssertEqual(Int.max.saturatingSubtract(-1), Int.max)
        XCTAssertEqual(Int.min.saturatingSubtract(1), Int.min)
        XCTAssertEqual(5.saturatingSubtract(7), -2)
    }

    func test_worstFirst_listsEveryStatusOnceWithThoseThatFailARunFirst() {
        XCTAssertEqual(Set(TestStepResultStatus.worstFirst), Set(TestStepResultStatus.allCases))
        XCTAssertEqual(TestStepResultStatus.worstFirst.count, TestStepResultStatus.allCases.count)
        let failing = TestStepResultStatus.worstFirst.prefix { $0.failsRun }
        XCTAssertEqual(failing.count, TestStepResultStatus.allCases.filter(\.failsRun).count)
        XCTAssertTrue(TestStepResultStatus.unknown.needsAttention)
        XCTAssertFalse(TestStepResultStatus.skipped.needsAttention)
    }
}
