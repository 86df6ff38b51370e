import Foundation
import XCTest

/// Where the package and the official messages JSON schema are, for the tests of this module.
enum PackageFolders {
    /// The package's root folder.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The messages JSON schema of the conformance data (`../shared/conformance` beside the
    /// package, or `$SPECS_CONFORMANCE_DIR`), or nil when it is absent.
    static var schema: URL? {
        let environment = ProcessInfo.processInfo.environment
        let conformance =
            environment["SPECS_CONFORMANCE_DIR"].flatMap { $0.isEmpty ? nil : URL(fileURLWithPath: $0) }
            ?? root.deletingLastPathComponent().appendingPathComponent("shared/conformance")
        let folder = conformance.appendingPathComponent("messages/jsonschema")
        return FileManager.default.fileExists(atPath: folder.path) ? folder : nil
    }

    /// The schema folder. When it is absent the test is skipped, or fails under
    /// `SPECS_REQUIRE_CONFORMANCE=1` (as CI runs the tests).
    static func requireSchema(file: StaticString = #filePath, line: UInt = #line) throws -> URL {
        if let schema { return schema }
        if ProcessInfo.processInfo.environment["SPECS_REQUIRE_CONFORMANCE"] == "1" {
            XCTFail("CONFORMANCE DATA NOT FOUND: no messages JSON schema beside the package", file: file, line: line)
        }
        throw XCTSkip("the messages JSON schema is absent (../shared/conformance or $SPECS_CONFORMANCE_DIR)")
    }
}
