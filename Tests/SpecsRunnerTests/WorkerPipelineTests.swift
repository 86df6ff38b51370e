import Messages
import XCTest

@testable import SpecsRunner

/// A worker asked for several test cases streams one after the other: the supervisor takes
/// each one's events up to its done line, and asks ahead by the pace of the last ones.
final class WorkerPipelineTests: XCTestCase {
    private func envelope(_ id: String) -> WorkerItem {
        .envelope(
            .testCaseStarted(
                TestCaseStarted(
                    attempt: 0, id: id, testCaseId: id, workerId: nil, timestamp: Timestamp(seconds: 0, nanos: 0))))
    }

    private func describe(_ items: [WorkerItem]) -> [String] {
        items.map { item in
            switch item {
            case .control(let line): line
            case .envelope(.testCaseStarted(let started)): started.id
            case .envelope, .result: "envelope"
            case .unreadable(let reason): reason
            case .done(let done): "done \(done.number)"
            }
        }
    }

    func test_next_twoTestCasesArrivedAtOnce_givesEachUpToItsDoneLine() async {
        let queue = ItemQueue()
        queue.push(envelope("a"), wake: false)
        queue.push(.control("done 0"), wake: true)
        queue.push(envelope("b"), wake: false)
        queue.push(.control("done 1"), wake: true)
        queue.push(envelope("c"), wake: false)
        queue.finish()
        let first = describe(await queue.next())
        let second = describe(await queue.next())
        let rest = describe(await queue.next())
        let end = await queue.next()
        XCTAssertEqual(first, ["a", "done 0"])
        XCTAssertEqual(second, ["b", "done 1"])
        XCTAssertEqual(rest, ["c"])
        XCTAssertTrue(end.isEmpty)
    }

    func test_next_waitingWhileTwoTestCasesArrive_isWokenWithTheFirstOnly() async {
        let queue = ItemQueue()
        let waiting = Task { await queue.next() }
        try? await Task.sleep(nanoseconds: 20_000_000)
        queue.push(envelope("a"), wake: false)
        queue.push(.control("done 0"), wake: true)
        queue.push(envelope("b"), wake: false)
        queue.push(.control("done 1"), wake: true)
        let first = describe(await waiting.value)
        let second = describe(await queue.next())
        XCTAssertEqual(first, ["a", "done 0"])
        XCTAssertEqual(second, ["b", "done 1"])
    }

    func test_window_beforeAnyTestCase_asksForTwo() {
        XCTAssertEqual(WorkerPace(workers: 1).window, 2)
    }

    func test_window_oneOfSeveralWorkers_asksForOneUntilItsTestCasesProveFast() {
        // Four workers, four 1 s scenarios: two asked of each of two workers took 2 s.
        var pace = WorkerPace(workers: 4)
        XCTAssertEqual(pace.window, 1)
        XCTAssertFalse(pace.mayAsk(count: 1, bytes: 100))
        pace.record(1_000_000_000)
        XCTAssertEqual(pace.window, 1, "a slow test case holds no other back")
        var fast = WorkerPace(workers: 4)
        for _ in 0..<10 { fast.record(2_000_000) }
        XCTAssertEqual(fast.window, 5)
    }

    func test_window_fastTestCases_widensToItsBound() {
        var pace = WorkerPace(workers: 1)
        for _ in 0..<10 { pace.record(10_000) }
        XCTAssertEqual(pace.window, WorkerPace.widestAlone)
    }

    func test_window_fastTestCasesOfOneOfSeveralWorkers_staysNarrow() {
        // Test cases queued behind a slow one wait while another worker may idle.
        var pace = WorkerPace(workers: 3)
        for _ in 0..<10 { pace.record(10_000) }
        XCTAssertEqual(pace.window, WorkerPace.widestAmongOthers)
    }

    func test_window_testCasesOfATenthOfAMillisecond_asksForTenMillisecondsOfThem() {
        // A worker whose test cases take 0.1 ms each is never left waiting for the next
        // request while the supervisor takes in the last ones' events.
        var pace = WorkerPace(workers: 1)
        for _ in 0..<10 { pace.record(100_000) }
        XCTAssertEqual(pace.window, 100)
    }

    func test_mayAsk_requestsNearlyFillingAPipe_asksNoMore() {
        // A request written to a worker whose pipe is full would block the supervisor until
        // the worker reads, and so every other worker with it.
        var pace = WorkerPace(workers: 1)
        for _ in 0..<10 { pace.record(10_000) }
        XCTAssertTrue(pace.mayAsk(count: 10, bytes: WorkerPace.aheadBytes - 1))
        XCTAssertFalse(pace.mayAsk(count: 10, bytes: WorkerPace.aheadBytes))
        XCTAssertTrue(pace.mayAsk(count: 0, bytes: 0), "a request larger than the bound is still asked alone")
        XCTAssertFalse(pace.mayAsk(count: WorkerPace.widestAlone, bytes: 0))
    }

    func test_window_testCasesOfAMillisecondAndAHalf_asksForAboutTenMillisecondsOfThem() {
        var pace = WorkerPace(workers: 1)
        pace.record(1_500_000)
        XCTAssertEqual(pace.window, 6)
    }
}
