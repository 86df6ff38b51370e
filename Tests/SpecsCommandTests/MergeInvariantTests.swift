import Foundation
import XCTest

/// The merge invariant, replayed through the real executables: `specs report` exits 0 only
/// when every scenario of the suite ran exactly once, finished and passed, and every stream
/// ended; anything else fails and says what, and the book, JUnit and the rerun file agree.
final class MergeInvariantTests: XCTestCase {
    private var scratch: ScratchProject!
    private var project: URL { scratch.root }

    override func setUpWithError() throws {
        scratch = try ScratchProject("specs-merge")
        for file in 1...2 {
            try scratch.write(
                "Features/f\(file).feature",
                "Feature: F\(file)\n"
                    + (1...3).map { "\n  Scenario: s\(file)-\($0)\n    Given a step that passes\n" }.joined())
        }
    }

    override func tearDown() { scratch.remove() }

    private func run(_ arguments: [String], environment: [String: String] = [:]) throws -> ExecutableRun {
        try ExecutableRun.run("misbehaving-specs", arguments, in: project, environment: environment)
    }

    private func report(_ arguments: [String]) throws -> ExecutableRun {
        try ExecutableRun.run("specs", ["report"] + arguments, in: project, timeout: 60)
    }

    private func shard(_ index: Int, of count: Int = 2, _ extra: [String] = []) throws -> ExecutableRun {
        try run(["--shard", "\(index)/\(count)", "--format", "message:s\(index).ndjson"] + extra)
    }

    /// The stream at `path`, each line changed by `change` (nil drops it).
    private func edit(_ path: String, to target: String? = nil, _ change: (String) -> String?) throws {
        let lines = try scratch.read(path).split(separator: "\n").map(String.init)
        try scratch.write(target ?? path, lines.compactMap(change).joined(separator: "\n") + "\n")
    }

    private func assertFails(
        _ result: ExecutableRun, saying words: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        XCTAssertEqual(result.code, 1, result.out + result.err, file: file, line: line)
        XCTAssertFalse(result.out.contains("PASSED"), result.out, file: file, line: line)
        XCTAssertTrue((result.out + result.err).contains(words), result.out + result.err, file: file, line: line)
    }

    /// The stream a merge wrote stands for every shard it merged: reported again (the book
    /// rebuilt from a kept artifact) it passes; beside one of its shards, that shard is twice.
    func test_report_ofAMergesOwnStream_passesAndAShardBesideItIsGivenTwice() throws {
        XCTAssertEqual(try shard(1).code, 0)
        XCTAssertEqual(try shard(2).code, 0)
        XCTAssertEqual(try report(["s1.ndjson", "s2.ndjson", "--format", "message:merged.ndjson"]).code, 0)
        let again = try report(["merged.ndjson", "--format", "summary", "--format", "html:book.html"])
        XCTAssertEqual(again.code, 0, again.out + again.err)
        XCTAssertTrue(again.out.hasSuffix("PASSED: 6 scenarios passed\n"), again.out)
        assertFails(try report(["merged.ndjson", "s1.ndjson"]), saying: "shard 1 of 2 is given more than once")
    }

    /// A merge of some shards, merged again with the rest (each stage keeps its stream): the
    /// first merge failed for the shards it lacked, which the second has; a shard whose own
    /// run failed (beyond its scenarios) still fails the second merge, named.
    func test_report_mergeOfSomeShardsWithTheRest_isJudgedByEachShardsOwnRun() throws {
        for index in 1...3 { XCTAssertEqual(try shard(index, of: 3).code, 0) }
        assertFails(
            try report(["s1.ndjson", "s2.ndjson", "--format", "message:m12.ndjson"]), saying: "shard 3 of 3 is missing")
        let whole = try report(["m12.ndjson", "s3.ndjson", "--format", "summary"])
        XCTAssertEqual(whole.code, 0, whole.out + whole.err)
        XCTAssertTrue(whole.out.hasSuffix("PASSED: 6 scenarios passed\n"), whole.out)
        // Each shard's own time stands beside the span, those of the first merge's shards too.
        XCTAssertNotNil(
            whole.out.range(
                of: #"\(shards: 1/3 [0-9.ms]+, 2/3 [0-9.ms]+, 3/3 [0-9.ms]+\)"#, options: .regularExpression),
            whole.out)
        // Shard 2's run said it did not pass (a run hook failed, say): kept through the first merge.
        try edit("s2.ndjson", to: "s2-failed.ndjson") { line in
            line.hasPrefix("{\"testRunFinished\"")
                ? line.replacingOccurrences(of: "\"success\":true", with: "\"success\":false") : line
        }
        assertFails(
            try report(["s1.ndjson", "s2-failed.ndjson", "--format", "message:m12-failed.ndjson"]),
            saying: "shard 3 of 3 is missing")
        assertFails(
            try report(["m12-failed.ndjson", "s3.ndjson", "--format", "summary"]),
            saying: "m12-failed.ndjson (shard 2): its run says it did not pass")
        // A report of one shard, merged with the others, likewise.
        _ = try report(["s1.ndjson", "--format", "message:r1.ndjson"])
        XCTAssertEqual(try report(["r1.ndjson", "s2.ndjson", "s3.ndjson"]).code, 0)
    }

    /// A shard runs a share of the suite: unused definitions are judged by the merge, which
    /// holds the whole suite, as the unsharded run judges them.
    func test_failOnUnused_withShards_isJudgedByTheMergeAsByTheWholeRun() throws {
        try scratch.write("Features/f2.feature", "Feature: F2\n\n  Scenario: t\n    Given a step that records \"x\"\n")
        let whole = try run(["--fail-on-unused", "--format", "summary"])
        XCTAssertEqual(whole.code, 1, whole.out + whole.err)
        let count = try XCTUnwrap(whole.out.firstMatch(of: #/(\d+) step definitions match no step/#)?.output.1)
        for index in 1...2 {
            let shard = try shard(index, of: 2, ["--fail-on-unused"])
            XCTAssertEqual(shard.code, 0, shard.out + shard.err)
            XCTAssertTrue(shard.err.contains("judged where the suite is whole"), shard.err)
        }
        let merged = try report(["s1.ndjson", "s2.ndjson", "--fail-on-unused", "--format", "summary"])
        assertFails(merged, saying: "\(count) step definitions match no step")
        // The shards' streams ask the merge to judge them: specs.json's gate is not lost.
        assertFails(try report(["s1.ndjson", "s2.ndjson"]), saying: "\(count) step definitions match no step")
        try scratch.write("specs.json", #"{ "default": { "fail-on-unused": true } }"#)
        for index in 1...2 { XCTAssertEqual(try shard(index, of: 2).code, 0) }
        assertFails(try report(["s1.ndjson", "s2.ndjson"]), saying: "\(count) step definitions match no step")
    }

    /// A selection runs a share of the suite too: the unused definitions it finds are those of
    /// its scenarios, and the run says so.
    func test_failOnUnused_withATagSelection_saysTheDefinitionsAreJudgedByTheSelectedScenarios() throws {
        try scratch.write(
            "Features/f2.feature", "Feature: F2\n\n  @smoke\n  Scenario: t\n    Given a step that passes\n")
        let selected = try run(["--fail-on-unused", "--tags", "@smoke", "--format", "summary"])
        assertFails(selected, saying: "step definitions match no step")
        XCTAssertTrue(
            selected.err.contains(
                "note: --fail-on-unused judges the scenarios --tags '@smoke' selects: a step definition only the "
                    + "scenarios it leaves out use is unused in this run"), selected.err)
        let whole = try run(["--fail-on-unused", "--format", "summary"])
        XCTAssertFalse(whole.err.contains("note: --fail-on-unused judges"), whole.err)
    }

    /// `./Features` and `Features` name the same files: shards named either way merge.
    func test_report_shardsNamingTheFolderWithAndWithoutDotSlash_merge() throws {
        XCTAssertEqual(try run(["./Features", "--shard", "1/2", "--format", "message:s1.ndjson"]).code, 0)
        XCTAssertEqual(try run([".//Features/", "--shard", "2/2", "--format", "message:s2.ndjson"]).code, 0)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary"])
        XCTAssertEqual(merged.code, 0, merged.out + merged.err)
        XCTAssertTrue(merged.out.hasSuffix("PASSED: 6 scenarios passed\n"), merged.out)
    }

    func test_report_streamHoldingTwoRunsAppended_failsNamingIt() throws {
        try scratch.write("Features/f1.feature", "Feature: F1\n\n  Scenario: s\n    Given a step that fails\n")
        try scratch.write("Features/f2.feature", "Feature: F2\n")
        XCTAssertEqual(try run(["--format", "message:first.ndjson"]).code, 1)
        try scratch.write("Features/f1.feature", "Feature: F1\n\n  Scenario: s\n    Given a step that passes\n")
        XCTAssertEqual(try run(["--format", "message:second.ndjson"]).code, 0)
        try scratch.write("run.ndjson", try scratch.read("first.ndjson") + scratch.read("second.ndjson"))
        let merged = try report(["run.ndjson", "--format", "summary", "--format", "html:book.html"])
        assertFails(merged, saying: "run.ndjson holds 2 runs, one after another")
        XCTAssertTrue(try scratch.read("book.html").contains("class=\"verdict bad\""))
    }

    func test_report_shardsOfTwoVersionsOfAFeatureFile_failNamingTheFile() throws {
        XCTAssertEqual(try shard(1).code, 0)
        try scratch.write(
            "Features/f1.feature",
            "Feature: F1\n" + (1...3).map { "\n  Scenario: s1-\($0)\n    Given a step that fails\n" }.joined())
        XCTAssertEqual(try shard(2).code, 1)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary", "--format", "rerun:r.txt"])
        assertFails(merged, saying: "the streams ran different versions of a feature file: Features/f1.feature")
        XCTAssertNotEqual(try scratch.read("r.txt"), "")
    }

    func test_report_wholeShards_passes() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index).code, 0) }
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "junit:j.xml", "--format", "rerun:r.txt"])
        XCTAssertEqual(merged.code, 0, merged.out + merged.err)
        XCTAssertTrue(merged.out.contains("6 scenarios (6 passed)"), merged.out)
        XCTAssertTrue(try scratch.read("j.xml").contains("tests=\"6\" failures=\"0\" skipped=\"0\" errors=\"0\""))
        XCTAssertEqual(try scratch.read("r.txt"), "")
    }

    /// A run's stream whose scenarios took the given milliseconds, by `path:line` (1 ms for
    /// the others): its test cases' finishing times rewritten, so that a plan made from it
    /// does not depend on how busy the machine was.
    private func durations(_ target: String, _ milliseconds: [String: Int]) throws {
        XCTAssertEqual(try run(["--format", "message:\(target)"]).code, 0)
        var places: [String: String] = [:]
        var testCases: [String: String] = [:]
        var started: [String: (testCase: String, timestamp: [String: Any])] = [:]
        try edit(target) { line in
            guard let data = line.data(using: .utf8),
                var envelope = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
            else { return line }
            if let pickle = envelope["pickle"] as? [String: Any], let id = pickle["id"] as? String,
                let uri = pickle["uri"] as? String, let nodes = pickle["astNodeIds"] as? [String]
            {
                places[id] = uri + "#" + (nodes.last ?? "")
            }
            if let testCase = envelope["testCase"] as? [String: Any], let id = testCase["id"] as? String {
                testCases[id] = testCase["pickleId"] as? String
            }
            if let start = envelope["testCaseStarted"] as? [String: Any], let id = start["id"] as? String,
                let testCase = start["testCaseId"] as? String, let timestamp = start["timestamp"] as? [String: Any]
            {
                started[id] = (testCase, timestamp)
            }
            guard var finish = envelope["testCaseFinished"] as? [String: Any],
                let attempt = (finish["testCaseStartedId"] as? String).flatMap({ started[$0] }),
                let pickle = testCases[attempt.testCase], let place = places[pickle],
                let seconds = attempt.timestamp["seconds"] as? Int, let nanos = attempt.timestamp["nanos"] as? Int
            else { return line }
            let took = milliseconds.first { place.hasSuffix($0.key) }?.value ?? 1
            let end = seconds * 1_000_000_000 + nanos + took * 1_000_000
            finish["timestamp"] = ["seconds": end / 1_000_000_000, "nanos": end % 1_000_000_000]
            envelope["testCaseFinished"] = finish
            let rewritten = try? JSONSerialization.data(withJSONObject: envelope, options: [.sortedKeys])
            return rewritten.map { String(decoding: $0, as: UTF8.self) } ?? line
        }
    }

    /// The node ids of F1's scenarios, in order: what `durations` keys them by.
    private func firstFeatureScenarioNodes(in stream: String) throws -> [String] {
        try scratch.read(stream).split(separator: "\n").compactMap { line -> String? in
            guard let data = line.data(using: .utf8),
                let envelope = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
                let pickle = envelope["pickle"] as? [String: Any], pickle["uri"] as? String == "Features/f1.feature",
                let nodes = pickle["astNodeIds"] as? [String]
            else { return nil }
            return nodes.last
        }
    }

    /// F1's scenarios took 300, 200 and 10 ms, F2's 1 ms each.
    private func unevenDurations(_ target: String) throws {
        XCTAssertEqual(try run(["--format", "message:probe.ndjson"]).code, 0)
        let nodes = try firstFeatureScenarioNodes(in: "probe.ndjson")
        XCTAssertEqual(nodes.count, 3)
        try durations(target, Dictionary(uniqueKeysWithValues: zip(nodes.map { "#" + $0 }, [300, 200, 10])))
    }

    func test_report_shardsPlannedFromOtherDurations_failsNamingThePlansAndTheScenarios() throws {
        try unevenDurations("full.ndjson")
        XCTAssertEqual(try shard(1, of: 2, ["--shard-durations", "full.ndjson"]).code, 0)
        XCTAssertEqual(try shard(2).code, 0)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary", "--format", "junit:j.xml"])
        assertFails(merged, saying: "the shards were planned from different inputs")
        XCTAssertTrue(merged.out.contains("s1.ndjson from durations "), merged.out)
        XCTAssertTrue(merged.out.contains("s2.ndjson from an even split"), merged.out)
        XCTAssertTrue(
            merged.out.contains(
                "2 of the suite's 6 scenarios ran in no shard: Features/f1.feature:9 and Features/f2.feature:6"),
            merged.out)
        XCTAssertTrue(merged.out.contains("6 scenarios (4 passed, 2 not run)"), merged.out)
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"6\" failures=\"2\""), junit)
    }

    func test_report_shardsPlannedFromTwoRunsDurations_failsNamingBothDigests() throws {
        try unevenDurations("older.ndjson")
        // The newer run's scenarios all took as long: an even share of three each.
        try durations("newer.ndjson", [:])
        XCTAssertEqual(try shard(1, of: 2, ["--shard-durations", "newer.ndjson"]).code, 0)
        XCTAssertEqual(try shard(2, of: 2, ["--shard-durations", "older.ndjson"]).code, 0)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary"])
        assertFails(merged, saying: "the shards were planned from different inputs")
        XCTAssertEqual(merged.out.components(separatedBy: ".ndjson from durations ").count - 1, 2, merged.out)
        XCTAssertTrue(merged.out.contains("ran in more than one stream (counted once)"), merged.out)
        XCTAssertTrue(merged.out.contains("6 scenarios ("), merged.out)
    }

    func test_report_shardGivenTwice_countsNoScenarioTwice() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index).code, 0) }
        let merged = try report(["s1.ndjson", "s1.ndjson", "s2.ndjson", "--format", "junit:j.xml"])
        assertFails(merged, saying: "shard 1 of 2 is given more than once")
        XCTAssertTrue(merged.out.contains("3 scenarios ran in more than one stream (counted once)"), merged.out)
        XCTAssertTrue(merged.out.contains("6 scenarios (6 passed)"), merged.out)
        XCTAssertTrue(try scratch.read("j.xml").contains("tests=\"7\" failures=\"1\" skipped=\"0\" errors=\"0\""))
    }

    func test_report_missingShard_failsAndTheRerunFileNamesItsScenarios() throws {
        XCTAssertEqual(try shard(1).code, 0)
        let merged = try report([
            "s1.ndjson", "--format", "summary", "--format", "rerun:r.txt", "--format", "junit:j.xml",
            "--format", "html:book.html",
        ])
        assertFails(merged, saying: "shard 2 of 2 is missing: 3 of the suite's 6 scenarios are in no stream")
        XCTAssertTrue(merged.out.contains("6 scenarios (3 passed, 3 not run)"), merged.out)
        let book = try scratch.read("book.html")
        XCTAssertTrue(book.contains("<dt>Scenarios</dt><dd>6</dd>"), book)
        XCTAssertTrue(
            book.contains("class=\"verdict bad\" role=\"status\">Not ready: the streams are not one whole run"), book)
        let rerun = try scratch.read("r.txt")
        XCTAssertEqual(rerun.split(separator: "\n").flatMap { $0.split(separator: ":").dropFirst() }.count, 3, rerun)
        // The missing shard's scenarios are failures of their own names: the suite, counted once.
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"6\" failures=\"3\""), junit)
        let again = try run(["@r.txt", "--dry-run"])
        XCTAssertTrue(again.out.contains("dry run of 3 scenarios"), again.out)
    }

    func test_report_missingShardThatHeldNoScenario_failsSayingItHeldNone() throws {
        for index in 1...7 { XCTAssertEqual(try shard(index, of: 8).code, 0) }
        let merged = try report((1...7).map { "s\($0).ndjson" })
        assertFails(
            merged,
            saying: "shard 8 of 8 is missing: it held none of the suite's 6 scenarios, but every shard's stream is "
                + "part of the run")
        XCTAssertFalse(merged.out.contains("0 of the suite's"), merged.out)
        XCTAssertTrue(merged.out.contains("6 scenarios (6 passed)"), merged.out)
    }

    func test_report_lastShardsStreamCutOff_failsSayingItIsCutOffNotMissing() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index).code, 0) }
        var cut = false
        try edit("s2.ndjson", to: "s2cut.ndjson") { line in
            cut = cut || line.hasPrefix("{\"testStepFinished\"")
            return cut ? nil : line
        }
        let merged = try report(["s1.ndjson", "s2cut.ndjson"])
        assertFails(
            merged,
            saying: "shard 2 of 2 has no finished stream (s2cut.ndjson is cut off before telling which shard it ran)")
        XCTAssertTrue(merged.out.contains("s2cut.ndjson ends before its run finished"), merged.out)
        XCTAssertFalse(merged.out.contains("missing"), merged.out)
        XCTAssertFalse(merged.out.contains("in no stream"), merged.out)
    }

    func test_report_streamCutAfterItsFirstScenario_rerunFileIsRefusedAsTheSuiteMustRunAgain() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        // Cut after the first test case: the scenarios planned after the cut are in no stream.
        var cut = false
        try edit("m.ndjson", to: "cut.ndjson") { line in
            defer { cut = cut || line.hasPrefix("{\"testCaseFinished\"") }
            return cut ? nil : line
        }
        let merged = try report(["cut.ndjson", "--format", "rerun:r.txt"])
        assertFails(merged, saying: "the run is incomplete: its stream ends before the run finished")
        let rerun = try scratch.read("r.txt")
        XCTAssertTrue(rerun.contains("\n# FAILED: "), rerun)
        let again = try run(["@r.txt"])
        XCTAssertEqual(again.code, 1, again.out + again.err)
        XCTAssertFalse(again.out.contains("PASSED"), again.out)
    }

    func test_report_shardWhoseDefinitionsDidNotRegister_fails() throws {
        XCTAssertEqual(try shard(1).code, 0)
        let broken = try run(
            ["--shard", "2/2", "--format", "message:s2.ndjson"], environment: ["SPECS_FIXTURE_BROKEN_DEFINITIONS": "1"])
        XCTAssertEqual(broken.code, 2)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "junit:j.xml", "--format", "html:book.html"])
        assertFails(merged, saying: "s2.ndjson: 4 step definitions, hooks or parameter types could not be registered")
        let junit = try scratch.read("j.xml")
        XCTAssertTrue(junit.contains("tests=\"7\" failures=\"4\" skipped=\"0\""), junit)
        let book = try scratch.read("book.html")
        XCTAssertFalse(book.contains("Ready:"))
        XCTAssertTrue(book.contains("class=\"verdict bad\""))
    }

    func test_report_streamWithoutItsLastLine_fails() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index).code, 0) }
        try edit("s2.ndjson") { $0.hasPrefix("{\"testRunFinished\"") ? nil : $0 }
        let merged = try report(["s1.ndjson", "s2.ndjson"])
        assertFails(merged, saying: "s2.ndjson ends before its run finished (no testRunFinished)")
    }

    func test_report_dryRunShards_fail() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index, of: 2, ["--dry-run"]).code, 0) }
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "rerun:r.txt"])
        assertFails(merged, saying: "s1.ndjson is a dry run (--dry-run)")
        XCTAssertEqual(try scratch.read("r.txt"), "Features/f1.feature:3:6:9\nFeatures/f2.feature:3:6:9\n")
    }

    func test_report_oneDryShardAmongWholeOnes_rerunFileNamesTheDryShardsScenarios() throws {
        XCTAssertEqual(try shard(1).code, 0)
        XCTAssertEqual(try shard(2, of: 2, ["--dry-run"]).code, 0)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "rerun:r.txt"])
        assertFails(merged, saying: "s2.ndjson is a dry run (--dry-run)")
        let rerun = try scratch.read("r.txt")
        let places = rerun.split(separator: "\n").flatMap { $0.split(separator: ":").dropFirst() }
        XCTAssertEqual(places.count, 3, rerun)
    }

    func test_report_streamWithoutRunMetadata_isAnErrorUnlessAllowed() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        try edit("m.ndjson", to: "old.ndjson") { $0.contains("application/vnd.specs.run+json") ? nil : $0 }
        assertFails(try report(["old.ndjson"]), saying: "old.ndjson carries no run metadata")
        let allowed = try report(["old.ndjson", "--allow-unchecked-streams"])
        XCTAssertEqual(allowed.code, 0, allowed.out + allowed.err)
        XCTAssertTrue(allowed.err.contains("reported unchecked (--allow-unchecked-streams)"), allowed.err)
    }

    func test_report_stepStartedAndNeverFinished_doesNotPass() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        var dropped = false
        try edit("m.ndjson", to: "edited.ndjson") { line in
            guard !dropped, line.hasPrefix("{\"testStepFinished\"") else { return line }
            dropped = true
            return nil
        }
        let result = try report(["edited.ndjson", "--format", "rerun:r.txt"])
        assertFails(result, saying: "never finished")
        let rerun = try scratch.read("r.txt")
        XCTAssertTrue(rerun.hasPrefix("Features/f1.feature:3"), rerun)
    }

    func test_report_runStoppedBySIGTERMBeforeAnythingFinished_failsAndItsRerunFileNamesEveryScenario() throws {
        try scratch.write(
            "Features/f1.feature", "Feature: F1\n\n  Scenario: slow\n    Given a step that sleeps for 30000 ms\n")
        let stopped = try ExecutableRun.run(
            "misbehaving-specs",
            ["--format", "pretty", "--format", "message:m.ndjson", "--format", "rerun:r.txt"], in: project,
            signal: SIGTERM, after: 2)
        XCTAssertEqual(stopped.code, 143, stopped.out + stopped.err)
        let rerun = try scratch.read("r.txt")
        XCTAssertTrue(rerun.contains("Features/f1.feature:3"), rerun)
        XCTAssertTrue(rerun.contains("Features/f2.feature:3:6:9"), rerun)
        let again = try run(["@r.txt", "--dry-run"])
        XCTAssertTrue(again.out.contains("dry run of 4 scenarios"), again.out)
        let reported = try report(["m.ndjson", "--format", "rerun:r2.txt"])
        assertFails(reported, saying: "m.ndjson: its run was stopped by SIGTERM before its end")
        XCTAssertEqual(try scratch.read("r2.txt"), rerun)
    }

    func test_run_durationsAllZero_spreadTheScenariosOverTheShards() throws {
        XCTAssertEqual(try run(["--format", "message:full.ndjson"]).code, 0)
        let zero = #""timestamp":{"nanos":0,"seconds":0}"#
        let pattern = try NSRegularExpression(pattern: #""timestamp":\{[^}]*\}"#)
        try edit("full.ndjson", to: "zero.ndjson") { line in
            guard line.hasPrefix("{\"testCaseStarted\"") || line.hasPrefix("{\"testCaseFinished\"") else { return line }
            return pattern.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line),
                withTemplate: NSRegularExpression.escapedTemplate(for: zero))
        }
        for index in 1...2 {
            let result = try shard(index, of: 2, ["--shard-durations", "zero.ndjson", "--format", "summary"])
            XCTAssertEqual(result.code, 0, result.out + result.err)
            XCTAssertTrue(result.out.contains("3 scenarios (3 passed)"), result.out)
        }
        let merged = try report(["s1.ndjson", "s2.ndjson"])
        XCTAssertEqual(merged.code, 0, merged.out + merged.err)
    }

    /// `--allow-unchecked-streams` merges shards of several commits with a warning, and the
    /// merged stream records none of them: a later merge without the flag refuses it.
    func test_report_shardsOfTwoCommitsMergedUnchecked_warnAndRecordNoCommit() throws {
        func ci(_ sha: String) -> [String: String] {
            [
                "GITHUB_ACTIONS": "true", "GITHUB_SHA": sha, "GITHUB_SERVER_URL": "https://github.com",
                "GITHUB_REPOSITORY": "acme/shop", "GITHUB_RUN_ID": "42",
            ]
        }
        for index in 1...3 {
            let result = try run(
                ["--shard", "\(index)/3", "--format", "message:c\(index).ndjson"], environment: ci("aaaa1111"))
            XCTAssertEqual(result.code, 0, result.out + result.err)
        }
        XCTAssertEqual(
            try run(["--shard", "3/3", "--format", "message:c3b.ndjson"], environment: ci("bbbb2222")).code, 0)
        assertFails(try report(["c1.ndjson", "c2.ndjson", "c3b.ndjson"]), saying: "run from different commits")
        let allowed = try report(["c1.ndjson", "c2.ndjson", "c3b.ndjson", "--allow-unchecked-streams"])
        XCTAssertEqual(allowed.code, 0, allowed.out + allowed.err)
        XCTAssertTrue(allowed.err.contains("merged anyway (--allow-unchecked-streams)"), allowed.err)
        _ = try report(["c1.ndjson", "c3b.ndjson", "--allow-unchecked-streams", "--format", "message:x13.ndjson"])
        XCTAssertFalse(try scratch.read("x13.ndjson").contains("aaaa1111"))
        XCTAssertFalse(try scratch.read("x13.ndjson").contains("bbbb2222"))
        assertFails(try report(["x13.ndjson", "c2.ndjson"]), saying: "carries no commit")
        // A merge's stream is named by every shard it stands for.
        _ = try report(["c1.ndjson", "c2.ndjson", "--format", "message:c12.ndjson"])
        assertFails(try report(["c12.ndjson", "c3b.ndjson"]), saying: "c12.ndjson (shards 1, 2 of 3)")
    }

    /// A shard's stream without run metadata (another tool's), taken with
    /// `--allow-unchecked-streams`, holds that shard's scenarios: the shard is not missing.
    func test_report_shardStreamWithoutMetadataAllowedUnchecked_passesWithAWarning() throws {
        for index in 1...3 { XCTAssertEqual(try shard(index, of: 3).code, 0) }
        try edit("s3.ndjson", to: "na3.ndjson") { $0.contains("vnd.specs.run") ? nil : $0 }
        let merged = try report(["s1.ndjson", "s2.ndjson", "na3.ndjson", "--allow-unchecked-streams"])
        XCTAssertEqual(merged.code, 0, merged.out + merged.err)
        XCTAssertTrue(merged.err.contains("shard 3 of 3 has no stream that says so"), merged.err)
        // Without it in the merge, shard 3 is missing.
        assertFails(
            try report(["s1.ndjson", "s2.ndjson", "--allow-unchecked-streams"]), saying: "shard 3 of 3 is missing")
    }

    /// A step told finished twice, failed and then passed (a stream edited by hand or written
    /// wrong), keeps its failure, whichever comes last.
    func test_report_stepFinishedTwiceFailedThenPassed_keepsTheFailure() throws {
        XCTAssertEqual(try shard(1).code, 0)
        XCTAssertEqual(try shard(2).code, 0)
        var doubled = false
        try edit("s2.ndjson", to: "s2-twice.ndjson") { line in
            guard !doubled, line.hasPrefix("{\"testStepFinished\""), line.contains("\"status\":\"PASSED\"") else {
                return line
            }
            doubled = true
            return line.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\"") + "\n" + line
        }
        XCTAssertTrue(doubled)
        assertFails(try report(["s1.ndjson", "s2-twice.ndjson"]), saying: "1 failed")
    }

    /// A durations stream cut off mid-line (a cache restored half way) is read up to the cut, saying so.
    func test_run_durationsCutOffMidLine_areReadWithAWarning() throws {
        XCTAssertEqual(try run(["--format", "message:full.ndjson"]).code, 0)
        let text = try scratch.read("full.ndjson")
        var cut = String(text.prefix(text.count * 2 / 3))
        if cut.hasSuffix("\n") { cut += "{\"testCase" }  // cut in the middle of a line, whatever the lengths
        try scratch.write("cut.ndjson", cut)
        let result = try shard(1, of: 2, ["--shard-durations", "cut.ndjson"])
        XCTAssertEqual(result.code, 0, result.out + result.err)
        XCTAssertTrue(
            result.err.contains("warning: --shard-durations cut.ndjson:")
                && result.err.contains("the stream is cut off in the middle of this line"), result.err)
    }

    /// A shard given twice, once failed and once passed (a retried CI job beside its first
    /// run), fails the merge and shows the failure whatever the order the streams are given in.
    func test_report_shardGivenTwiceFailedAndPassed_showsTheFailureInEitherOrder() throws {
        XCTAssertEqual(try shard(1).code, 0)
        XCTAssertEqual(try shard(2).code, 0)
        var failed = false
        try edit("s1.ndjson", to: "s1-failed.ndjson") { line in
            if line.hasPrefix("{\"testRunFinished\"") {
                return line.replacingOccurrences(of: "\"success\":true", with: "\"success\":false")
            }
            guard !failed, line.hasPrefix("{\"testStepFinished\""), line.contains("\"status\":\"PASSED\"") else {
                return line
            }
            failed = true
            return line.replacingOccurrences(of: "\"status\":\"PASSED\"", with: "\"status\":\"FAILED\"")
        }
        for streams in [["s1.ndjson", "s1-failed.ndjson"], ["s1-failed.ndjson", "s1.ndjson"]] {
            let merged = try report(streams + ["s2.ndjson", "--format", "summary"])
            assertFails(merged, saying: "shard 1 of 2 is given more than once")
            XCTAssertTrue(merged.out.contains("1 failed"), "\(streams): " + merged.out)
        }
    }

    /// A dry run ran nothing: its stream's times are no scenario's, and do not plan shards.
    func test_run_durationsOfADryRun_areAUsageError() throws {
        XCTAssertEqual(try run(["--dry-run", "--format", "message:dry.ndjson"]).code, 0)
        let result = try shard(1, of: 2, ["--shard-durations", "dry.ndjson"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        XCTAssertTrue(
            result.err.contains("--shard-durations dry.ndjson is the stream of a dry run (--dry-run)"), result.err)
    }

    func test_report_metadataOfAlmostEveryShard_failsAtOnce() throws {
        XCTAssertEqual(try shard(1).code, 0)
        try edit("s1.ndjson", to: "huge.ndjson") {
            $0.replacing(#"\"shards\":2,"#, with: #"\"shards\":9223372036854775807,"#)
        }
        let started = Date()
        let merged = try report(["huge.ndjson"])
        assertFails(
            merged, saying: "shards 2, 3, 4, 5, 6 and 9223372036854775801 more of 9223372036854775807 are missing")
        XCTAssertLessThan(Date().timeIntervalSince(started), 30)
    }

    func test_report_timesNear2Pow63_doNotCrash() throws {
        XCTAssertEqual(try run(["--format", "message:m.ndjson"]).code, 0)
        let pattern = try NSRegularExpression(pattern: #""seconds":[0-9]+"#)
        for (name, seconds) in [("far", "9223372036854775807"), ("before", "-9223372036854775807")] {
            try edit("m.ndjson", to: "\(name).ndjson") { line in
                pattern.stringByReplacingMatches(
                    in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "\"seconds\":\(seconds)")
            }
            let reported = try report([
                "\(name).ndjson", "--format", "summary", "--format", "junit:j.xml", "--format", "html:book.html",
                "--format", "usage:usage.txt", "--format", "json:c.json",
            ])
            XCTAssertFalse(reported.signaled, reported.err)
            XCTAssertEqual(reported.code, 0, reported.out + reported.err)
            let sharded = try shard(1, of: 2, ["--shard-durations", "\(name).ndjson"])
            XCTAssertFalse(sharded.signaled, sharded.err)
            XCTAssertEqual(sharded.code, 0, sharded.out + sharded.err)
        }
    }

    func test_run_moreShardsThanScenarios_anEmptyShardPassesSayingWhyAndTheMergeIsWhole() throws {
        let empty = try shard(8, of: 8, ["--format", "summary"])
        XCTAssertEqual(empty.code, 0, empty.out + empty.err)
        XCTAssertTrue(
            empty.err.contains("warning: shard 8/8 holds none of the suite's 6 selected scenarios"), empty.err)
        XCTAssertFalse(empty.out.contains("matches none"), empty.out)
        for index in 1...7 { XCTAssertEqual(try shard(index, of: 8).code, 0) }
        let merged = try report((1...8).map { "s\($0).ndjson" })
        XCTAssertEqual(merged.code, 0, merged.out + merged.err)
        XCTAssertTrue(merged.out.hasSuffix("PASSED: 6 scenarios passed\n"), merged.out)
    }

    func test_report_shardMissing_cucumberJSONCarriesTheRunsFailure() throws {
        for index in 1...2 { XCTAssertEqual(try shard(index, of: 3).code, 0) }
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "json:c.json", "--format", "junit:j.xml"])
        assertFails(merged, saying: "shard 3 of 3 is missing")
        let json = try scratch.read("c.json")
        XCTAssertTrue(json.contains("\"status\" : \"failed\""), json)
        XCTAssertTrue(json.contains("the streams are not one whole run: shard 3 of 3 is missing"), json)
    }

    func test_run_unparsableFile_cucumberJSONShowsItFailed() throws {
        try scratch.write(
            "Features/broken.feature", "Feature: B\n  Scenario: b\n    Given a step that passes\n  oops\n")
        let result = try run(["--format", "json:c.json"])
        XCTAssertEqual(result.code, 2, result.out + result.err)
        let json = try scratch.read("c.json")
        XCTAssertTrue(json.contains("\"name\" : \"Features/broken.feature:4\""), json)
        XCTAssertTrue(json.contains("the feature file does not parse: Features/broken.feature:4"), json)
    }

    func test_report_oneShardWithACommitAndOneWithout_failsNamingTheShardWithout() throws {
        let ci = ["GITHUB_ACTIONS": "true", "GITHUB_SHA": "abc123", "GITHUB_REPOSITORY": "team/app"]
        XCTAssertEqual(try run(["--shard", "1/2", "--format", "message:s1.ndjson"], environment: ci).code, 0)
        XCTAssertEqual(
            try run(["--shard", "2/2", "--format", "message:s2.ndjson"], environment: ["GITHUB_ACTIONS": "false"]).code,
            0)
        let merged = try report(["s1.ndjson", "s2.ndjson", "--format", "summary"])
        assertFails(merged, saying: "s2.ndjson (shard 2 of 2) carries no commit (run outside CI?) while the others")
        XCTAssertTrue(merged.out.contains("were run from abc123"), merged.out)
    }
}
