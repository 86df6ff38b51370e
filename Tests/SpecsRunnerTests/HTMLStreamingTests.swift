import Foundation
import Gherkin
import Messages
import SpecsRunner
import Traceability
import XCTest

@testable import SpecsReporting

/// The HTML book is written a feature at a time, as the run closes each file.
final class HTMLStreamingTests: XCTestCase {
    private static let context = TraceabilityContext(
        inventory: TestInventory.parse(testList: "Cart.CartTests/test_total"), results: nil)

    /// The report of the same run read back from its messages, with no document ever closed.
    private func htmlFromStream(_ features: [LoadedFeature], options: RunOptions = RunOptions()) async throws -> String
    {
        try await StreamingRunTests.reportFromStream(features, options: options) {
            HTMLFormatter(output: $0, context: Self.context, ledger: $1)
        }
    }

    func test_finish_chaptersWrittenAsTheirFilesClose_areTheBookOfTheWholeStream() async throws {
        let features = StreamingRunTests.features(
            [("b/one.feature", 40), ("a/two.feature", 30), ("a/three.feature", 5)],
            failing: ["b/one.feature 3", "a/three.feature 4"])
        for order in [RunOptions.Order.defined, .reverse] {
            var options = RunOptions()
            options.order = order
            let whole = try await htmlFromStream(features, options: options)
            for retention in [RunLedger.Retention.results, .summaries, .counts] {
                let streamed = try await StreamingRunTests.report(features, retention, options: options) {
                    HTMLFormatter(output: $0, context: Self.context, language: "en", ledger: $1)
                }
                XCTAssertEqual(streamed, whole, "\(order) \(retention)")
            }
            // Folders and files in path order, whatever order they ran in.
            let sections = whole.components(separatedBy: "<section class=\"feature\" id=\"f-").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            XCTAssertEqual(sections, ["a-three-feature", "a-two-feature", "b-one-feature"])
            XCTAssertTrue(
                whole.contains(
                    "Not ready: 2 of 75 scenarios do not pass; no test results were given (--xunit), so none is shown verified by a passing test."
                ), "\(order)")
            XCTAssertEqual(try Self.attentionEntries(whole), 75)
            XCTAssertTrue(whole.contains("<li><code>CartTests/test_total</code></li>"), "the unlinked test")
        }
    }

    /// How many entries of what needs attention the page's data carries (first and late).
    static func attentionEntries(_ html: String) throws -> Int {
        var count = 0
        for id in ["book-data", "book-late"] {
            let start = try XCTUnwrap(html.range(of: "<script type=\"application/json\" id=\"\(id)\">"))
            let end = try XCTUnwrap(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
            let book = try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8))
            let attention = (book as? [String: Any])?["attention"] as? [[Any]] ?? []
            count += attention.reduce(0) { $0 + (($1.last as? [Any])?.count ?? 0) }
        }
        return count
    }

    func test_finish_noLanguageGiven_labelsTheBookInTheLanguageMostFeaturesAreWrittenIn() async throws {
        var ids = IncrementingIdGenerator()
        let features = ["en.feature", "es1.feature", "es2.feature"].map { uri in
            let text =
                uri.hasPrefix("es")
                ? "# language: es\nCaracterística: \(uri)\n  Escenario: uno\n    Dado a passing step\n"
                : "Feature: \(uri)\n  Scenario: one\n    Given a passing step\n"
            let document = try! Parser().parse(text, uri: uri, ids: &ids)
            return LoadedFeature(
                source: Source(uri: uri, data: text), document: document,
                pickles: PickleCompiler().compile(document, uri: uri, ids: &ids), errors: [])
        }
        let html = try await StreamingRunTests.report(features, .counts) {
            HTMLFormatter(output: $0, context: Self.context, ledger: $1)
        }
        XCTAssertTrue(html.contains("Documentación viva"), html)
        // Each scenario is in its chapter's data, with its steps (`st`).
        XCTAssertEqual(html.components(separatedBy: "\"st\":[").count - 1, 3)
        XCTAssertTrue(html.contains("<dt>Pasados</dt><dd>3</dd>"))
    }

    func test_copy_rangesOnDiskAndInMemory_writeTheBytesAppendedThere() throws {
        let spill = SpillBuffer()
        let parts = [String(repeating: "a", count: 70_000), "ñ-middle-", String(repeating: "b", count: 50_000), "end"]
        var ranges: [Range<Int>] = []
        for part in parts {
            let start = spill.count
            spill.append(part)
            ranges.append(start..<spill.count)
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let output = try ReportOutput.file(path)
        for range in ranges.reversed() { spill.copy(range, into: output) }
        spill.copy(ranges[0].upperBound - 3..<ranges[1].lowerBound + 4, into: output)
        output.close()
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), parts.reversed().joined() + "aaañ-m")
    }
}
