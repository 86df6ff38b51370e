import Foundation
import XCTest

/// A run on workers tells the same message stream as the same run in process: the
/// supervisor makes each envelope again from its plan and the worker's result lines, and
/// every report reads it. Through the real `misbehaving-specs` executable, with attachments
/// (text, bytes, logs), scenario and step hooks that attach, a failing after hook, a retry
/// that passes, failed, undefined, pending and ambiguous steps; ids, times, durations and
/// the worker's id aside.
final class WorkerStreamIdentityTests: XCTestCase {
    private var project: URL!

    override func setUpWithError() throws {
        project = FileManager.default.temporaryDirectory.appendingPathComponent("specs-identity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: project.appendingPathComponent("Features"), withIntermediateDirectories: true)
        let feature = #"""
            Feature: Told alike

              @hooked
              Scenario: attachments and hooks
                Given a step that attaches "a note with \"quotes\", a tab	and a backslash \\"
                And a step that logs "first line"
                And a step that passes

              @hooked @failing-hook
              Scenario: a failure and a failing hook
                Given a step that fails
                And a step that passes

              Scenario: undefined, then pending
                Given nothing defines this step
                And a pending step

              Scenario: pending
                Given a pending step
                And a step that passes

              Scenario: ambiguous
                Given an ambiguous step

              @hooked
              Scenario: passes on its second run
                Given a step that passes on its run 2
                And a step with a table that passes
                  | pipe \| and \n |
            """#
        try feature.write(
            to: project.appendingPathComponent("Features/alike.feature"), atomically: true, encoding: .utf8)
        // More scenarios than a batch holds (32), in several files, so that workers run one
        // batch while the runner takes in the one before.
        for file in 1...4 {
            let rows = (0..<20).map { "      | \($0 % 9 == file ? "fails" : "passes") |" }.joined(separator: "\n")
            let outline =
                "Feature: Many rows \(file)\n\n  @hooked\n  Scenario Outline: row that <result>\n"
                + "    Given a step with a table that <result>\n      | <result> |\n\n    Examples:\n"
                + "      | result |\n" + rows + "\n"
            try outline.write(
                to: project.appendingPathComponent("Features/rows\(file).feature"), atomically: true, encoding: .utf8)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: project)
    }

    /// The run's envelopes, each as canonical JSON: without times, durations and worker ids,
    /// every id replaced by the order it first appeared in.
    private func stream(
        _ arguments: [String]
    ) throws -> (
        code: Int32, envelopes: [String], out: String, onWorkers: Bool
    ) {
        try? FileManager.default.removeItem(at: project.appendingPathComponent("step-runs.txt"))
        let run = try ExecutableRun.run(
            "misbehaving-specs", ["--retry", "1", "--format", "summary", "--format", "message:m.ndjson"] + arguments,
            in: project, environment: ["SPECS_FIXTURE_ATTACHING_HOOKS": "1"])
        let text = try String(contentsOf: project.appendingPathComponent("m.ndjson"), encoding: .utf8)
        var ids: [String: String] = [:]
        func canonical(_ value: Any, key: String) -> Any {
            switch value {
            case let object as [String: Any]:
                var kept: [String: Any] = [:]
                // Keys in order, so that ids are numbered alike in both streams.
                for name in object.keys.sorted() where !["timestamp", "duration", "workerId"].contains(name) {
                    kept[name] = canonical(object[name]!, key: name)
                }
                return kept
            case let array as [Any]:
                return array.map { canonical($0, key: key) }
            case let string as String where key == "id" || key.hasSuffix("Id") || key.hasSuffix("Ids"):
                if let known = ids[string] { return known }
                ids[string] = "#\(ids.count)"
                return ids[string]!
            default:
                return value
            }
        }
        let envelopes = try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            let data = try JSONSerialization.data(withJSONObject: canonical(object, key: ""), options: [.sortedKeys])
            return String(decoding: data, as: UTF8.self)
        }
        return (run.code, envelopes, run.out, text.contains(#""workerId":"w1""#))
    }

    func test_run_onWorkersAndInProcess_tellTheSameStreamBesideIdsAndTimes() throws {
        let workers = try stream([])
        let inProcess = try stream(["--in-process"])
        XCTAssertTrue(workers.onWorkers, "the run went on workers")
        XCTAssertFalse(inProcess.onWorkers)
        XCTAssertEqual(workers.code, 1, workers.out)
        XCTAssertEqual(inProcess.code, 1, inProcess.out)
        XCTAssertEqual(workers.envelopes.count, inProcess.envelopes.count)
        // The first envelope that differs, with the one before it: the ids after it would all differ.
        let common = min(workers.envelopes.count, inProcess.envelopes.count)
        if let index = (0..<common).first(where: { workers.envelopes[$0] != inProcess.envelopes[$0] }) {
            XCTFail(
                "envelope \(index) differs:\non workers: \(workers.envelopes[index])\nin process: "
                    + "\(inProcess.envelopes[index])\nafter: \(index > 0 ? workers.envelopes[index - 1] : "")")
        }
        // What the stream holds, so that the comparison compares what it says it does.
        let joined = workers.envelopes.joined(separator: "\n")
        for expected in [
            #""mediaType":"application\/octet-stream""#, #""contentEncoding":"BASE64""#, #""fileName":"note.txt""#,
            "a note with \\\"quotes\\\", a tab\\tand a backslash \\\\", "first line\\nand a second line",
            "before attachments and hooks", "after a step that passes: PASSED", #"{\"status\":\"FAILED\"}"#,
            "the after hook fails too", #""willBeRetried":true"#, #""status":"UNDEFINED""#, #""status":"PENDING""#,
            #""status":"AMBIGUOUS""#, "card declined: 6666 (run 1)", #""suggestion""#,
        ] {
            XCTAssertTrue(joined.contains(expected), "the stream lacks \(expected)")
        }
        XCTAssertEqual(
            workers.out.components(separatedBy: "\n").filter { $0.contains("scenarios (") || $0.contains("steps (") },
            inProcess.out.components(separatedBy: "\n").filter { $0.contains("scenarios (") || $0.contains("steps (") })
    }
}
