import Foundation
import XCTest

@testable import SpecsLanguageServer

final class WorkspaceScanTests: XCTestCase {
    func test_hurry_whileTheScanReadsAFile_readsTheOthersBesideItAndTheScanEndsWithTheLast() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("specs-scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for name in ["a", "b", "c"] {
            try Data("Feature: \(name)\n".utf8).write(to: folder.appendingPathComponent("\(name).feature"))
        }
        // The scan's read of its first file waits until the test lets it go.
        let reading = DispatchSemaphore(value: 0)
        let released = DispatchSemaphore(value: 0)
        let scan = WorkspaceScan()
        scan.start(folder: folder.path) {
            { url in
                if url.lastPathComponent == "a.feature" {
                    reading.signal()
                    released.wait()
                }
                return .gone
            }
        }
        XCTAssertEqual(reading.wait(timeout: .now() + 60), .success)
        XCTAssertTrue(scan.reading)
        scan.hurry()
        // The second thread reads the files after it, while the scan's thread is held.
        var read: [String] = []
        let deadline = Date().addingTimeInterval(60)
        while read.count < 2 && Date() < deadline {
            if let file = scan.next() { read.append(file.url.lastPathComponent) } else { usleep(1_000) }
        }
        XCTAssertEqual(read, ["b.feature", "c.feature"])
        XCTAssertTrue(scan.reading, "the scan ended while its thread was reading")

        released.signal()
        while scan.reading && Date() < deadline { usleep(1_000) }
        XCTAssertFalse(scan.reading)
        while let file = scan.next() { read.append(file.url.lastPathComponent) }
        XCTAssertEqual(read, ["b.feature", "c.feature", "a.feature"])
    }
}
