import Foundation
@testable import Gherkin
import XCTest

/// Freed documents and pickles leave their record columns for the next parse. A reused
/// column must come back empty, and records that a live document or pickle still shares
/// must never be overwritten.
final class SpareRecordsTests: XCTestCase {
    /// Every kind of record: tags, a comment, description, background, rule, outline
    /// with examples, table with an escape, doc string.
    private let large = """
        # language: en
        @feature @two
        Feature: large
          about it

          # a comment
          Background: b
            Given a table
              | name | value \\| piped |
              | one  | 1             |

          Rule: r
            @outline
            Scenario Outline: <x> case
              Given <x> items
                \"\"\"md
                <x> text
                \"\"\"
              Then <x> is shown

              @examples
              Examples: e
                | x   |
                | 10  |
                | 20  |
                | 30  |
        """
    private let small = "Feature: small\n  Scenario: s\n    Given g\n"

    private func encoded(_ source: String) throws -> (document: Data, pickles: Data) { try Self.encoded(source) }

    private static func encoded(_ source: String) throws -> (document: Data, pickles: Data) {
        var ids = IncrementingIdGenerator()
        let document = try Parser().parse(source, uri: "t.feature", ids: &ids)
        let pickles = PickleCompiler().compile(document, uri: "t.feature", ids: &ids)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try encoder.encode(document), try encoder.encode(pickles))
    }

    func test_parse_afterLargerDocumentsWereFreed_givesTheSameDocumentAndPickles() throws {
        let first = try encoded(small)
        for _ in 0..<SpareRecords.limit + 1 { _ = try encoded(large) }
        XCTAssertGreaterThan(SpareRecords.count.documents, 0, "a freed document leaves its columns")
        XCTAssertGreaterThan(SpareRecords.count.pickles, 0, "freed pickles leave their columns")
        let again = try encoded(small)
        XCTAssertEqual(again.document, first.document)
        XCTAssertEqual(again.pickles, first.pickles)
        XCTAssertEqual(try encoded(large).pickles, try encoded(large).pickles)
    }

    func test_parse_whileAFreedDocumentsPicklesLive_leavesThosePicklesIntact() throws {
        var ids = IncrementingIdGenerator()
        var pickles: [Pickle] = []
        do {
            // The document is freed here; its pickles share its tags, table and text.
            let document = try Parser().parse(large, uri: "t.feature", ids: &ids)
            pickles = PickleCompiler().compile(document, uri: "t.feature", ids: &ids)
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let before = try encoder.encode(pickles)
        XCTAssertEqual(pickles.first?.steps.first?.argument?.dataTable?.rows.last?.cells.map(\.value), ["one", "1"])
        for _ in 0..<2 * SpareRecords.limit { _ = try encoded(small) }
        XCTAssertEqual(try encoder.encode(pickles), before)
    }

    func test_parse_onManyTasksAtOnce_everyDocumentAndPicklesAsParsedAlone() async throws {
        let sources = [large, small]
        let expected = try sources.map(Self.encoded)
        let mismatches = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var mismatches = 0
                    for round in 0..<50 {
                        let which = (task + round) % 2
                        let got = try? Self.encoded(sources[which])
                        if got?.document != expected[which].document || got?.pickles != expected[which].pickles { mismatches += 1 }
                    }
                    return mismatches
                }
            }
            return await group.reduce(0, +)
        }
        XCTAssertEqual(mismatches, 0)
    }

    func test_give_documentOverTheTextLimit_isNotKept() throws {
        SpareRecords.freeKept()
        var ids = IncrementingIdGenerator()
        let steps = String(repeating: "    Given a step with a long enough text\n", count: SpareRecords.largestText / 40)
        _ = try Parser().parse("Feature: f\n  Scenario: s\n" + steps, uri: nil, ids: &ids)
        XCTAssertEqual(SpareRecords.count.documents, 0)
        _ = try Parser().parse(small, uri: nil, ids: &ids)
        XCTAssertEqual(SpareRecords.count.documents, 1)
    }
}
