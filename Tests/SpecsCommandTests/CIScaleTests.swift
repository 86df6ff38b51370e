import Foundation
import XCTest

/// CI at scale, through the real executables: a merge of shards knows the whole suite,
/// `--shard auto` reads a CI's parallel job, a rerun file reruns what failed, shards can be
/// balanced by the time an earlier run took, and `file:LINE` anywhere in a scenario selects it.
final class CIScaleTests: XCTestCase {
    private var scratch: ScratchProject!

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-ci")
        // Ten scenarios, two of them failing, and an outline whose second row fails: three failures.
        try scratch.write(
            "Features/a.feature",
            "Feature: A\n"
                + (0..<10).map { number in
                    "\n  Scenario: s\(number)\n    Given a step that \(number == 3 || number == 7 ? "fails" : "passes")\n"
                }.joined())
        try scratch.write(
            "Features/b.feature",
            """
            Feature: B

              Scenario Outline: o <n>
                Given a step with a table that <result>
                  | a table |

                Examples:
                  | n | result |
                  | 1 | passes |
                  | 2 | fails  |

            """)
    }

    override func tearDown() { scratch.remove() }

    @discardableResult
    private func specs(_ arguments: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: scratch.root, environment: environment)
    }

    private func shards(_ count: Int, prefix: String = "s", extra: [String] = []) throws -> [String] {
        try (1...count).map { index in
            try specs(
                ["--shard", "\(index)/\(count)", "--format", "summary", "--format", "message:\(prefix)\(index).ndjson"]
                    + extra)
            return "\(prefix)\(index).ndjson"
        }
    }

    func test_report_oneOfTwoShards_failsNamingTheMissingShardAndCountsItsScenariosNotRun() throws {
        let streams = try shards(2)
        let report = try specs(["report", streams[0], "--format", "summary"])
        XCTAssertEqual(report.code, 1)
        XCTAssertTrue(report.out.contains("12 scenarios ("), report.out)
        XCTAssertTrue(report.out.contains(" not run)"), report.out)
        XCTAssertTrue(
            report.out.contains(
                "the streams are not one whole run: shard 2 of 2 is missing: 6 of the suite's 12 "
                    + "scenarios are in no stream and were not run"), report.out)
    }

    func test_report_aShardTwice_failsNamingBothStreams() throws {
        let streams = try shards(2)
        try scratch.write("copy.ndjson", try scratch.read(streams[0]))
        let report = try specs(["report", streams[0], "copy.ndjson", streams[1], "--format", "summary"])
        XCTAssertEqual(report.code, 1)
        XCTAssertTrue(
            report.out.contains("shard 1 of 2 is given more than once: s1.ndjson and copy.ndjson"), report.out)
    }

    func test_report_shardsOfTwoSuites_failsNamingEach() throws {
        let streams = try shards(2)
        let other = try shards(2, prefix: "t", extra: ["--name", "s1"])
        let report = try specs(["report", streams[0], other[1], "--format", "summary"])
        XCTAssertEqual(report.code, 1)
        XCTAssertTrue(report.out.contains("the streams come from different suites"), report.out)
        XCTAssertTrue(report.out.contains("s1.ndjson (12 scenarios)"), report.out)
    }

    func test_report_everyShard_equalsTheUnshardedRunInEveryReport() throws {
        let formats = [
            "junit", "json", "traceability-json", "traceability", "rerun", "summary", "progress", "pretty", "usage",
        ]
        func outputs(_ prefix: String) -> [String] { formats.flatMap { ["--format", "\($0):\(prefix).\($0)"] } }
        try specs(["--format", "summary"] + outputs("whole"))
        let streams = try shards(3)
        let report = try specs(["report"] + streams + outputs("merged"))
        XCTAssertEqual(report.code, 1, report.err)
        for format in formats {
            XCTAssertEqual(
                try comparable(scratch.read("merged.\(format)")), try comparable(scratch.read("whole.\(format)")),
                format)
        }
    }

    /// A report's text without what differs between two runs of the same scenarios: times,
    /// dates, step timings and ids.
    private func comparable(_ text: String) throws -> String {
        text.replacing(
            #/"?(time|duration|timestamp|start_timestamp|startedAt|finishedAt)"?\s*[=:]\s*"?[0-9.T:Z-]+"?/#, with: "T"
        )
        .replacing(#/[0-9]+m[0-9.]+s.*/#, with: "T")
        .replacing(#/mean [0-9.]+ ms, max [0-9.]+ ms/#, with: "T")
        .replacing(#/"id" ?: ?"[^"]*"/#, with: "ID")
    }

    func test_shardAuto_readsEachCIsParallelJob() throws {
        let environments: [(String, [String: String])] = [
            ("GitLab", ["CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3"]),
            ("CircleCI", ["CIRCLE_NODE_INDEX": "1", "CIRCLE_NODE_TOTAL": "3"]),
            ("Buildkite", ["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"]),
            ("Azure", ["SYSTEM_JOBPOSITIONINPHASE": "2", "SYSTEM_TOTALJOBSINPHASE": "3"]),
        ]
        let explicit = try specs(["--shard", "2/3", "--dry-run", "--format", "message:explicit.ndjson"])
        XCTAssertEqual(explicit.code, 0, explicit.err)
        let expected = try testCaseLines(scratch.read("explicit.ndjson"))
        for (system, environment) in environments {
            let run = try specs(
                ["--shard", "auto", "--dry-run", "--format", "message:auto.ndjson"], environment: environment)
            XCTAssertEqual(run.code, 0, "\(system): \(run.err)")
            XCTAssertEqual(try testCaseLines(scratch.read("auto.ndjson")), expected, system)
        }
    }

    func test_shardAuto_outsideAParallelCIJob_isAUsageErrorNamingTheVariables() throws {
        let run = try specs(["--shard", "auto"])
        XCTAssertEqual(run.code, 2)
        XCTAssertTrue(run.err.contains("--shard auto: this is not a parallel job of a CI system specs knows"), run.err)
        XCTAssertTrue(run.err.contains("CI_NODE_INDEX/CI_NODE_TOTAL"), run.err)
    }

    /// The `path:line` of each planned test case's pickle.
    private func testCaseLines(_ stream: String) throws -> [String] {
        var pickles: [String: String] = [:]
        var lines: [String] = []
        for line in stream.split(separator: "\n") {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: [String: Any]]
            if let pickle = object?["pickle"], let id = pickle["id"] as? String, let uri = pickle["uri"] as? String,
                let location = pickle["location"] as? [String: Any], let number = location["line"] as? Int
            {
                pickles[id] = "\(uri):\(number)"
            }
            if let testCase = object?["testCase"], let pickle = testCase["pickleId"] as? String {
                lines.append(pickles[pickle] ?? "?")
            }
        }
        return lines.sorted()
    }

    func test_rerun_writesTheFailuresAndRunsExactlyThoseAgain_mergedShardsToo() throws {
        let run = try specs(["--format", "summary", "--format", "rerun:rerun.txt"])
        XCTAssertEqual(run.code, 1)
        XCTAssertEqual(try scratch.read("rerun.txt"), "Features/a.feature:12:24\nFeatures/b.feature:10\n")
        let again = try specs(["@rerun.txt", "--format", "summary", "--format", "message:again.ndjson"])
        XCTAssertEqual(again.code, 1)
        XCTAssertEqual(
            try testCaseLines(scratch.read("again.ndjson")),
            ["Features/a.feature:12", "Features/a.feature:24", "Features/b.feature:10"])
        XCTAssertTrue(again.out.contains("3 scenarios (3 failed)"), again.out)
        let streams = try shards(2)
        let merged = try specs(["report"] + streams + ["--format", "rerun:merged.txt"])
        XCTAssertEqual(merged.code, 1)
        XCTAssertEqual(try scratch.read("merged.txt"), try scratch.read("rerun.txt"))
    }

    func test_rerun_emptyFile_runsNothingAndSaysSo() throws {
        try scratch.write("rerun.txt", "")
        let run = try specs(["@rerun.txt"])
        XCTAssertEqual(run.code, 0)
        XCTAssertEqual(
            run.out,
            "rerun.txt lists no scenario (the run that wrote it had no failure): nothing to run\n"
                + "PASSED: 0 scenarios passed\n")
    }

    func test_fileLine_onAStepOrATableRowOrAnExamplesHeader_selectsWhatItIsIn() throws {
        let cases: [(String, [String])] = [
            // The step of s1, a step's table row, the examples' header, an example row.
            ("Features/a.feature:7", ["Features/a.feature:6"]),
            ("Features/b.feature:5", ["Features/b.feature:10", "Features/b.feature:9"]),
            ("Features/b.feature:8", ["Features/b.feature:10", "Features/b.feature:9"]),
            ("Features/b.feature:10", ["Features/b.feature:10"]),
        ]
        for (place, expected) in cases {
            let run = try specs([place, "--dry-run", "--format", "message:line.ndjson"])
            XCTAssertEqual(run.code, 0, "\(place): \(run.err)")
            XCTAssertEqual(try testCaseLines(scratch.read("line.ndjson")), expected, place)
        }
    }

    func test_shardDurations_fromAStreamOrAHistory_putEveryScenarioInOneShard_andNeedAShard() throws {
        try specs([
            "--format", "summary", "--format", "message:whole.ndjson", "--format", "html:r.html", "--history",
            "history",
        ])
        for source in ["whole.ndjson", "history"] {
            var seen: [String] = []
            for index in 1...3 {
                let run = try specs([
                    "--shard", "\(index)/3", "--shard-durations", source, "--dry-run", "--format", "message:d.ndjson",
                ])
                XCTAssertEqual(run.code, 0, run.err)
                seen += try testCaseLines(scratch.read("d.ndjson"))
            }
            XCTAssertEqual(seen.count, 12, source)
            XCTAssertEqual(Set(seen).count, 12, "every scenario in exactly one shard, by \(source)")
        }
        let alone = try specs(["--shard-durations", "whole.ndjson"])
        XCTAssertEqual(alone.code, 2)
        XCTAssertTrue(alone.err.contains("--shard-durations balances --shard"), alone.err)
    }

    func test_profile_setsTagsAndFormats_andTheCommandLineOverridesThem() throws {
        try scratch.write(
            "Features/c.feature", "Feature: C\n  @wip\n  Scenario: unfinished\n    Given a step that fails\n")
        try scratch.write(
            "specs.json",
            """
            { "default": { "tags": "not @wip", "paths": ["Features/c.feature", "Features/b.feature"] },
              "profiles": { "ci": { "format": ["summary", "junit:reports/junit.xml"], "retry": 1 } } }
            """)
        let plain = try specs(["--format", "summary"])
        XCTAssertTrue(plain.out.contains("2 scenarios (1 failed, 1 passed)"), plain.out)
        let ci = try specs(["--profile", "ci"])
        XCTAssertTrue(ci.out.contains("2 scenarios (1 failed, 1 passed)"), ci.out)
        XCTAssertTrue(try scratch.read("reports/junit.xml").contains("tests=\"2\""))
        let overridden = try specs(["--profile", "ci", "--tags", "@wip", "--format", "summary"])
        XCTAssertTrue(overridden.out.contains("1 scenario (1 failed)"), overridden.out)
        let paths = try specs(["Features/a.feature", "--format", "summary"])
        XCTAssertTrue(paths.out.contains("10 scenarios (2 failed, 8 passed)"), paths.out)
    }

    func test_profile_unknownProfileOrOption_isAnErrorNamingTheNearest() throws {
        try scratch.write("specs.json", #"{ "default": { "tagz": "not @wip" }, "profiles": { "ci": {} } }"#)
        let option = try specs([])
        XCTAssertEqual(option.code, 2)
        XCTAssertEqual(option.err, "specs.json:1:16: error: unknown option 'tagz'. Did you mean 'tags'?\n")
        try scratch.write("specs.json", #"{ "profiles": { "ci": {} } }"#)
        let profile = try specs(["--profile", "cj"])
        XCTAssertEqual(profile.code, 2)
        XCTAssertEqual(profile.err, "specs.json: error: unknown profile 'cj'. Did you mean 'ci'? (profiles: ci)\n")
    }

    func test_lint_readsItsSettingsFromSpecsJSON() throws {
        try scratch.write(
            "Features/long.feature", "Feature: L\n  Scenario: S\n" + String(repeating: "    Given a\n", count: 3))
        try scratch.write("specs.json", #"{ "lint": { "rules": { "scenario-size": { "max": 2 } } } }"#)
        let lint = try ExecutableRun.run("specs", ["lint", "Features/long.feature"], in: scratch.root)
        XCTAssertTrue(lint.out.contains("3 steps, more than 2 [scenario-size]"), lint.out)
    }
}
