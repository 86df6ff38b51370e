import Foundation
import XCTest

@testable import SpecsReporting

/// Every write is checked: a device that refuses is a failure; a pipe whose reader went
/// away is not, and what follows is dropped quietly.
final class WriteCheckTests: XCTestCase {
    func test_write_toDevFull_isAFailure() throws {
        let output = try ReportOutput.file("/dev/full")
        output.write("<testsuite/>\n")
        output.close()
        XCTAssertEqual(output.failure, "cannot write: No space left on device")
        XCTAssertFalse(output.readerClosed)
    }

    func test_write_toAPipeWhoseReaderClosed_isQuietAndNoFailure() throws {
        signal(SIGPIPE, SIG_IGN)
        let pipe = Pipe()
        try pipe.fileHandleForReading.close()
        let output = ReportOutput(handle: pipe.fileHandleForWriting)
        output.write("first line\n")
        output.flush()
        output.write(String(repeating: "more\n", count: 20_000))
        output.flush()
        XCTAssertTrue(output.readerClosed)
        XCTAssertNil(output.failure)
    }

    func test_fail_keepsTheFirstReasonAndLeavesNoReport() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("write-check-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("junit.xml").path
        let output = try ReportOutput.file(path)
        output.write("<testsuite/>\n")
        output.fail("cannot read back the report's temporary file: Input/output error")
        output.fail("a second reason")
        output.close()
        XCTAssertEqual(output.failure, "cannot read back the report's temporary file: Input/output error")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path), "no report cut short is put in place")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), [], "no partial file left")
    }

    func test_standardErrorOutput_escapesControlCharacters() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stderr-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try XCTUnwrap(FileHandle(forWritingAtPath: path))
        let output = ReportOutput(handle: handle, escapesControlCharacters: true)
        output.write("bad.feature:4:3: error: 'oops \u{1B}]0;pwned\u{07}'\n")
        output.flush()
        try handle.close()
        XCTAssertEqual(
            try String(contentsOfFile: path, encoding: .utf8), "bad.feature:4:3: error: 'oops \\u{1B}]0;pwned\\u{7}'\n")
    }
}
