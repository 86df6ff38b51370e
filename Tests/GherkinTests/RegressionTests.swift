import Foundation
import Gherkin
import Messages
import XCTest

/// Inputs kept because they once broke a parser, or look as if they could: each must
/// parse to a document or to located errors, never crash or hang. Crashing inputs
/// found by Scripts/fuzz.sh go in Regressions/.
final class RegressionTests: XCTestCase {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Regressions")

    func test_parse_every_regression_input_gives_a_document_or_located_errors() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
            $0.hasSuffix(".feature")
        }
        XCTAssertGreaterThanOrEqual(names.count, 4)
        for name in names.sorted() {
            let source = try SourceReader.read(path: Self.directory.appendingPathComponent(name).path)
            var ids = IncrementingIdGenerator()
            let envelopes = GherkinMessages().envelopes(for: source, ids: &ids)
            for case .parseError(let error) in envelopes {
                XCTAssertGreaterThanOrEqual(error.source.location?.line ?? 0, 1, "\(name): \(error.message)")
            }
            XCTAssertTrue(envelopes.contains { if case .source = $0 { true } else { false } }, name)
        }
    }
}
