import Foundation
import Telemetry
import XCTest

final class AppGroupEventBufferTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("app-group-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDown() { try? FileManager.default.removeItem(at: directory) }

    func test_relay_eventsOfTheExtension_reachTheAppOnceAndInOrder() async throws {
        let buffer = AppGroupEventBuffer(directory: directory)
        try buffer.append(AnalyticsEvent("share_extension_opened", parameters: ["source": "share_extension"]))
        try buffer.append(AnalyticsEvent("post_shared", parameters: ["source": "share_extension"]))
        let analytics = RecordingAnalyticsService()
        let first = try await buffer.relay(to: analytics)
        let second = try await buffer.relay(to: analytics)
        XCTAssertEqual(first.events.map(\.name), ["share_extension_opened", "post_shared"])
        XCTAssertEqual(second, .init())
        let actual1 = await analytics.events.map(\.name)
        XCTAssertEqual(actual1, ["share_extension_opened", "post_shared"])
    }

    func test_relay_bufferCutOffMidLine_relaysEveryWholeEventAndCountsTheCutOne() async throws {
        let buffer = AppGroupEventBuffer(directory: directory)
        try buffer.append(AnalyticsEvent("share_extension_opened"))
        let handle = try FileHandle(forWritingTo: buffer.file)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(#"{"name":"post_sha"#.utf8))
        try handle.close()
        // The extension runs again after it was cut off: its next event is on a line of its own.
        try buffer.append(AnalyticsEvent("post_shared"))
        let analytics = RecordingAnalyticsService()
        let drained = try await buffer.relay(to: analytics)
        XCTAssertEqual(drained.events.map(\.name), ["share_extension_opened", "post_shared"])
        XCTAssertEqual(drained.unreadable, 1)
        let actual2 = try await buffer.relay(to: analytics).events
        XCTAssertEqual(actual2, [])
    }
}
