import Foundation
import Messages
import SpecsReporting
import XCTest

/// Two shards merged give exactly the totals, statuses and traceability of one run,
/// and shard sizes differ by at most one pickle.
final class ShardTests: XCTestCase {
    static func feature(_ index: Int) -> String {
        """
        Feature: feature \(index)
          @xctest:CartTests/test_checkout_with_items_returns_total
          Scenario Outline: row <n> of \(index)
            Given <step>
            Examples:
              | n | step           |
              | 1 | a step         |
              | 2 | a failing step |
              | 3 | a step         |
          Scenario: plain \(index)
            Given a step
        """
    }

    func makeProject() throws -> CommandHarness {
        let project = try CommandHarness()
        for index in 1...3 { try project.write("Features/f\(index).feature", Self.feature(index)) }
        try project.write("Tests/ShopTests/CartTests.swift", CoverageGateTests.tests)
        return project
    }

    func statuses(_ path: String) throws -> [String: String] {
        let envelopes = try NDJSON.envelopes(in: String(contentsOfFile: path, encoding: .utf8), uri: path)
        let ledger = RunLedger()
        for envelope in envelopes { ledger.consume(envelope) }
        return Dictionary(
            uniqueKeysWithValues: ledger.scenarioResults.map {
                ("\($0.pickle.uri):\($0.pickle.location.line)", $0.status.rawValue)
            })
    }

    func test_shards_merged_equal_one_run() async throws {
        let project = try makeProject()
        let common = ["@/Features", "--tests-dir", "@/Tests", "--format", "summary"]
        let whole = try await project.run(
            common + ["--format", "message:@/whole.ndjson", "--format", "traceability-json:@/whole.json"])
        XCTAssertEqual(whole.code, 1)
        var sizes: [Int] = []
        for shard in 1...2 {
            let result = try await project.run(
                common + ["--shard", "\(shard)/2", "--format", "message:@/shard\(shard).ndjson"])
            XCTAssertNotEqual(result.code, 2, result.err)
            sizes.append(try statuses(project.path("shard\(shard).ndjson")).count)
        }
        XCTAssertEqual(sizes.reduce(0, +), 12)
        XCTAssertLessThanOrEqual(abs(sizes[0] - sizes[1]), 1)

        let merged = try await project.run([
            "report", "@/shard1.ndjson", "@/shard2.ndjson", "--tests-dir", "@/Tests",
            "--format", "message:@/merged.ndjson", "--format", "traceability-json:@/merged.json",
        ])
        XCTAssertEqual(merged.code, 1)
        XCTAssertEqual(try statuses(project.path("merged.ndjson")), try statuses(project.path("whole.ndjson")))
        func scenarioLine(_ text: String) -> String? {
            text.components(separatedBy: "\n").first { $0.hasSuffix(" passed)") && $0.contains(" scenarios (") }
        }
        XCTAssertEqual(scenarioLine(merged.out), scenarioLine(whole.out))
        XCTAssertTrue(merged.out.contains("12 scenarios (3 failed, 9 passed)"), merged.out)
        let mergedTrace =
            try JSONSerialization.jsonObject(with: Data(project.read("merged.json").utf8)) as? [String: Any]
        let wholeTrace = try JSONSerialization.jsonObject(with: Data(project.read("whole.json").utf8)) as? [String: Any]
        XCTAssertEqual(mergedTrace?["coverage"] as? Double, wholeTrace?["coverage"] as? Double)
        XCTAssertEqual(mergedTrace?["covered"] as? Int, wholeTrace?["covered"] as? Int)
    }

    func test_shard_assignment_is_stable_and_balanced_for_many_sizes() async throws {
        let project = try makeProject()
        for count in [1, 3, 5] {
            var seen: [String] = []
            for shard in 1...count {
                _ = try await project.run([
                    "@/Features", "--format", "message:@/s.ndjson", "--shard", "\(shard)/\(count)",
                ])
                seen += try statuses(project.path("s.ndjson")).keys
            }
            XCTAssertEqual(seen.count, 12, "shards of \(count)")
            XCTAssertEqual(Set(seen).count, 12, "every pickle in exactly one shard of \(count)")
        }
    }

    func test_report_with_a_stream_cut_short_fails_and_keeps_what_finished() async throws {
        let project = try makeProject()
        _ = try await project.run(["@/Features", "--format", "message:@/whole.ndjson"])
        let lines = try project.read("whole.ndjson").split(separator: "\n")
        try project.write("cut.ndjson", lines.prefix(lines.count - 10).joined(separator: "\n") + "\n")
        let result = try await project.run(["report", "@/cut.ndjson", "--format", "junit:@/cut.xml"])
        XCTAssertEqual(result.code, 1)
        XCTAssertTrue(try project.read("cut.xml").contains("<testcase"))
    }
}
