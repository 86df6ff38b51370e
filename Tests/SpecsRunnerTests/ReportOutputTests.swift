import Foundation
import SpecsReporting
import XCTest

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
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "before " + String(repeating: "x", count: 100_000) + " small after")
        XCTAssertNil(output.failure)
    }
}
