import Foundation
import XCTest

@testable import SpecsReporting

/// A history record's numbers are read within their ranges: a time or duration near 2^63
/// is a damaged record, skipped with a warning, and a run's date is always a date.
final class RunHistoryBoundsTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("history-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    private func record(_ name: String, _ json: String) throws {
        try Data(json.utf8).write(to: folder.appendingPathComponent(name))
    }

    func test_load_durationNearTwoToThe63_skipsTheRecordWithAWarning() throws {
        try record(
            "run-2026-01-01T000000Z.json",
            #"{"version":2,"date":"2026-01-01T00:00:00Z","passRate":100,"coverage":0,"results":{},"durations":{"Features/a.feature:2":9223372036854775807}}"#
        )
        try record(
            "run-2026-01-02T000000Z.json",
            #"{"version":2,"date":"2026-01-02T00:00:00Z","passRate":100,"coverage":0,"results":{},"durations":{"Features/a.feature:2":5}}"#
        )
        let loaded = RunHistory.load(folder.path)
        XCTAssertEqual(loaded.records.map(\.date), ["2026-01-02T00:00:00Z"])
        XCTAssertEqual(loaded.skipped.count, 1)
        XCTAssertTrue(
            loaded.skipped[0].contains(
                "its duration of Features/a.feature:2, 9223372036854775807 ns, is not from 0 to"),
            loaded.skipped[0])
        XCTAssertEqual(RunHistory.latestDurations(in: folder.path), ["Features/a.feature:2": 5])
    }

    func test_load_negativeDurationOrPassRateOutOfRange_isSkipped() throws {
        try record(
            "run-2026-01-01T000000Z.json",
            #"{"version":2,"date":"2026-01-01T00:00:00Z","passRate":1e308,"coverage":0,"results":{}}"#)
        try record(
            "run-2026-01-02T000000Z.json",
            #"{"version":2,"date":"2026-01-02T00:00:00Z","passRate":50,"coverage":0,"results":{},"durations":{"a:1":-9223372036854775808}}"#
        )
        let loaded = RunHistory.load(folder.path)
        XCTAssertTrue(loaded.records.isEmpty)
        XCTAssertEqual(loaded.skipped.count, 2, "\(loaded.skipped)")
    }

    func test_record_timestampNearTwoToThe63Seconds_isTheLatestDate() {
        let far = Date(timeIntervalSince1970: Double(Int.max))
        XCTAssertEqual(RunHistory.record([:], coverage: 0, date: far).date, "9999-12-31T23:59:59Z")
        let before = Date(timeIntervalSince1970: -Double(Int.max))
        XCTAssertEqual(RunHistory.record([:], coverage: 0, date: before).date, "1970-01-01T00:00:00Z")
        XCTAssertEqual(RunHistory.record([:], coverage: 0, date: Date(timeIntervalSince1970: .nan)).date.count, 20)
    }

    func test_save_onAFullDisk_leavesNoRecordCutShortAndSaysWhy() throws {
        let record = RunHistory.record(
            ["a": "passed", "b": "failed"], durations: ["f.feature:3": 12], coverage: 1, date: Date())
        var problem: String?
        try withFileSizeLimit(16) { problem = RunHistory.save(record, in: folder.path) }
        XCTAssertEqual(problem, "\(folder.path): cannot write a record in it: File too large")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        XCTAssertNil(RunHistory.save(record, in: folder.path))
        XCTAssertEqual(RunHistory.load(folder.path).records.count, 1)
    }
}
