import Foundation
import XCTest

@testable import SpecsReporting

final class ReportOutputTests: XCTestCase {
    func test_writeBytes_largeBlockBetweenBufferedText_keepsTheOrder() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ReportOutput.file(path)
        let large = [UInt8](repeating: UInt8(ascii: "x"), count: 100_000)
        output.write("before ")
        output.write(bytes: large)
        output.write(bytes: Array(" small".utf8))
        output.write(" after")
        output.close()
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8),
            "before " + String(repeating: "x", count: 100_000) + " small after")
        XCTAssertNil(output.failure)
    }

    func test_write_failingPartWayThrough_givesThePartialFilesSpaceBackAtOnce() throws {
        // A write that fails (the disk is full; here, past a file size limit) removes the
        // partial file then, not at the run's end: the reports written after it need its space.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = try ReportOutput.file(folder.appendingPathComponent("m.ndjson").path)
        try withFileSizeLimit(1 << 20) {
            output.write(bytes: [UInt8](repeating: UInt8(ascii: "x"), count: 3 << 20))
        }

        XCTAssertEqual(output.failure?.hasPrefix("cannot write: "), true, output.failure ?? "no failure")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
        output.close()
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [])
    }
}

/// Runs `body` with the files this process writes limited to `bytes`, as `ulimit -f` limits
/// them (a full disk, for one file), SIGXFSZ ignored: a write past the limit fails (EFBIG).
func withFileSizeLimit(_ bytes: rlim_t, _ body: () throws -> Void) throws {
    #if os(Linux)
        let resource = __rlimit_resource_t(RLIMIT_FSIZE.rawValue)
    #else
        let resource = RLIMIT_FSIZE
    #endif
    var limit = rlimit()
    XCTAssertEqual(getrlimit(resource, &limit), 0)
    var kept = limit
    let previous = signal(SIGXFSZ, SIG_IGN)
    defer {
        setrlimit(resource, &kept)
        signal(SIGXFSZ, previous)
    }
    limit.rlim_cur = bytes
    XCTAssertEqual(setrlimit(resource, &limit), 0)
    try body()
}

final class TimeTextTests: XCTestCase {
    func test_seconds_nanoseconds_areRoundedToTheDigitsAsked() {
        XCTAssertEqual(TimeText.seconds(nanoseconds: 0), "0.000000")
        XCTAssertEqual(TimeText.seconds(nanoseconds: 54_321), "0.000054")
        XCTAssertEqual(TimeText.seconds(nanoseconds: 1_175_257_499), "1.175257")
        XCTAssertEqual(TimeText.seconds(nanoseconds: 1_999_999_600), "2.000000")
        XCTAssertEqual(TimeText.seconds(nanoseconds: 12_345_678_901, digits: 3), "12.346")
        XCTAssertEqual(TimeText.seconds(nanoseconds: -1_500_000), "-0.001500")
        XCTAssertEqual(TimeText.seconds(nanoseconds: 7_400_000_000, digits: 0), "7")
    }

    func test_iso8601_secondsSince1970_isTheUTCDateAndTime() {
        XCTAssertEqual(TimeText.iso8601(seconds: 0), "1970-01-01T00:00:00Z")
        XCTAssertEqual(
            TimeText.iso8601(seconds: 1_795_000_000),
            ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: 1_795_000_000)))
    }
}
